import { ManualClock } from '../src/infra/clock/clock';
import { MemoryCounterStore } from '../src/infra/counters/memory-counter-store';
import { Counter } from '../src/infra/stats/counter';
import { StatsRegistry } from '../src/infra/stats/stats-registry';
import { LocalOverLimitCache } from '../src/ratelimit/limiter/local-over-limit-cache';

/*
 * RSS after one million distinct keys, in a fresh process (run with --expose-gc):
 * through the memory store, and through a 64 MiB local over-limit cache.
 */
const KEYS = 1_000_000;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const rssMiB = () => {
  gc();
  return process.memoryUsage().rss / 1024 / 1024;
};
const key = (i: number) => `bench_user_user-${i}_1795318500`;

const before = rssMiB();
const store = new MemoryCounterStore(
  new ManualClock(1_795_318_500_000),
  2_000_000,
  new Counter('evicted'),
);
for (let i = 0; i < KEYS; i++)
  store.incrementNow([{ key: key(i), hits: 1, windowSeconds: 60, windowEnd: 1_795_318_560 }]);
const withStore = rssMiB();

const cache = new LocalOverLimitCache(64 * 1024 * 1024, new StatsRegistry());
for (let i = 0; i < KEYS; i++) cache.add(`${key(i)}-over`, Number.MAX_SAFE_INTEGER);
const withCache = rssMiB();

process.stdout.write(
  JSON.stringify({
    baselineRssMiB: before,
    memoryStoreRssMiB: withStore,
    memoryStoreKeys: store.size,
    localCacheRssMiB: withCache,
    localCacheEntries: cache.size,
  }) + '\n',
);
