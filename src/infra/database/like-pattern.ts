/**
 * A LIKE/ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` in it taken literally
 * (PostgreSQL's default LIKE escape character is the backslash).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
