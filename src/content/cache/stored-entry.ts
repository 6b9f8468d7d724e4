/** A result cache entry as read back. */
export interface StoredEntry {
  /** The cache tags the execution recorded; null when it recorded none (a token's request). */
  readonly tags: readonly string[] | null;
  /** The result's (or the whole answer's) JSON text, as sent. */
  readonly json: string;
  /** A whole answer's ETag, when it may be cached by a CDN. */
  readonly etag?: string;
}

/** What is kept: tags as recorded (undefined: none), the text, a whole answer's ETag. */
export interface EntryParts {
  readonly tags: ReadonlySet<string> | undefined;
  readonly json: string;
  readonly etag?: string;
}

/**
 * An entry's text: a header line, then the JSON text as sent. The header is the tags' JSON array
 * (`null` when none were recorded), or `{"tags":[...],"etag":"..."}` for a whole answer with its
 * ETag. JSON.stringify never writes a raw newline, so the first one ends the header, and a hit
 * parses only that.
 */
export function entryText({ tags, json, etag }: EntryParts): string {
  const list = tags === undefined ? null : [...tags];
  const header = etag === undefined ? list : { tags: list, etag };
  return `${JSON.stringify(header)}\n${json}`;
}

/** Undefined for a text that is not an entry (a foreign value under the key is a miss). */
export function readEntry(text: string): StoredEntry | undefined {
  const end = text.indexOf('\n');
  if (end < 0) return undefined;
  const header = JSON.parse(text.slice(0, end)) as unknown;
  const json = text.slice(end + 1);
  if (header === null || Array.isArray(header)) return { tags: header as string[] | null, json };
  if (typeof header !== 'object') return undefined;
  const { tags, etag } = header as { tags?: unknown; etag?: unknown };
  if ((tags !== null && !Array.isArray(tags)) || typeof etag !== 'string') return undefined;
  return { tags: tags as string[] | null, json, etag };
}
