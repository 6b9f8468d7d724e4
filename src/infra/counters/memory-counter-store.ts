import { Logger } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { Counter } from '../stats/counter';
import { CounterIncrement, CounterStore } from './counter-store.port';

/**
 * In-process counters for a single instance. Keys embed their window start, so a counter is dead
 * once its window ends: keys are grouped by window end and whole groups are dropped once a second.
 * Beyond `maxKeys` the oldest counters are evicted (and counted), so memory stays bounded.
 */
export class MemoryCounterStore extends CounterStore {
  readonly kind = 'memory';
  private readonly logger = new Logger(MemoryCounterStore.name);
  private readonly counts = new Map<string, number>();
  private readonly keysByWindowEnd = new Map<number, string[]>();
  private lastSweepSecond = 0;
  private warnedAboutEviction = false;

  constructor(
    private readonly clock: Clock,
    private readonly maxKeys: number,
    private readonly evictions: Counter,
  ) {
    super();
  }

  increment(batch: readonly CounterIncrement[]): Promise<number[]> {
    return Promise.resolve(this.incrementNow(batch));
  }

  read(counters: readonly CounterIncrement[]): Promise<number[]> {
    return Promise.resolve(counters.map(({ key }) => this.counts.get(key) ?? 0));
  }

  /** Synchronous core, also used by tests. */
  incrementNow(batch: readonly CounterIncrement[]): number[] {
    const nowSecond = Math.floor(this.clock.nowMs() / 1000);
    if (nowSecond !== this.lastSweepSecond) this.sweep(nowSecond);
    const results = new Array<number>(batch.length);
    for (let i = 0; i < batch.length; i++) {
      const { key, hits, windowEnd } = batch[i];
      const current = this.counts.get(key);
      if (current !== undefined) {
        results[i] = current + hits;
        if (hits !== 0) this.counts.set(key, current + hits);
      } else {
        results[i] = hits;
        if (hits !== 0) this.insert(key, hits, windowEnd);
      }
    }
    return results;
  }

  get size(): number {
    return this.counts.size;
  }

  private insert(key: string, count: number, windowEnd: number): void {
    if (this.counts.size >= this.maxKeys) this.evictOldest();
    this.counts.set(key, count);
    const keys = this.keysByWindowEnd.get(windowEnd);
    if (keys) keys.push(key);
    else this.keysByWindowEnd.set(windowEnd, [key]);
  }

  private evictOldest(): void {
    const oldest = this.counts.keys().next();
    if (oldest.done) return;
    this.counts.delete(oldest.value);
    this.evictions.inc();
    if (!this.warnedAboutEviction) {
      this.warnedAboutEviction = true;
      this.logger.warn(
        `memory counter store is full (${this.maxKeys} keys): evicting the oldest counters; raise MEMORY_STORE_MAX_KEYS or use a shared store`,
      );
    }
  }

  private sweep(nowSecond: number): void {
    this.lastSweepSecond = nowSecond;
    for (const [windowEnd, keys] of this.keysByWindowEnd) {
      if (windowEnd > nowSecond) continue;
      for (const key of keys) this.counts.delete(key);
      this.keysByWindowEnd.delete(windowEnd);
    }
  }
}
