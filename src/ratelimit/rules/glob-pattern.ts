/**
 * A descriptor wildcard: `*` matches zero or more characters, nothing else is special. Matching is
 * on the whole `key_value` text, leftmost search for the middle parts (docs/ratelimit.md#rules).
 */
export class GlobPattern {
  private readonly parts: readonly string[];
  private readonly literalLength: number;

  constructor(readonly source: string) {
    this.parts = source.split('*');
    this.literalLength = this.parts.reduce((sum, part) => sum + part.length, 0);
  }

  matches(text: string): boolean {
    const { parts } = this;
    const first = parts[0];
    const last = parts[parts.length - 1];
    if (text.length < this.literalLength || !text.startsWith(first) || !text.endsWith(last)) {
      return false;
    }
    let from = first.length;
    const end = text.length - last.length;
    for (let i = 1; i < parts.length - 1; i++) {
      const at = text.indexOf(parts[i], from);
      if (at < 0 || at + parts[i].length > end) return false;
      from = at + parts[i].length;
    }
    return true;
  }
}
