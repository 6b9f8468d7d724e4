/**
 * Text no database column can hold: PostgreSQL's text type refuses the NUL character, so a value
 * carrying one would fail the query (a 500 with a stack in the log) instead of being refused as
 * a bad request. URLs are also checked for percent-escapes that are not UTF-8, which the query
 * string parser keeps as raw `%ff` text and the path router refuses with its own error body.
 */

/** Objects nested deeper than this are not searched (bodies are parsed JSON, at most 1 MiB). */
const MAX_DEPTH = 64;

/**
 * Whether a string anywhere in `value` (strings, arrays, object keys and values, Map values) has
 * a NUL.
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (value instanceof Map) {
    return [...(value as Map<unknown, unknown>).values()].some((item) =>
      containsNul(item, depth + 1),
    );
  }
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}

const ESCAPE_RUNS = /(?:%[0-9a-f]{2})+/gi;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether a raw request target (path and query, still percent-encoded) carries a NUL (raw or as
 * `%00`) or a run of percent-escapes that does not decode as UTF-8. A `%` not followed by two hex
 * digits is left alone: the parsers keep it as text, which any column can hold.
 */
export function urlHasUnstorableText(rawUrl: string): boolean {
  if (rawUrl.includes('\u0000')) return true;
  for (const [run] of rawUrl.matchAll(ESCAPE_RUNS)) {
    const bytes = Buffer.from(run.replaceAll('%', ''), 'hex');
    if (bytes.includes(0)) return true;
    try {
      UTF8.decode(bytes);
    } catch {
      return true;
    }
  }
  return false;
}
