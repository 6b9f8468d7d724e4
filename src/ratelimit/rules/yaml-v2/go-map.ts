import type { MapNode, Pair, ScalarValue } from './tree-node';

/** The map as a Go map holds it: one entry per distinct key, the last value winning. */
export function goMapEntries(map: MapNode): Pair[] {
  const entries = new Map<unknown, Pair>();
  for (const pair of map.pairs) {
    entries.set(goMapKey(pair.key.value), pair);
  }
  return [...entries.values()];
}

/** Equality of interface{} map keys: same Go type and value (1 and "1" differ, NaN is unique). */
function goMapKey(value: ScalarValue): unknown {
  if (typeof value === 'number' && Number.isNaN(value)) return Symbol('NaN');
  return `${typeof value}:${String(value)}`;
}
