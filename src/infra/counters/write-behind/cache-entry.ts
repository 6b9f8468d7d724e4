import { CounterIncrement } from '../counter-store.port';

export const enum EntryKind {
  Fixed,
  Sliding,
  Bucket,
}

/** Float noise must not round a whole count up (as the limiter's sliding estimate). */
const EPSILON = 1e-9;

/**
 * What one instance knows of one counter: the global value as Redis last answered it, and the hits
 * this instance took since. Hits are cumulative (`taken`); `synced` of them are in `base` (or were
 * given up after a flush that may have been applied), so `taken - synced` is what Redis has not
 * confirmed yet: the hits waiting for a flush and those of the flush under way.
 */
export class CacheEntry {
  readonly kind: EntryKind;
  /** The latest decision's counter: what a flush of this key sends (TTL, window, bucket shape). */
  template: CounterIncrement;
  /** Fixed and sliding: the global count. Buckets: the tokens at `bucketMs`, local takes included. */
  base = 0;
  /** Sliding: the previous window's global count. */
  previous = 0;
  bucketMs = 0;
  taken = 0;
  synced = 0;
  /** Hits taken within the limit (`taken` counts all), for the overshoot statistic. */
  allowed = 0;
  allowedSynced = 0;
  /** When the reading in `base` was asked for; -Infinity before the first. */
  syncedAtMs = Number.NEGATIVE_INFINITY;
  /** The call under way for this key (at most one, so answers arrive in order). */
  busy: Promise<void> | undefined = undefined;
  /** Decisions waiting on this entry: it is not evicted meanwhile. */
  waiting = 0;
  /** In the dirty set: has hits to send. */
  dirty = false;
  /** Second chance for the eviction sweep (approximate LRU). */
  used = true;

  constructor(counter: CounterIncrement) {
    this.template = counter;
    this.kind =
      counter.bucket !== undefined
        ? EntryKind.Bucket
        : counter.previousKey !== undefined
          ? EntryKind.Sliding
          : EntryKind.Fixed;
  }

  get unsynced(): number {
    return this.taken - this.synced;
  }

  /** Whether the window of a fixed or sliding counter is over as the current one. */
  windowOver(nowMs: number): boolean {
    if (this.kind === EntryKind.Bucket) return false;
    const { windowEnd, windowSeconds } = this.template;
    // A sliding key is the current window for the first half of its two-window life.
    const end = this.kind === EntryKind.Sliding ? windowEnd - windowSeconds / 2 : windowEnd;
    return end * 1000 <= nowMs;
  }

  /** Sliding: the previous window's weight now, rounded up as the limiter does. */
  previousWeight(nowMs: number): number {
    const windowMs = (this.template.windowSeconds / 2) * 1000;
    const elapsed = (nowMs % windowMs) / windowMs;
    return Math.max(0, Math.ceil(this.previous * (1 - elapsed) - EPSILON));
  }

  /**
   * Takes `counter`'s hits locally and pushes what the store would have answered (resultSlots).
   */
  apply(counter: CounterIncrement, nowMs: number, results: number[]): void {
    this.template = counter;
    this.used = true;
    const hits = counter.hits;
    if (this.kind === EntryKind.Bucket) {
      const { capacity, refillPerMs } = counter.bucket!;
      const tokens = Math.min(
        capacity,
        this.base + Math.max(0, nowMs - this.bucketMs) * refillPerMs,
      );
      const taken = hits <= tokens;
      if (taken && hits > 0) {
        this.base = tokens - hits;
        this.bucketMs = nowMs;
        this.taken += hits;
        this.allowed += hits;
      }
      // A bucket in debt (other instances took more than it had) reads as empty.
      results.push(taken ? 1 : 0, Math.floor(Math.max(0, taken ? tokens - hits : tokens) * 1000));
      return;
    }
    this.taken += hits;
    const count = this.base + this.taken - this.synced;
    const limit = counter.limit;
    if (this.kind === EntryKind.Fixed) {
      if (limit !== undefined && count <= limit) this.allowed += hits;
      results.push(count);
      return;
    }
    if (limit !== undefined && count + this.previousWeight(nowMs) <= limit) this.allowed += hits;
    results.push(count, this.previous);
  }

  /** What `increment` with no hits would answer (stop-increment mode's look ahead). */
  read(nowMs: number, results: number[]): void {
    if (this.kind === EntryKind.Bucket) {
      const { capacity, refillPerMs } = this.template.bucket!;
      const tokens = Math.min(
        capacity,
        this.base + Math.max(0, nowMs - this.bucketMs) * refillPerMs,
      );
      results.push(1, Math.floor(Math.max(0, tokens) * 1000));
      return;
    }
    const count = this.base + this.taken - this.synced;
    if (this.kind === EntryKind.Fixed) results.push(count);
    else results.push(count, this.previous);
  }
}
