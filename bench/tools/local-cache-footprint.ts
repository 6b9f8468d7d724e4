import { StatsRegistry } from '../../src/infra/stats/registry';
import { LocalOverLimitCache } from '../../src/ratelimit/limiter/local-over-limit-cache';

/*
 * A child script (run with --expose-gc): RSS before and after filling a 64 MiB local over-limit
 * cache with distinct keys, in a fresh process, up to the first key its budget makes it evict
 * (at most one million), and how many entries it kept. The memory store is measured in a live
 * service instead (rows/footprint.ts).
 */
const MAX_KEYS = 1_000_000;
const BUDGET = 64 * 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const rssBytes = () => {
  gc();
  return process.memoryUsage().rss;
};

const before = rssBytes();
const cache = new LocalOverLimitCache(BUDGET, new StatsRegistry());
let offered = 0;
while (offered < MAX_KEYS) {
  const size = cache.size;
  cache.add(`bench_user_user-${offered}_1795318500-over`, Number.MAX_SAFE_INTEGER);
  offered++;
  if (cache.size <= size) break; // the budget is full: this key evicted another
}
const after = rssBytes();

process.stdout.write(
  JSON.stringify({ offered, budgetBytes: BUDGET, before, after, kept: cache.size }) + '\n',
);
