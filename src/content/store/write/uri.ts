/** Craft's homepage URI: stored as is, clients query `entry(uri: "__home__")`. */
export const HOMEPAGE_URI = '__home__';

export interface UriValues {
  readonly id: number;
  readonly uid: string;
  readonly slug: string | null;
  /** The parent's URI in the same site; null at the top of a structure or without a URI. */
  readonly parentUri: string | null;
  readonly parentSlug: string | null;
}

const TOKEN = /\{\s*([a-zA-Z.]+)\s*\}/g;
export const URI_TOKENS = ['slug', 'id', 'uid', 'parent.uri', 'parent.slug'] as const;

/** Tokens of a URI format this writer cannot render, e.g. `{postDate}`. */
export function unsupportedUriTokens(format: string): string[] {
  return [...format.matchAll(TOKEN)]
    .map((match) => match[1])
    .filter((token) => !(URI_TOKENS as readonly string[]).includes(token));
}

/**
 * An element's URI from its section's (or category group's) URI format: `{slug}`, `{id}`,
 * `{uid}`, `{parent.uri}`, `{parent.slug}`; empty segments collapse, so `{parent.uri}/{slug}`
 * at the top of a structure is just the slug. `prefixParent` (entries of structure sections
 * whose format does not mention the parent) puts the parent's URI in front, so the format
 * `{slug}` gives `about-us/team` for a nested page. Null: no format, or a token has no value.
 */
export function renderUri(format: string, values: UriValues, prefixParent: boolean): string | null {
  if (format.trim() === '') return null;
  if (format.trim() === HOMEPAGE_URI) return HOMEPAGE_URI;
  let missing = false;
  const rendered = format.replace(TOKEN, (_whole, token: string) => {
    const value = tokenValue(token, values);
    if (value === null && token !== 'parent.uri' && token !== 'parent.slug') missing = true;
    return value ?? '';
  });
  if (missing) return null;
  const mentionsParent = /\{\s*parent\./.test(format);
  const full =
    prefixParent && !mentionsParent && values.parentUri !== null
      ? `${values.parentUri}/${rendered}`
      : rendered;
  const uri = full.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  return uri === '' ? null : uri;
}

function tokenValue(token: string, values: UriValues): string | null {
  switch (token) {
    case 'slug':
      return values.slug;
    case 'id':
      return String(values.id);
    case 'uid':
      return values.uid;
    case 'parent.uri':
      return values.parentUri === HOMEPAGE_URI ? '' : values.parentUri;
    case 'parent.slug':
      return values.parentSlug;
    default:
      throw new Error(`unsupported URI token {${token}}`);
  }
}

/** Whether a format depends on the slug (a taken URI is then made unique by suffixing the slug). */
export function usesSlug(format: string): boolean {
  return /\{\s*slug\s*\}/.test(format);
}
