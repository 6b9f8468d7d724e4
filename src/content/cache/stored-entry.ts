/** A result cache entry as read back: the result's JSON text and its cache tags (null: none). */
export interface StoredEntry {
  readonly tags: readonly string[] | null;
  readonly json: string;
}

/**
 * An entry's text: the tags' JSON (`null` when the execution recorded none), a newline, then the
 * result's JSON text as sent. JSON.stringify never writes a raw newline, so the first one ends the
 * tags, and a hit parses only them.
 */
export function entryText(tags: ReadonlySet<string> | undefined, json: string): string {
  return `${JSON.stringify(tags === undefined ? null : [...tags])}\n${json}`;
}

/** Undefined for a text that is not an entry (a foreign value under the key is a miss). */
export function readEntry(text: string): StoredEntry | undefined {
  const end = text.indexOf('\n');
  if (end < 0) return undefined;
  const tags = JSON.parse(text.slice(0, end)) as unknown;
  if (tags !== null && !Array.isArray(tags)) return undefined;
  return { tags: tags as readonly string[] | null, json: text.slice(end + 1) };
}
