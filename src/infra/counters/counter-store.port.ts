/**
 * One counter to update, and what a store needs to expire it. A fixed window is one counter; a
 * sliding window adds the previous window's counter, read beside the increment; a token bucket
 * keeps its tokens and the time they were counted. Keys embed what makes them unique (window
 * start, limit), so a store never needs the rule.
 */
export interface CounterIncrement {
  /** Full cache key, window start included (token buckets: no window). */
  readonly key: string;
  /** May be 0: check the count without consuming. */
  readonly hits: number;
  /**
   * How long the counter is worth keeping from its window's start; Redis adds jitter to it as the
   * TTL and routes 1 s windows to the per-second store. Sliding windows: two windows. Token
   * buckets: the time an empty bucket takes to fill.
   */
  readonly windowSeconds: number;
  /** Unix second after which the counter is worthless (token buckets: unused, 0). */
  readonly windowEnd: number;
  /** Sliding window: the previous window's key, read in the same round trip. */
  readonly previousKey?: string;
  /** Token bucket: its shape and the decision's time. */
  readonly bucket?: TokenBucketSpec;
  /**
   * The limit the count is held against (fixed and sliding windows), for stores that keep counts
   * in process and report how far instances went over it (write-behind). No store decides with it.
   */
  readonly limit?: number;
}

export interface TokenBucketSpec {
  readonly capacity: number;
  /** Tokens added per millisecond. */
  readonly refillPerMs: number;
  /** The service's clock: the single source of time for every store. */
  readonly nowMs: number;
  /**
   * Take the hits whether or not they are there (the tokens may go below zero): the hits a
   * write-behind cache already granted, flushed. The results are then the tokens before and after,
   * both in thousandths.
   */
  readonly debit?: boolean;
}

/**
 * What an increment returns per counter, flattened in batch order: a fixed window gives its count
 * after the increment (1 number); a sliding window its count after the increment and the
 * previous window's count (2); a token bucket 1 when the hits were taken else 0, and the tokens
 * left in thousandths (2).
 */
export function resultSlots(counter: CounterIncrement): number {
  return counter.previousKey === undefined && counter.bucket === undefined ? 1 : 2;
}

/** Redis answers integers: token counts travel in thousandths. */
export const TOKEN_SCALE = 1000;

/**
 * A counter store: every decision is one call to `increment`, one round trip per store. Results are
 * laid out as `resultSlots` says, in batch order. A store that can answer in process may also have
 * `incrementSync(batch): number[] | undefined` (see SyncCounterStore), which the limiter calls
 * first: undefined means "not now", and the limiter calls `increment`.
 */
export abstract class CounterStore {
  abstract readonly kind: string;
  /** Token buckets need an atomic read-modify-write; a store without one says so here. */
  readonly supportsTokenBuckets: boolean = true;
  abstract increment(batch: readonly CounterIncrement[]): Promise<number[]>;
  /**
   * What `increment` would answer with no hits, changing nothing (0 for missing keys), laid out
   * the same way; used only by stop-increment mode.
   */
  abstract read(counters: readonly CounterIncrement[]): Promise<number[]>;
  /**
   * Deletes the counters' keys (and a sliding window's previous key): the operator console's
   * reset. Never on the decision path. A store without it refuses.
   */
  reset(counters: readonly CounterIncrement[]): Promise<void> {
    void counters;
    return Promise.reject(new CounterStoreError(`the ${this.kind} store cannot reset counters`));
  }
}

/** Every key a reset of these counters deletes: each key and each previous window's key. */
export function keysOf(counters: readonly CounterIncrement[]): string[] {
  const keys: string[] = [];
  for (const counter of counters) {
    keys.push(counter.key);
    if (counter.previousKey !== undefined) keys.push(counter.previousKey);
  }
  return keys;
}

/**
 * The store of counters that an in-process caller depends on and request traffic must not evict
 * (the API guard's domain): with BACKEND_TYPE=memory a memory store of its own, bounded apart;
 * otherwise the shared store itself (Redis and memcached keep counters until they expire, as long
 * as they are given the memory: docs/counter-stores.md).
 */
export const RESERVED_COUNTER_STORE = Symbol('ReservedCounterStore');

/** A store's synchronous path: the answer now, or undefined when only `increment` can give it. */
export interface SyncCounterStore {
  incrementSync(batch: readonly CounterIncrement[]): number[] | undefined;
}

/** The store could not answer; the decision fails as UNAVAILABLE / 503. */
export class CounterStoreError extends Error {
  override readonly name = 'CounterStoreError';
  /**
   * True when the command certainly never reached the store (refused while disconnected): its
   * increments can be sent again without counting twice. False when it may have been applied (a
   * timeout, a connection lost with the command written).
   */
  readonly unsent: boolean;

  constructor(message: string, options: { unsent?: boolean } = {}) {
    super(message);
    this.unsent = options.unsent ?? false;
  }
}

/**
 * The store cannot hold this key (memcached: over 250 bytes, whitespace or control characters).
 * The request made the key, so the decision fails as INVALID_ARGUMENT / 400.
 */
export class CounterKeyRejectedError extends Error {
  override readonly name = 'CounterKeyRejectedError';
}
