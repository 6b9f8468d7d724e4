import { Logger } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { Counter } from '../stats/counter';
import { CounterIncrement, CounterStore, keysOf, TOKEN_SCALE } from './counter-store.port';
import { takeTokens } from './token-bucket';

/**
 * One counter (fixed or sliding window). Both fields stay small integers (V8 Smis, stored in the
 * object itself): the expiry is kept relative to the store's start second.
 */
class Entry {
  constructor(
    public value: number,
    /** Seconds after the store's start at which the entry is worthless: its index bucket. */
    public expiresAt: number,
  ) {}
}

/** One token bucket: its tokens (fractional) and when they were counted. */
class BucketEntry extends Entry {
  constructor(
    value: number,
    expiresAt: number,
    public updatedMs: number,
  ) {
    super(value, expiresAt);
  }
}

/**
 * What one entry is charged against `maxBytes`: its key's characters plus this much for the key's
 * string header, the map slot, the entry object and its slot in the expiry index (on Node 20,
 * 200,000 entries with 10-character keys grew the heap by about 134 bytes each, hash table
 * slack included). An approximation, but one that grows with what a request controls: the key.
 */
export const MEMORY_ENTRY_OVERHEAD_BYTES = 128;

/**
 * In-process counters for a single instance. Every entry is indexed by the second it expires
 * at; once a second the due seconds are dropped whole. Beyond `maxKeys` entries, or `maxBytes`
 * charged (MEMORY_ENTRY_OVERHEAD_BYTES), the oldest entries are evicted (and counted), and leave
 * the index with them, so both structures stay within the bounds whatever the window lengths
 * and key sizes.
 */
export class MemoryCounterStore extends CounterStore {
  readonly kind = 'memory';
  private readonly logger = new Logger(MemoryCounterStore.name);
  private readonly entries = new Map<string, Entry>();
  private readonly byExpiry = new Map<number, Set<string>>();
  /** Seconds are stored relative to this one (small integers). */
  private readonly startSecond: number;
  private lastSweepSecond: number;
  /**
   * Walks the entries oldest first for eviction. A new iterator from the start would step over
   * every deleted slot before the Map compacts: O(n) per eviction under churn; one live iterator
   * continues where it stopped.
   */
  private evictionCursor: Iterator<[string, Entry]> | undefined;
  private warnedAboutEviction = false;
  /** Charged bytes of every entry held (keys and MEMORY_ENTRY_OVERHEAD_BYTES each). */
  private charged = 0;

  constructor(
    private readonly clock: Clock,
    private readonly maxKeys: number,
    private readonly evictions: Counter,
    private readonly maxBytes: number = Number.POSITIVE_INFINITY,
  ) {
    super();
    this.startSecond = Math.floor(clock.nowMs() / 1000);
    this.lastSweepSecond = 0;
  }

  increment(batch: readonly CounterIncrement[]): Promise<number[]> {
    return Promise.resolve(this.incrementSync(batch));
  }

  read(counters: readonly CounterIncrement[]): Promise<number[]> {
    return Promise.resolve(this.apply(counters, false));
  }

  override reset(counters: readonly CounterIncrement[]): Promise<void> {
    for (const key of keysOf(counters)) {
      const entry = this.entries.get(key);
      if (entry === undefined) continue;
      this.entries.delete(key);
      this.charged -= key.length + MEMORY_ENTRY_OVERHEAD_BYTES;
      this.unindex(key, entry.expiresAt);
    }
    return Promise.resolve();
  }

  /** The store answers without waiting: the limiter decides in the same turn, with no promise. */
  incrementSync(batch: readonly CounterIncrement[]): number[] {
    return this.apply(batch, true);
  }

  /** `read`, without the promise. */
  readSync(counters: readonly CounterIncrement[]): number[] {
    return this.apply(counters, false);
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries held are charged, as bounded by `maxBytes` (served as a gauge on /stats). */
  get bytes(): number {
    return this.charged;
  }

  /** Entries the expiry index holds (equal to `size`; tests check the bound). */
  get indexedSize(): number {
    let total = 0;
    for (const keys of this.byExpiry.values()) total += keys.size;
    return total;
  }

  private apply(batch: readonly CounterIncrement[], write: boolean): number[] {
    const nowSecond = Math.floor(this.clock.nowMs() / 1000) - this.startSecond;
    if (nowSecond > this.lastSweepSecond) this.sweep(nowSecond);
    const results: number[] = [];
    for (let i = 0; i < batch.length; i++) {
      const counter = batch[i];
      if (counter.bucket !== undefined) this.takeTokens(counter, write, results);
      else {
        const hits = write ? counter.hits : 0;
        const entry = this.entries.get(counter.key);
        if (entry !== undefined) {
          entry.value += hits;
          results.push(entry.value);
        } else {
          if (hits !== 0) {
            this.insert(counter.key, new Entry(hits, counter.windowEnd - this.startSecond));
          }
          results.push(hits);
        }
        if (counter.previousKey !== undefined) {
          results.push(this.entries.get(counter.previousKey)?.value ?? 0);
        }
      }
    }
    return results;
  }

  private takeTokens(counter: CounterIncrement, write: boolean, results: number[]): void {
    const { capacity, refillPerMs, nowMs, debit } = counter.bucket!;
    const entry = this.entries.get(counter.key) as BucketEntry | undefined;
    const hits = write ? counter.hits : 0;
    const { taken, tokens } = takeTokens(
      entry?.value,
      entry?.updatedMs ?? 0,
      capacity,
      refillPerMs,
      hits,
      nowMs,
      debit === true,
    );
    results.push(
      // A debit gives the tokens it was taken from (before), as the Redis script does.
      debit === true ? Math.floor((tokens + hits) * TOKEN_SCALE) : taken ? 1 : 0,
      Math.floor(tokens * TOKEN_SCALE),
    );
    if (!write || !taken || hits === 0) return;
    // Full again (so as good as absent) after this long.
    const fullAt = Math.ceil((nowMs + (capacity - tokens) / refillPerMs) / 1000) - this.startSecond;
    if (entry === undefined) {
      this.insert(counter.key, new BucketEntry(tokens, fullAt, nowMs));
      return;
    }
    entry.value = tokens;
    entry.updatedMs = nowMs;
    if (fullAt !== entry.expiresAt) {
      this.unindex(counter.key, entry.expiresAt);
      entry.expiresAt = fullAt;
      this.index(counter.key, fullAt);
    }
  }

  private insert(key: string, entry: Entry): void {
    const cost = key.length + MEMORY_ENTRY_OVERHEAD_BYTES;
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.maxKeys || this.charged + cost > this.maxBytes)
    ) {
      this.evictOldest();
    }
    this.entries.set(key, entry);
    this.charged += cost;
    this.index(key, entry.expiresAt);
  }

  private index(key: string, expiresAt: number): void {
    const keys = this.byExpiry.get(expiresAt);
    if (keys) keys.add(key);
    else this.byExpiry.set(expiresAt, new Set([key]));
  }

  private unindex(key: string, expiresAt: number): void {
    const keys = this.byExpiry.get(expiresAt);
    if (keys === undefined) return;
    keys.delete(key);
    if (keys.size === 0) this.byExpiry.delete(expiresAt);
  }

  private evictOldest(): void {
    let oldest = this.evictionCursor?.next();
    if (oldest === undefined || oldest.done) {
      this.evictionCursor = this.entries.entries();
      oldest = this.evictionCursor.next();
    }
    if (oldest.done) return;
    const [key, entry] = oldest.value;
    this.entries.delete(key);
    this.charged -= key.length + MEMORY_ENTRY_OVERHEAD_BYTES;
    this.unindex(key, entry.expiresAt);
    this.evictions.inc();
    if (!this.warnedAboutEviction) {
      this.warnedAboutEviction = true;
      this.logger.warn(
        `memory counter store is full (${this.entries.size + 1} keys, at most ${this.maxKeys} keys and ${this.maxBytes} bytes): evicting the oldest counters; raise MEMORY_STORE_MAX_KEYS or MEMORY_STORE_MAX_BYTES, or use a shared store`,
      );
    }
  }

  /** Drops every second (relative) from the last sweep up to now (a clock set back just waits). */
  private sweep(nowSecond: number): void {
    if (nowSecond - this.lastSweepSecond > this.byExpiry.size) {
      // A long idle spell (or a test's clock jump): fewer index seconds than elapsed seconds.
      for (const second of this.byExpiry.keys()) if (second <= nowSecond) this.drop(second);
    } else {
      for (let second = this.lastSweepSecond; second <= nowSecond; second++) this.drop(second);
    }
    this.lastSweepSecond = nowSecond;
  }

  private drop(second: number): void {
    const keys = this.byExpiry.get(second);
    if (keys === undefined) return;
    for (const key of keys) {
      if (this.entries.delete(key)) this.charged -= key.length + MEMORY_ENTRY_OVERHEAD_BYTES;
    }
    this.byExpiry.delete(second);
  }
}
