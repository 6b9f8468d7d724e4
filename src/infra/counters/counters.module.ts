import { Global, Logger, Module } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { Clock } from '../clock/clock';
import { StatsRegistry } from '../stats/stats-registry';
import { CounterStore } from './counter-store.port';
import { createMemcachedCounterStore } from './memcached/memcached-store.factory';
import { MemoryCounterStore } from './memory-counter-store';
import { HealthState } from '../health/health-state';
import { RedisCounterStore } from './redis/redis-counter-store';
import { RedisPoolStats } from './redis/redis-pool-stats';

function createCounterStore(
  settings: Settings,
  clock: Clock,
  stats: StatsRegistry,
  health: HealthState,
): CounterStore {
  const backend = settings.counters.backend;
  if (backend === 'kvstore') return new RedisCounterStore(settings, health);
  if (backend === 'altcache') return createMemcachedCounterStore(settings, clock, stats, health);
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
    {
      provide: RedisPoolStats,
      inject: [CounterStore, StatsRegistry],
      useFactory: (store: CounterStore, registry: StatsRegistry) =>
        new RedisPoolStats(store, registry),
    },
  ],
  exports: [CounterStore],
})
export class CountersModule {}
