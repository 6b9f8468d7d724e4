import { Settings } from '../../settings/settings';
import { Clock } from '../clock/clock';
import { createRedisClient } from '../counters/redis/redis-client.factory';
import { MemorySharedCache } from './memory-shared-cache';
import { RedisSharedCache } from './redis-shared-cache';
import type { SharedCache } from './shared-cache.port';

/** A cache lookup that waits longer than this is worth less than doing the work. */
const KVSTORE_CACHE_TIMEOUT_MS = 1000;

/**
 * GRAPHQL_CACHE_BACKEND: `auto` follows the counters (Redis when BACKEND_TYPE is kvstore, memory
 * otherwise: memcached has no place for it here), `memory` or `kvstore` explicitly.
 */
export function sharedCacheBackend(settings: Settings): 'memory' | 'kvstore' {
  const chosen = settings.content.cacheBackend;
  if (chosen !== 'auto') return chosen;
  return settings.counters.backend === 'kvstore' ? 'kvstore' : 'memory';
}

/**
 * The shared cache: Redis with the counters' KVSTORE_* connection settings (address, topology,
 * credentials, TLS) on a connection of its own, keys under CACHE_KEY_PREFIX; or process memory.
 */
export function createSharedCache(settings: Settings, clock: Clock): SharedCache {
  if (sharedCacheBackend(settings) === 'memory') {
    return new MemorySharedCache(clock, settings.content.cacheMemoryMaxBytes, true);
  }
  const { kvstore } = settings;
  const client = createRedisClient(
    {
      ...kvstore,
      timeout: Math.min(kvstore.timeout || KVSTORE_CACHE_TIMEOUT_MS, KVSTORE_CACHE_TIMEOUT_MS),
    },
    settings,
  );
  return new RedisSharedCache(
    client,
    settings.limiter.cacheKeyPrefix,
    `the ${kvstore.type} Redis store at ${kvstore.url}`,
  );
}
