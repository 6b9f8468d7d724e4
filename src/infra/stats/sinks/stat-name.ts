/** One tag: key and value. */
export type Tag = readonly [key: string, value: string];

/** A statistic name with gostats' in-name tags (`.__k=v` segments) taken out. */
export interface TaggedName {
  readonly base: string;
  readonly tags: readonly Tag[];
}

/**
 * gostats keeps tags in the name as `.__<k>=<v>` segments
 * (docs/observability.md#statsd-use_statsdtrue), and our registry names follow it
 * (`ratelimit.memcache.multiget.__code=success`). Sinks that have real tags or labels need the
 * parts apart. A segment is a tag when it starts with `__` and holds `=`.
 */
export function splitTags(name: string): TaggedName {
  if (!name.includes('.__')) return { base: name, tags: [] };
  const base: string[] = [];
  const tags: Tag[] = [];
  for (const segment of name.split('.')) {
    const at = segment.indexOf('=');
    if (segment.startsWith('__') && at > 2) {
      tags.push([segment.slice(2, at), segment.slice(at + 1)]);
    } else base.push(segment);
  }
  return { base: base.join('.'), tags };
}

/** `.`, `:` and `|` would split the name or break the line: gostats writes `_` instead. */
export function sanitizeTagValue(value: string): string {
  return value.replace(/[.:|]/g, '_');
}

/** The name's own tags and EXTRA_TAGS together, sorted by key; an own tag wins over an extra one. */
export function mergeTags(own: readonly Tag[], extra: readonly Tag[]): Tag[] {
  const byKey = new Map<string, string>();
  for (const [key, value] of extra) byKey.set(key, sanitizeTagValue(value));
  for (const [key, value] of own) byKey.set(key, value);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The plain statsd name: base plus every tag as `.__k=v`, sorted by key
 * (docs/observability.md#statsd-use_statsdtrue).
 */
export function statsdWireName(name: string, extraTags: readonly Tag[]): string {
  if (extraTags.length === 0 && !name.includes('.__')) return name;
  const { base, tags } = splitTags(name);
  return (
    base +
    mergeTags(tags, extraTags)
      .map(([key, value]) => `.__${key}=${value}`)
      .join('')
  );
}
