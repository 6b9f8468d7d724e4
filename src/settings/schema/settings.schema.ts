import { API_GUARD_SETTINGS } from './api-rate-limit.settings';
import { CONTENT_SETTINGS } from './content.settings';
import { COUNTER_STORE_SETTINGS } from './counter-store.settings';
import { RATELIMIT_SETTINGS } from './ratelimit.settings';
import { SERVICE_SETTINGS, ServiceModule } from './service.settings';

export { SERVICE_MODULES, LOG_LEVELS } from './service.settings';
export type { ServiceModule, LogLevel } from './service.settings';
export { BACKEND_TYPES, KVSTORE_TYPES } from './counter-store.settings';
export type { BackendType, KvStoreType, SocketType } from './counter-store.settings';

/*
 * Every environment variable the service reads. Product names come first; the upstream Envoy rate
 * limit service names (REDIS_*, MEMCACHE_*, LOCAL_CACHE_SIZE_IN_BYTES) are aliases so an upstream
 * deployment's environment works unchanged. Durations are in milliseconds.
 */

/** The groups in the order docs/settings.md lists them. */
export const SETTINGS_SCHEMA = {
  modules: SERVICE_SETTINGS.modules,
  http: SERVICE_SETTINGS.http,
  grpc: SERVICE_SETTINGS.grpc,
  debug: SERVICE_SETTINGS.debug,
  log: SERVICE_SETTINGS.log,
  rules: RATELIMIT_SETTINGS.rules,
  xds: RATELIMIT_SETTINGS.xds,
  stats: RATELIMIT_SETTINGS.stats,
  limiter: RATELIMIT_SETTINGS.limiter,
  rlqs: RATELIMIT_SETTINGS.rlqs,
  counters: COUNTER_STORE_SETTINGS.counters,
  kvstore: COUNTER_STORE_SETTINGS.kvstore,
  kvstorePerSecond: COUNTER_STORE_SETTINGS.kvstorePerSecond,
  altcache: COUNTER_STORE_SETTINGS.altcache,
  tracing: SERVICE_SETTINGS.tracing,
  lifecycle: SERVICE_SETTINGS.lifecycle,
  identity: CONTENT_SETTINGS.identity,
  content: CONTENT_SETTINGS.content,
  apiRateLimit: API_GUARD_SETTINGS.apiRateLimit,
} as const;

/**
 * The modules that read each settings group; groups not listed are read by every process. A
 * group whose modules all are off keeps its defaults and is not validated.
 */
export const SETTING_GROUP_MODULES: Partial<
  Readonly<Record<keyof typeof SETTINGS_SCHEMA, readonly ServiceModule[]>>
> = {
  grpc: ['ratelimit'],
  debug: ['ratelimit'],
  rules: ['ratelimit'],
  xds: ['ratelimit'],
  rlqs: ['ratelimit'],
  altcache: ['ratelimit'],
  // The content result cache shares the Redis connection settings and the key prefix.
  limiter: ['ratelimit', 'content'],
  counters: ['ratelimit', 'content'],
  kvstore: ['ratelimit', 'content'],
  kvstorePerSecond: ['ratelimit'],
  identity: ['content', 'teams'],
  content: ['content'],
};
