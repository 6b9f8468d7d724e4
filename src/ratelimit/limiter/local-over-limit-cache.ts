import { StatsRegistry } from '../../infra/stats/registry';

/**
 * Bytes an entry costs beyond its key's characters: the map slot, the expiry and the key's string
 * objects (request keys are concatenations). Measured as RSS growth per entry with 33 to 190
 * character keys (docs/benchmarks.md): 209 to 283 bytes, so 200 plus one byte per character.
 */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * Keys known to be over their limit in the current window (LocalCacheSizeInBytes > 0): a hit is
 * answered OVER_LIMIT without a store round trip. Entries expire when their window ends; beyond the
 * byte budget the oldest entries are evicted. Figures are the upstream `ratelimit.localcache.*`.
 */
export class LocalOverLimitCache {
  private readonly expiries = new Map<string, number>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private expired = 0;
  private evacuated = 0;
  private overwritten = 0;
  /** Oldest first; one live iterator (see MemoryCounterStore: a new one would be O(n) per call). */
  private evictionCursor: Iterator<string> | undefined;

  constructor(
    private readonly capacityBytes: number,
    stats: StatsRegistry,
  ) {
    const gauge = (name: string, sample: () => number) =>
      stats.gauge(`ratelimit.localcache.${name}`, sample);
    gauge('hitCount', () => this.hits);
    gauge('missCount', () => this.misses);
    gauge('lookupCount', () => this.hits + this.misses);
    gauge('entryCount', () => this.expiries.size);
    gauge('expiredCount', () => this.expired);
    gauge('evacuateCount', () => this.evacuated);
    gauge('overwriteCount', () => this.overwritten);
  }

  has(key: string, nowMs: number): boolean {
    const expiresAt = this.expiries.get(key);
    if (expiresAt === undefined) {
      this.misses++;
      return false;
    }
    if (expiresAt <= nowMs) {
      this.remove(key);
      this.expired++;
      this.misses++;
      return false;
    }
    this.hits++;
    return true;
  }

  add(key: string, expiresAtMs: number): void {
    if (this.expiries.has(key)) {
      this.overwritten++;
      this.expiries.set(key, expiresAtMs);
      return;
    }
    this.expiries.set(key, expiresAtMs);
    this.bytes += sizeOf(key);
    while (this.bytes > this.capacityBytes && this.expiries.size > 0) {
      let oldest = this.evictionCursor?.next();
      if (oldest === undefined || oldest.done) {
        this.evictionCursor = this.expiries.keys();
        oldest = this.evictionCursor.next();
      }
      if (oldest.done) break;
      this.remove(oldest.value);
      this.evacuated++;
    }
  }

  get size(): number {
    return this.expiries.size;
  }

  /** Forgets a key (the console reset its counter: it is no longer over). */
  forget(key: string): void {
    this.remove(key);
  }

  private remove(key: string): void {
    if (this.expiries.delete(key)) this.bytes -= sizeOf(key);
  }
}

function sizeOf(key: string): number {
  return key.length + ENTRY_OVERHEAD_BYTES;
}
