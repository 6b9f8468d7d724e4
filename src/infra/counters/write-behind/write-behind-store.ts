import { Logger } from '@nestjs/common';
import { Clock } from '../../clock/clock';
import { Counter } from '../../stats/counter';
import { StatsRegistry } from '../../stats/registry';
import { Timer } from '../../stats/timer';
import {
  CounterIncrement,
  CounterStore,
  CounterStoreError,
  keysOf,
  TOKEN_SCALE,
  resultSlots,
} from '../counter-store.port';
import { CounterStoreDecorator } from '../store-decorator';
import { CacheEntry, EntryKind } from './cache-entry';

export interface WriteBehindOptions {
  readonly clock: Clock;
  readonly stats: StatsRegistry;
  /** KVSTORE_CACHE_FLUSH_PERIOD. */
  readonly flushPeriodMs: number;
  /** KVSTORE_CACHE_FLUSH_BATCH: keys per flush call; this many dirty keys start a flush early. */
  readonly flushBatch: number;
  /** KVSTORE_CACHE_MAX_KEYS. */
  readonly maxKeys: number;
  /** Tests drive the flushes themselves (`flush()`): no timer. */
  readonly manualFlush?: boolean;
  readonly logger?: Pick<Logger, 'warn' | 'log'>;
}

/** Read by the self-probe while the store is away; never written. */
const PROBE: CounterIncrement = {
  key: 'ratelimit_write_behind_probe',
  hits: 0,
  windowSeconds: 1,
  windowEnd: 0,
};

const SCOPE = 'ratelimit.store.cache';

class CacheStats {
  readonly overshoot: Counter;
  readonly flushes: Counter;
  readonly flushedKeys: Counter;
  readonly flushedHits: Counter;
  readonly flushErrors: Counter;
  readonly hitsDropped: Counter;
  readonly readThrough: Counter;
  readonly evicted: Counter;
  readonly flushTime: Timer;
  lastFlushKeys = 0;

  constructor(registry: StatsRegistry, localKeys: () => number) {
    const counter = (name: string) => registry.counter(`${SCOPE}.${name}`);
    this.overshoot = counter('overshoot');
    this.flushes = counter('flushes');
    this.flushedKeys = counter('flushed_keys');
    this.flushedHits = counter('flushed_hits');
    this.flushErrors = counter('flush_errors');
    this.hitsDropped = counter('hits_dropped');
    this.readThrough = counter('read_through');
    this.evicted = counter('evicted');
    this.flushTime = registry.timer(`${SCOPE}.flush_time`);
    registry.gauge(`${SCOPE}.local_keys`, localKeys);
    registry.gauge(`${SCOPE}.last_flush_keys`, () => this.lastFlushKeys);
  }
}

/**
 * KVSTORE_CACHE_MODE=write_behind (docs/counter-stores.md#write-behind-cache). A decision is
 * answered in process from each key's last known global value plus the hits this instance took
 * since; those hits go to the inner store in batches every flush period (one `increment` call a
 * batch, whose answers are the new global values), and the answers refresh the local view.
 *
 * A key is answered locally only while its view is fresh: read from the store at most two flush
 * periods ago (a key with traffic here is flushed, so refreshed, every period). A key seen for the
 * first time, or not refreshed for longer, is read through: the decision waits for one call (with
 * whatever else is waiting for that key), then is decided locally. That bounds how stale any answer
 * is, and so the overshoot (docs). Windows roll over by themselves: keys carry their window start,
 * so a new window is a new key, read through once.
 *
 * While the store does not answer (a flush or read failed), every decision fails with a
 * CounterStoreError at once (KVSTORE_FAILURE_MODE decides what it gets), until a flush or a probe
 * succeeds. Hits of a flush refused before it was sent are sent again; hits of a flush that may
 * have been applied (a timeout) are given up, never counted twice (`hits_dropped`).
 */
export class WriteBehindCounterStore extends CounterStoreDecorator {
  private readonly entries = new Map<string, CacheEntry>();
  /** Entries with hits to send, evicted ones included until they are sent. */
  private dirty = new Set<CacheEntry>();
  private readonly stats: CacheStats;
  private readonly logger: Pick<Logger, 'warn' | 'log'>;
  private readonly freshMs: number;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private flushSoon = false;
  /** Undefined while the store answers; else why it does not. */
  private unavailable: string | undefined;
  private probing = false;
  private closed = false;
  private lastSweepMs = 0;
  /** Entries of the decision being checked (reused: no allocation per decision). */
  private readonly found: CacheEntry[] = [];

  constructor(
    inner: CounterStore,
    private readonly options: WriteBehindOptions,
  ) {
    super(inner);
    this.stats = new CacheStats(options.stats, () => this.entries.size);
    this.logger = options.logger ?? new Logger('WriteBehindCache');
    this.freshMs = 2 * options.flushPeriodMs;
    if (!options.manualFlush) {
      this.timer = setInterval(() => void this.flush(), options.flushPeriodMs);
      this.timer.unref();
    }
  }

  get localKeys(): number {
    return this.entries.size;
  }

  /** Answers now when every counter's key is fresh here; undefined sends it to `increment`. */
  incrementSync(batch: readonly CounterIncrement[]): number[] | undefined {
    if (this.unavailable !== undefined) return undefined;
    const now = this.options.clock.nowMs();
    const found = this.found;
    for (let i = 0; i < batch.length; i++) {
      const entry = this.entries.get(batch[i].key);
      // A flush under way changes nothing here: the view counts its hits until it answers.
      if (entry === undefined || now - entry.syncedAtMs > this.freshMs) {
        found.length = 0;
        return undefined;
      }
      found[i] = entry;
    }
    found.length = batch.length;
    const results = this.applyAll(batch, found, now);
    found.length = 0;
    return results;
  }

  async increment(batch: readonly CounterIncrement[]): Promise<number[]> {
    this.throwIfUnavailable();
    const now = this.options.clock.nowMs();
    const entries: CacheEntry[] = [];
    const waits: Promise<void>[] = [];
    for (const counter of batch) {
      let entry = this.entries.get(counter.key);
      if (entry === undefined) entry = this.insert(counter);
      entries.push(entry);
      if (now - entry.syncedAtMs <= this.freshMs) continue;
      if (entry.busy !== undefined) waits.push(entry.busy);
      else {
        this.stats.readThrough.inc();
        waits.push(this.sync([entry], now));
      }
    }
    if (waits.length > 0) {
      for (const entry of entries) entry.waiting++;
      try {
        await Promise.all(waits);
      } finally {
        for (const entry of entries) entry.waiting--;
      }
      // A flush that failed meanwhile made every decision wait for the store's return.
      this.throwIfUnavailable();
    }
    return this.applyAll(batch, entries, this.options.clock.nowMs());
  }

  /** Fresh keys from here; otherwise the whole read from the store (stop-increment mode). */
  async read(counters: readonly CounterIncrement[]): Promise<number[]> {
    this.throwIfUnavailable();
    const now = this.options.clock.nowMs();
    const results: number[] = [];
    for (const counter of counters) {
      const entry = this.entries.get(counter.key);
      if (entry === undefined || now - entry.syncedAtMs > this.freshMs) {
        return this.inner.read(counters);
      }
      entry.read(now, results);
    }
    return results;
  }

  /** Forgets the keys here (unsent hits included: they are what is reset), then in the store. */
  override reset(counters: readonly CounterIncrement[]): Promise<void> {
    for (const key of keysOf(counters)) {
      const entry = this.entries.get(key);
      if (entry === undefined) continue;
      this.entries.delete(key);
      this.dirty.delete(entry);
    }
    return this.inner.reset(counters);
  }

  /**
   * Sends every key's unsent hits (a flush under way first ends). Called every flush period, early
   * when a batch fills, and at shutdown; while the store is away, it is also the probe.
   */
  flush(): Promise<void> {
    if (this.flushing !== undefined) {
      this.flushSoon = true;
      return this.flushing;
    }
    const run = this.flushOnce().finally(() => {
      this.flushing = undefined;
      if (this.flushSoon && !this.closed) {
        this.flushSoon = false;
        void this.flush();
      }
    });
    this.flushing = run;
    return run;
  }

  protected override async close(signal?: string): Promise<void> {
    // The listeners are closed by now: no decision adds hits any more. Send what is held.
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    await this.flushing;
    const calls = [...this.dirty].flatMap((entry) =>
      entry.busy === undefined ? [] : [entry.busy],
    );
    await Promise.allSettled(calls);
    if (this.dirty.size > 0) await this.flushOnce();
    const left = [...this.dirty].reduce((sum, entry) => sum + entry.unsynced, 0);
    if (left > 0) {
      this.logger.warn(
        `write-behind cache: ${left} hits could not be sent to the store before exit (${this.unavailable ?? 'unknown'})`,
      );
    }
    await super.close(signal);
  }

  private async flushOnce(): Promise<void> {
    const now = this.options.clock.nowMs();
    if (now - this.lastSweepMs >= 1000) this.sweep(now);
    const ready: CacheEntry[] = [];
    for (const entry of this.dirty) if (entry.busy === undefined) ready.push(entry);
    if (ready.length === 0) {
      if (this.unavailable !== undefined) await this.probe();
      return;
    }
    const batch = this.options.flushBatch;
    const calls: Promise<void>[] = [];
    for (let at = 0; at < ready.length; at += batch) {
      calls.push(this.sync(ready.slice(at, at + batch), now).catch(() => undefined));
    }
    await Promise.all(calls);
  }

  /** While the store is away and there is nothing to send: a read that says whether it is back. */
  private async probe(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      await this.inner.read([PROBE]);
      this.available();
    } catch (error) {
      this.failed(error);
    } finally {
      this.probing = false;
    }
  }

  /**
   * One call for `entries`: their unsent hits (none for a key read through the first time), whose
   * answers become their new base. Every entry is busy until it returns.
   */
  private sync(entries: readonly CacheEntry[], now: number): Promise<void> {
    const items: CounterIncrement[] = [];
    const sentUpTo: number[] = [];
    const allowedUpTo: number[] = [];
    const weights: number[] = [];
    let hits = 0;
    for (const entry of entries) {
      const unsent = entry.unsynced;
      hits += unsent;
      sentUpTo.push(entry.taken);
      allowedUpTo.push(entry.allowed);
      weights.push(entry.kind === EntryKind.Sliding ? entry.previousWeight(now) : 0);
      const { template } = entry;
      items.push(
        entry.kind === EntryKind.Bucket
          ? { ...template, hits: unsent, bucket: { ...template.bucket!, nowMs: now, debit: true } }
          : { ...template, hits: unsent },
      );
      entry.dirty = false;
      this.dirty.delete(entry);
    }
    const started = performance.now();
    const call = this.inner.increment(items).then(
      (results) => {
        this.stats.flushTime.record(performance.now() - started);
        this.stats.flushes.inc();
        this.stats.flushedKeys.add(entries.length);
        this.stats.flushedHits.add(hits);
        this.stats.lastFlushKeys = entries.length;
        let at = 0;
        for (let i = 0; i < entries.length; i++) {
          this.settle(entries[i], results, at, sentUpTo[i], allowedUpTo[i], weights[i], now);
          at += resultSlots(items[i]);
        }
        this.available();
      },
      (error: unknown) => {
        this.stats.flushErrors.inc();
        const unsent = error instanceof CounterStoreError && error.unsent;
        for (let i = 0; i < entries.length; i++) {
          const entry = entries[i];
          if (!unsent) {
            // Perhaps applied: never sent again (at most one flush of hits lost, none counted twice).
            this.stats.hitsDropped.add(sentUpTo[i] - entry.synced);
            entry.synced = sentUpTo[i];
            entry.allowedSynced = allowedUpTo[i];
          }
          this.markDirty(entry);
        }
        this.failed(error);
        throw error;
      },
    );
    const done = call.finally(() => {
      for (const entry of entries) if (entry.busy === done) entry.busy = undefined;
    });
    for (const entry of entries) entry.busy = done;
    return done;
  }

  /** A key's answer: its new base, and how far the hits it sent went over the limit. */
  private settle(
    entry: CacheEntry,
    results: readonly number[],
    at: number,
    sentUpTo: number,
    allowedUpTo: number,
    previousWeight: number,
    sentAtMs: number,
  ): void {
    const sent = sentUpTo - entry.synced;
    const allowed = allowedUpTo - entry.allowedSynced;
    if (entry.kind === EntryKind.Bucket) {
      const before = results[at] / TOKEN_SCALE;
      const after = results[at + 1] / TOKEN_SCALE;
      // Hits taken here beyond the tokens the bucket really had.
      if (sent > 0) this.stats.overshoot.add(sent - Math.min(sent, Math.max(0, before)));
      entry.base = after - (entry.taken - sentUpTo);
      entry.bucketMs = sentAtMs;
    } else {
      const count = results[at];
      const limit = entry.template.limit;
      if (entry.kind === EntryKind.Sliding) entry.previous = results[at + 1];
      if (limit !== undefined && allowed > 0) {
        // The hits sent hold the last `sent` places of the count; those allowed here, first.
        const beyond = previousWeight + count - sent + allowed - limit;
        if (beyond > 0) this.stats.overshoot.add(Math.min(allowed, beyond));
      }
      entry.base = count;
    }
    entry.synced = sentUpTo;
    entry.allowedSynced = allowedUpTo;
    entry.syncedAtMs = sentAtMs;
    if (entry.unsynced > 0) this.markDirty(entry);
  }

  private applyAll(
    batch: readonly CounterIncrement[],
    entries: readonly CacheEntry[],
    now: number,
  ): number[] {
    const results: number[] = [];
    for (let i = 0; i < batch.length; i++) {
      const entry = entries[i];
      entry.apply(batch[i], now, results);
      if (!entry.dirty && entry.unsynced > 0) this.markDirty(entry);
    }
    if (this.dirty.size >= this.options.flushBatch && !this.closed) void this.flush();
    return results;
  }

  private markDirty(entry: CacheEntry): void {
    entry.dirty = true;
    this.dirty.add(entry);
  }

  private insert(counter: CounterIncrement): CacheEntry {
    if (this.entries.size >= this.options.maxKeys) this.evict();
    const entry = new CacheEntry(counter);
    this.entries.set(counter.key, entry);
    return entry;
  }

  /**
   * Approximate LRU (second chance): entries used since the last pass are moved to the back;
   * the first one that was not is dropped. Its unsent hits stay in the dirty set and are sent with
   * the next flush. Entries with a call under way or decisions waiting are kept.
   */
  private evict(): void {
    for (let scanned = 0; scanned < 2 * this.entries.size + 1; scanned++) {
      const first = this.entries.entries().next();
      if (first.done) return;
      const [key, entry] = first.value;
      this.entries.delete(key);
      if (entry.used || entry.busy !== undefined || entry.waiting > 0) {
        entry.used = false;
        this.entries.set(key, entry);
        continue;
      }
      this.stats.evicted.inc();
      return;
    }
  }

  /** Drops keys whose window is over or whose view is stale, once they have nothing to send. */
  private sweep(now: number): void {
    this.lastSweepMs = now;
    for (const [key, entry] of this.entries) {
      if (entry.dirty || entry.busy !== undefined || entry.waiting > 0) continue;
      if (entry.windowOver(now) || now - entry.syncedAtMs > this.freshMs) this.entries.delete(key);
    }
  }

  private throwIfUnavailable(): void {
    if (this.unavailable !== undefined) {
      throw new CounterStoreError(`write-behind cache: ${this.unavailable}`);
    }
  }

  private failed(error: unknown): void {
    const reason = `the store did not answer the last flush (${(error as Error).message})`;
    if (this.unavailable === undefined) {
      this.logger.warn(
        `write-behind cache: ${reason}; decisions fail (KVSTORE_FAILURE_MODE decides what they get) until it answers again`,
      );
    }
    this.unavailable = reason;
  }

  private available(): void {
    if (this.unavailable === undefined) return;
    this.unavailable = undefined;
    this.logger.log('write-behind cache: the store answers again; keys are read through afresh');
    // Views from before may be stale (other instances went on counting): read them again.
    for (const [key, entry] of this.entries) {
      if (!entry.dirty && entry.busy === undefined && entry.waiting === 0) this.entries.delete(key);
    }
  }
}
