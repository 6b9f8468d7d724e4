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
 * fixed: k keys (strings the requests already made), two Float64Arrays of k and a Map of ≤ k.
 * An update is O(log k) (a heap sift), with no allocation once the sketch is full except
 * for the Map entry of a newly placed key.
 */
export class SpaceSaving {
  private readonly keys: string[] = [];
  private readonly counts: Float64Array;
  private readonly errors: Float64Array;
  private readonly position = new Map<string, number>();
  private weight = 0;

  constructor(readonly k: number) {
    this.counts = new Float64Array(k);
    this.errors = new Float64Array(k);
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
    const at = this.position.get(key);
    if (at !== undefined) {
      this.counts[at] += weight;
      this.siftDown(at);
      return;
    }
    const size = this.keys.length;
    if (size < this.k) {
      this.keys.push(key);
      this.counts[size] = weight;
      this.errors[size] = 0;
      this.position.set(key, size);
      this.siftUp(size);
      return;
    }
    // Replace the smallest: its count becomes the newcomer's error.
    this.position.delete(this.keys[0]);
    this.keys[0] = key;
    this.errors[0] = this.counts[0];
    this.counts[0] += weight;
    this.position.set(key, 0);
    this.siftDown(0);
  }

  /** The held keys, largest count first. */
  top(): HeavyHitter[] {
    const hitters: HeavyHitter[] = [];
    for (let i = 0; i < this.keys.length; i++) {
      hitters.push({ key: this.keys[i], count: this.counts[i], error: this.errors[i] });
    }
    return hitters.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
  }

  clear(): void {
    this.keys.length = 0;
    this.position.clear();
    this.weight = 0;
  }

  private siftUp(at: number): void {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (this.counts[parent] <= this.counts[at]) return;
      this.swap(at, parent);
      at = parent;
    }
  }

  private siftDown(at: number): void {
    const size = this.keys.length;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= size) return;
      const right = left + 1;
      const child = right < size && this.counts[right] < this.counts[left] ? right : left;
      if (this.counts[at] <= this.counts[child]) return;
      this.swap(at, child);
      at = child;
    }
  }

  private swap(a: number, b: number): void {
    const key = this.keys[a];
    this.keys[a] = this.keys[b];
    this.keys[b] = key;
    const count = this.counts[a];
    this.counts[a] = this.counts[b];
    this.counts[b] = count;
    const error = this.errors[a];
    this.errors[a] = this.errors[b];
    this.errors[b] = error;
    this.position.set(this.keys[a], a);
    this.position.set(this.keys[b], b);
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
