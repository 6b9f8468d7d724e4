import type { ElementReference, ReferenceResolver } from './directive-functions';

/**
 * Craft's reference tag: `{type:identifier@site:property || fallback}`; the type is a ref handle
 * or an element class name (`craft\elements\Entry`).
 */
const REF_TAG = /\{([\w\\]+):([^@:}|]+)(?:@([^:}|]+))?(?::([^}| ]+))?(?: *\|\| *([^}]+))?\}/g;

/** Ref handles of the element types we have (Craft matches them case-insensitively). */
const REF_HANDLES = new Set(['entry', 'asset', 'category', 'tag', 'user', 'globalset']);

/** Property values are parsed again (Craft does so without a limit); this stops self-references. */
const MAX_DEPTH = 3;

type Piece = string | { readonly ref: ElementReference; readonly fallback: string };

/**
 * @parseRefs: replaces each reference tag with the referenced element's property (its URL when no
 * property is named), looking all of a value's tags up with one resolver call. A tag whose element
 * does not resolve becomes its fallback (`|| text`), else stays as written, as do tags of unknown
 * element types. `\{` before a tag keeps the tag as literal text (the backslash is dropped).
 */
export async function parseRefs(text: string, resolver: ReferenceResolver): Promise<string> {
  return parseAtDepth(text, resolver, 0);
}

async function parseAtDepth(
  text: string,
  resolver: ReferenceResolver,
  depth: number,
): Promise<string> {
  if (!text.includes('{')) return text;
  const pieces = split(text);
  const refs = pieces.filter((p): p is Exclude<Piece, string> => typeof p !== 'string');
  if (refs.length === 0) {
    return pieces.map((p) => (typeof p === 'string' ? p : p.fallback)).join('');
  }

  const unique = new Map<string, ElementReference>();
  for (const { ref } of refs) unique.set(refKey(ref), ref);
  const lookups = [...unique.values()];
  const values = await resolver(lookups);
  const resolved = new Map<string, string | null>();
  lookups.forEach((ref, index) => resolved.set(refKey(ref), values[index] ?? null));

  const parts = await Promise.all(
    pieces.map(async (piece) => {
      if (typeof piece === 'string') return piece;
      const value = resolved.get(refKey(piece.ref)) ?? null;
      if (value === null) return piece.fallback;
      return depth + 1 < MAX_DEPTH ? parseAtDepth(value, resolver, depth + 1) : value;
    }),
  );
  return parts.join('');
}

/** The text cut into literal pieces and the tags to resolve. */
function split(text: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(REF_TAG)) {
    const start = match.index;
    const [full, type, identifier, site, property, fallback] = match;
    if (start > 0 && text[start - 1] === '\\') {
      pieces.push(text.slice(last, start - 1), full);
    } else {
      const kind = refHandle(type);
      pieces.push(text.slice(last, start));
      if (kind === null) pieces.push(fallback ?? full);
      else {
        pieces.push({
          ref: { kind, identifier, site: site ?? null, property: property ?? null },
          fallback: fallback ?? full,
        });
      }
    }
    last = start + full.length;
  }
  pieces.push(text.slice(last));
  return pieces;
}

/** `entry`, `Entry`, `craft\elements\Entry` → `entry`; null for types we do not have. */
function refHandle(type: string): string | null {
  const className = /^craft\\elements\\(\w+)$/i.exec(type);
  if (type.includes('\\') && className === null) return null;
  const handle = (className === null ? type : className[1]).toLowerCase();
  return REF_HANDLES.has(handle) ? handle : null;
}

function refKey(ref: ElementReference): string {
  return JSON.stringify([ref.kind, ref.identifier, ref.site, ref.property]);
}
