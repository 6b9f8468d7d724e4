/** The middle element by `by` (the upper one of an even count); throws on an empty list. */
export function medianBy<T>(items: readonly T[], by: (item: T) => number): T {
  if (items.length === 0) throw new Error('median of nothing');
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)];
}

export const median = (values: readonly number[]) => medianBy(values, (value) => value);
