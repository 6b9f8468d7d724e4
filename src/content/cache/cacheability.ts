/** A `mutation` keyword anywhere (as a whole name): the document may change content. */
const MUTATION = /(^|[^_0-9A-Za-z])mutation($|[^_0-9A-Za-z])/;
/** A `now` word: a date argument relative to the current time (param-dates.ts). */
const NOW = /\bnow\b/i;
/** Longer variables (JSON characters) make no cache key: sorting and hashing them costs much. */
const MAX_KEYED_VARIABLES_LENGTH = 64 * 1024;

/**
 * Whether a result may be cached (docs/content-limits-cache.md#result-caching-spec-63). Not: any
 * document naming `mutation` (Craft tests the text prefix; a whole-word test also catches a
 * mutation chosen by operationName further down), requests comparing dates with `now` (their result
 * changes with the clock, not with the content), and requests with very large variables. A false
 * "no" only costs a miss.
 */
export function isCacheableRequest(
  query: string,
  variables: Readonly<Record<string, unknown>> | null,
): boolean {
  if (MUTATION.test(query) || NOW.test(query)) return false;
  if (variables === null) return true;
  const text = JSON.stringify(variables);
  return text.length <= MAX_KEYED_VARIABLES_LENGTH && !NOW.test(text);
}

/** `X-Craft-Gql-Cache: no-cache` (Craft 4+): neither read nor write the result cache. */
export function skipsCache(header: string | undefined): boolean {
  return header !== undefined && header.trim().toLowerCase() === 'no-cache';
}
