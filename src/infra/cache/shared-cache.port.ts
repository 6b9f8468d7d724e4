/** What a lookup found: the namespace's generation, and the entry if it belongs to it. */
export interface CacheLookup {
  /**
   * The namespace's current generation, to store a computed value under; undefined when the
   * store cannot say (then nothing should be stored).
   */
  readonly generation: string | undefined;
  /** The value stored under the current generation, unless it expired or was evicted. */
  readonly value: string | undefined;
}

/**
 * A cache shared by the instances of the service (memory: one instance; kvstore: Redis). Entries
 * live in namespaces; invalidating a namespace starts a new generation, and an entry stored under
 * an older generation is never returned again, on any instance. A lookup is one round trip.
 *
 * A value computed after a lookup must be stored with the generation that lookup returned: if the
 * namespace was invalidated meanwhile, the stale value is stored under the old generation and
 * never served.
 */
export abstract class SharedCache {
  abstract readonly kind: 'memory' | 'kvstore';
  abstract lookup(namespace: string, key: string): Promise<CacheLookup>;
  abstract store(
    namespace: string,
    key: string,
    generation: string,
    value: string,
    ttlMs: number,
  ): Promise<void>;
  abstract invalidate(namespace: string): Promise<void>;
  /**
   * The value `lookup` would find, without its generation: at once from a store in this process
   * (memory), after the round trip from the others.
   */
  lookupValue(namespace: string, key: string): string | undefined | Promise<string | undefined> {
    return this.lookup(namespace, key).then((found) => found.value);
  }

  /** `lookup`, answered at once by a store in this process (memory), after the round trip by others. */
  lookupNow(namespace: string, key: string): CacheLookup | Promise<CacheLookup> {
    return this.lookup(namespace, key);
  }
}

/** The store did not answer; callers treat it as a miss (a cache must not fail requests). */
export class SharedCacheError extends Error {
  override readonly name = 'SharedCacheError';
}
