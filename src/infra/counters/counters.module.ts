import { Global, Logger, Module } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { Clock } from '../clock/clock';
import { HealthState } from '../health/health-state';
import { StatsRegistry } from '../stats/stats-registry';
import { CounterStore } from './counter-store.port';
import { MemoryCounterStore } from './memory-counter-store';

/**
 * The configured store. Each network back end is imported only when chosen: a process on the
 * memory store never loads ioredis or memjs (a smaller `MODULES=ratelimit` process).
 */
async function createCounterStore(
  settings: Settings,
  clock: Clock,
  stats: StatsRegistry,
  health: HealthState,
): Promise<CounterStore> {
  const backend = settings.counters.backend;
  if (backend === 'kvstore') {
    const { RedisCounterStore } = await import('./redis/redis-counter-store');
    const { RedisPoolStats } = await import('./redis/redis-pool-stats');
    const store = new RedisCounterStore(settings, health);
    new RedisPoolStats(store, stats);
    return store;
  }
  if (backend === 'altcache') {
    const { createMemcachedCounterStore } = await import('./memcached/memcached-store.factory');
    return createMemcachedCounterStore(settings, clock, stats, health);
  }
  new Logger('CounterStore').log(
    'counters are kept in process memory: limits are per instance; use a shared store when running several instances',
  );
  return new MemoryCounterStore(
    clock,
    settings.counters.memoryMaxKeys,
    stats.counter('ratelimit.memory_store.evicted'),
  );
}

/** The rate limit counters: one store for the process, and its connection statistics. */
@Global()
@Module({
  providers: [
    {
      provide: CounterStore,
      useFactory: createCounterStore,
      inject: [Settings, Clock, StatsRegistry, HealthState],
    },
  ],
  exports: [CounterStore],
})
export class CountersModule {}
