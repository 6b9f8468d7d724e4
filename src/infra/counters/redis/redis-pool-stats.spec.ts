import { CounterStore } from '../counter-store.port';
import { RedisConnectionEvent, RedisCounterStore } from './redis-counter-store';
import { RedisPoolStats } from './redis-pool-stats';
import { StatsRegistry } from '../../stats/registry';

type Report = (pool: string, event: RedisConnectionEvent) => void;

/** A Redis store whose connection events the test plays (the real events are covered end to end). */
function fakeRedisStore(): { store: CounterStore; play: Report } {
  let report: Report = () => {};
  const store = Object.create(RedisCounterStore.prototype) as RedisCounterStore;
  store.watchConnections = (listener) => (report = listener);
  return { store, play: (pool, event) => report(pool, event) };
}

const stats = (registry: StatsRegistry) =>
  Object.fromEntries(registry.snapshot().filter(([name]) => name.includes('redis')));

describe('RedisPoolStats', () => {
  it('counts connections opened, open and closed locally, per pool', () => {
    const registry = new StatsRegistry();
    const { store, play } = fakeRedisStore();
    new RedisPoolStats(store, registry);
    expect(stats(registry)).toEqual({
      'ratelimit.redis_pool.cx_active': 0,
      'ratelimit.redis_pool.cx_local_close': 0,
      'ratelimit.redis_pool.cx_total': 0,
    });
    play('primary', { opened: true });
    play('primary', { opened: true });
    play('primary', { opened: false, local: false }); // the server went away
    play('primary', { opened: true }); // reconnected
    play('per-second', { opened: true });
    play('per-second', { opened: false, local: true }); // shutdown
    expect(stats(registry)).toEqual({
      'ratelimit.redis_pool.cx_active': 2,
      'ratelimit.redis_pool.cx_local_close': 0,
      'ratelimit.redis_pool.cx_total': 3,
      'ratelimit.redis_per_second_pool.cx_active': 0,
      'ratelimit.redis_per_second_pool.cx_local_close': 1,
      'ratelimit.redis_per_second_pool.cx_total': 1,
    });
  });

  it('registers nothing for another store', () => {
    const registry = new StatsRegistry();
    new RedisPoolStats({} as CounterStore, registry);
    expect(registry.snapshot()).toEqual([]);
  });
});
