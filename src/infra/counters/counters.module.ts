import { Global, Logger, Module } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { Clock } from '../clock/clock';
import { HealthState } from '../health/health-state';
import { StatsRegistry } from '../stats/registry';
import { CounterStore, RESERVED_COUNTER_STORE } from './counter-store.port';
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
    // KVSTORE_CACHE_MODE, KVSTORE_FAILURE_MODE: loaded only when not at their defaults.
    const { cacheMode, failureMode } = settings.counters;
    const modes =
      cacheMode !== 'off' || failureMode !== 'error' ? await import('./store-modes') : undefined;
    const store = new RedisCounterStore(settings, modes?.storeHealth(settings, health) ?? health);
    new RedisPoolStats(store, stats);
    return modes?.withStoreModes(store, settings, clock, stats, health) ?? store;
  }
  if (backend === 'altcache') {
    const { createMemcachedCounterStore } = await import('./memcached/memcached-store.factory');
    return createMemcachedCounterStore(settings, clock, stats, health);
  }
  new Logger('CounterStore').log(
    'counters are kept in process memory: limits are per instance; use a shared store when running several instances',
  );
  return memoryStore(settings, clock, stats, 'ratelimit.memory_store', 1);
}

/**
 * A memory store with its statistics under `name`: evictions, and the keys and bytes it holds
 * as gauges (on /stats). `share` scales MEMORY_STORE_MAX_KEYS and MEMORY_STORE_MAX_BYTES.
 */
function memoryStore(
  settings: Settings,
  clock: Clock,
  stats: StatsRegistry,
  name: string,
  share: number,
): MemoryCounterStore {
  const { memoryMaxKeys, memoryMaxBytes } = settings.counters;
  const store = new MemoryCounterStore(
    clock,
    Math.max(1000, Math.floor(memoryMaxKeys * share)),
    stats.counter(`${name}.evicted`),
    Math.max(1024 * 1024, Math.floor(memoryMaxBytes * share)),
  );
  stats.gauge(`${name}.keys`, () => store.size);
  stats.gauge(`${name}.bytes`, () => store.bytes);
  return store;
}

/**
 * RESERVED_COUNTER_STORE: on the memory store, a second memory store for the API guard's domain
 * (API_RATE_LIMIT_DOMAIN) with a tenth of the bounds, so that no amount of other domains' traffic
 * evicts its counters; on a shared store, that store.
 */
function createReservedCounterStore(
  store: CounterStore,
  settings: Settings,
  clock: Clock,
  stats: StatsRegistry,
): CounterStore {
  if (!(store instanceof MemoryCounterStore) || settings.apiRateLimit.domain === '') return store;
  return memoryStore(settings, clock, stats, 'ratelimit.memory_store.reserved', 0.1);
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
      provide: RESERVED_COUNTER_STORE,
      useFactory: createReservedCounterStore,
      inject: [CounterStore, Settings, Clock, StatsRegistry],
    },
  ],
  exports: [CounterStore, RESERVED_COUNTER_STORE],
})
export class CountersModule {}
