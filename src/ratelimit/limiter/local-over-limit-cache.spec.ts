import { StatsRegistry } from '../../infra/stats/registry';
import { LocalOverLimitCache } from './local-over-limit-cache';

describe('LocalOverLimitCache', () => {
  it('stays within its byte budget by evicting the oldest entries', () => {
    const stats = new StatsRegistry();
    // Each 10-character key costs 210 bytes: three fit in 700.
    const cache = new LocalOverLimitCache(700, stats);
    for (const key of ['key-000001', 'key-000002', 'key-000003', 'key-000004']) {
      cache.add(key, 10_000);
    }
    expect(cache.size).toBe(3);
    expect(cache.has('key-000001', 0)).toBe(false);
    expect(cache.has('key-000004', 0)).toBe(true);
    expect(new Map(stats.snapshot()).get('ratelimit.localcache.evacuateCount')).toBe(1);
  });

  it('forgets entries once their window has ended and counts them as expired', () => {
    const stats = new StatsRegistry();
    const cache = new LocalOverLimitCache(1000, stats);
    cache.add('k', 5000);
    expect(cache.has('k', 4999)).toBe(true);
    expect(cache.has('k', 5000)).toBe(false);
    expect(cache.size).toBe(0);
    const figures = new Map(stats.snapshot());
    expect([
      figures.get('ratelimit.localcache.expiredCount'),
      figures.get('ratelimit.localcache.hitCount'),
    ]).toEqual([1, 1]);
  });

  it('counts overwrites of a key already present', () => {
    const stats = new StatsRegistry();
    const cache = new LocalOverLimitCache(1000, stats);
    cache.add('k', 5000);
    cache.add('k', 6000);
    expect(cache.size).toBe(1);
    expect(new Map(stats.snapshot()).get('ratelimit.localcache.overwriteCount')).toBe(1);
  });
});
