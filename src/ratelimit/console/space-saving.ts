/** One heavy hitter: `count` over-estimates the true count by at most `error`. */
export interface HeavyHitter {
  readonly key: string;
  readonly count: number;
  readonly error: number;
}

/**
 * The space-saving sketch (Metwally, Agrawal, El Abbadi, 2005) with weights: at most `k` keys,
 * held in a min-heap by count. A new key takes the place of the smallest and inherits its count
 * as its error. For a stream of total weight N: every key whose true weight exceeds N/k is held,
 * and each held count is at most N/k over the truth (count − error ≤ true ≤ count). Memory is
 * fixed: k keys (strings the requests already made), typed arrays of k and a Map of ≤ k. A key
 * keeps its slot; the heap orders slot numbers, so a sift moves integers only. An update is one
 * Map lookup and O(log k) integer swaps; a new key also replaces one Map entry.
 */
export class SpaceSaving {
  /** By slot: a key keeps its slot while held; only the heap of slot numbers moves. */
  private readonly keys: string[] = [];
  private readonly counts: Float64Array;
  private readonly errors: Float64Array;
  /** Min-heap of slots by count, and each slot's place in it. */
  private readonly heap: Int32Array;
  private readonly place: Int32Array;
  private readonly slotOf = new Map<string, number>();
  private weight = 0;

  constructor(readonly k: number) {
    this.counts = new Float64Array(k);
    this.errors = new Float64Array(k);
    this.heap = new Int32Array(k);
    this.place = new Int32Array(k);
  }

  /** Total weight added since the last clear (N of the bound). */
  get total(): number {
    return this.weight;
  }

  get size(): number {
    return this.keys.length;
  }

  add(key: string, weight: number): void {
    if (weight <= 0) return;
    this.weight += weight;
    const known = this.slotOf.get(key);
    if (known !== undefined) {
      this.counts[known] += weight;
      this.siftDown(this.place[known]);
      return;
    }
    const size = this.keys.length;
    if (size < this.k) {
      this.keys.push(key);
      this.counts[size] = weight;
      this.errors[size] = 0;
      this.heap[size] = size;
      this.place[size] = size;
      this.slotOf.set(key, size);
      this.siftUp(size);
      return;
    }
    // Replace the smallest: its count becomes the newcomer's error.
    const slot = this.heap[0];
    this.slotOf.delete(this.keys[slot]);
    this.keys[slot] = key;
    this.errors[slot] = this.counts[slot];
    this.counts[slot] += weight;
    this.slotOf.set(key, slot);
    this.siftDown(0);
  }

  /** The held keys, largest count first. */
  top(): HeavyHitter[] {
    const hitters: HeavyHitter[] = [];
    for (let slot = 0; slot < this.keys.length; slot++) {
      hitters.push({ key: this.keys[slot], count: this.counts[slot], error: this.errors[slot] });
    }
    return hitters.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
  }

  clear(): void {
    this.keys.length = 0;
    this.slotOf.clear();
    this.weight = 0;
  }

  private siftUp(at: number): void {
    const { heap, counts } = this;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (counts[heap[parent]] <= counts[heap[at]]) return;
      this.swap(at, parent);
      at = parent;
    }
  }

  private siftDown(at: number): void {
    const { heap, counts } = this;
    const size = this.keys.length;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= size) return;
      const right = left + 1;
      const child = right < size && counts[heap[right]] < counts[heap[left]] ? right : left;
      if (counts[heap[at]] <= counts[heap[child]]) return;
      this.swap(at, child);
      at = child;
    }
  }

  private swap(a: number, b: number): void {
    const { heap, place } = this;
    const slot = heap[a];
    heap[a] = heap[b];
    heap[b] = slot;
    place[heap[a]] = a;
    place[heap[b]] = b;
  }
}

/** Two sketches' hitters summed by key (the current and the previous window). */
export function mergeHitters(...lists: readonly HeavyHitter[][]): HeavyHitter[] {
  const byKey = new Map<string, { count: number; error: number }>();
  for (const list of lists) {
    for (const { key, count, error } of list) {
      const known = byKey.get(key);
      if (known === undefined) byKey.set(key, { count, error });
      else {
        known.count += count;
        known.error += error;
      }
    }
  }
  return [...byKey.entries()]
    .map(([key, { count, error }]) => ({ key, count, error }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
}
