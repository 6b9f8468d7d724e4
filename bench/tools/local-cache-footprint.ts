import { StatsRegistry } from '../../src/infra/stats/stats-registry';
import { LocalOverLimitCache } from '../../src/ratelimit/limiter/local-over-limit-cache';

/*
 * A child script (run with --expose-gc): RSS before and after offering one million distinct keys
 * to a 64 MiB local over-limit cache, in a fresh process, and how many entries it kept. The
 * memory store is measured in a live service instead (rows/footprint.ts).
 */
const KEYS = 1_000_000;
const BUDGET = 64 * 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const rssBytes = () => {
  gc();
  return process.memoryUsage().rss;
};

const before = rssBytes();
const cache = new LocalOverLimitCache(BUDGET, new StatsRegistry());
for (let i = 0; i < KEYS; i++)
  cache.add(`bench_user_user-${i}_1795318500-over`, Number.MAX_SAFE_INTEGER);
const after = rssBytes();

process.stdout.write(
  JSON.stringify({ keys: KEYS, budgetBytes: BUDGET, before, after, kept: cache.size }) + '\n',
);
