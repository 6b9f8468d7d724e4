/** One counter to bump, and what a store needs to expire it. */
export interface CounterIncrement {
  /** Full cache key, window start included. */
  readonly key: string;
  /** May be 0: check the count without consuming. */
  readonly hits: number;
  /** Window length; Redis adds jitter to it as the TTL and routes 1 s windows to the per-second store. */
  readonly windowSeconds: number;
  /** Unix second at which the window ends and the counter is worthless. */
  readonly windowEnd: number;
}

/**
 * A counter store: every decision is one call to `increment`, one round trip per store. Results are
 * the counts after the increment, in batch order.
 */
export abstract class CounterStore {
  abstract readonly kind: string;
  abstract increment(batch: readonly CounterIncrement[]): Promise<number[]>;
  /** Current counts (0 for missing keys) without changing them; used only by stop-increment mode. */
  abstract read(counters: readonly CounterIncrement[]): Promise<number[]>;
}

/** The store could not answer; the decision fails as UNAVAILABLE / 503. */
export class CounterStoreError extends Error {
  override readonly name = 'CounterStoreError';
}

/**
 * The store cannot hold this key (memcached: over 250 bytes, whitespace or control characters).
 * The request made the key, so the decision fails as INVALID_ARGUMENT / 400.
 */
export class CounterKeyRejectedError extends Error {
  override readonly name = 'CounterKeyRejectedError';
}
