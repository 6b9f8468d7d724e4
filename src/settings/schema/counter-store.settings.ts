import { EnvReader, setting } from '../setting-definition';
import { parseChoice } from '../setting-parsers';
import { U32_MAX, bool, choice, duration, int, list, secret, str } from './setting-builders';

export const BACKEND_TYPES = ['memory', 'kvstore', 'altcache'] as const;
export type BackendType = (typeof BACKEND_TYPES)[number];
export const KVSTORE_TYPES = ['single', 'sentinel', 'cluster'] as const;
export type KvStoreType = (typeof KVSTORE_TYPES)[number];
export type SocketType = 'tcp' | 'unix';
export const KVSTORE_FAILURE_MODES = ['error', 'allow', 'local'] as const;
export type KvStoreFailureMode = (typeof KVSTORE_FAILURE_MODES)[number];
export const KVSTORE_CACHE_MODES = ['off', 'write_behind'] as const;
export type KvStoreCacheMode = (typeof KVSTORE_CACHE_MODES)[number];

function parseBackendType(raw: string): BackendType {
  const aliases: Record<string, BackendType> = {
    memory: 'memory',
    kvstore: 'kvstore',
    redis: 'kvstore',
    altcache: 'altcache',
    memcache: 'altcache',
  };
  const found = aliases[raw.trim().toLowerCase()];
  if (!found) {
    throw new Error('allowed values: memory, kvstore (alias redis), altcache (alias memcache)');
  }
  return found;
}

function inferBackendType(env: EnvReader): BackendType {
  if (env.has('KVSTORE_URL')) return 'kvstore';
  if (env.has('ALTCACHE_HOST_PORT') || env.has('ALTCACHE_SRV')) return 'altcache';
  return 'memory';
}

/** A path means a unix socket, host:port means tcp (upstream always defaults to unix). */
function inferSocketType(url: string | undefined): SocketType {
  return url !== undefined && /^[^/]+:\d+$/.test(url.trim()) ? 'tcp' : url ? 'unix' : 'tcp';
}

// eslint-disable-next-line max-lines-per-function -- a settings table: one entry per setting of the group
function kvstoreGroup(
  prefix: 'KVSTORE' | 'KVSTORE_PERSECOND',
  upstream: 'REDIS' | 'REDIS_PERSECOND',
) {
  const alias = (suffix: string) => [`${upstream}_${suffix}`];
  const which = prefix === 'KVSTORE' ? 'primary' : 'per-second';
  return {
    socketType: setting<SocketType>(`${prefix}_SOCKET_TYPE`, `${which} store socket: tcp or unix`, {
      default: (env) => inferSocketType(env.get(`${prefix}_URL`)),
      defaultText: 'inferred from the URL (a path means unix)',
      parse: (raw) => parseChoice(raw.toLowerCase(), ['tcp', 'unix'] as const),
      aliases: alias('SOCKET_TYPE'),
    }),
    type: choice(`${prefix}_TYPE`, `${which} store topology`, KVSTORE_TYPES, 'single', {
      caseInsensitive: true,
      aliases: alias('TYPE'),
    }),
    url: str(
      `${prefix}_URL`,
      `${which} store address: host:port or socket path; sentinel: master,host:port,...; cluster: host:port,...`,
      prefix === 'KVSTORE' ? '127.0.0.1:6379' : '',
      alias('URL'),
    ),
    // ioredis pipelines every in-flight command on a connection: one is fastest (docs/benchmarks.md).
    poolSize: int(
      `${prefix}_POOL_SIZE`,
      `${which} store connections, used round robin (upstream's default is 10)`,
      1,
      1,
      1024,
      alias('POOL_SIZE'),
    ),
    auth: secret(
      `${prefix}_AUTH`,
      `${which} store credentials: password or user:password`,
      alias('AUTH'),
    ),
    sentinelAuth: secret(
      `${prefix}_SENTINEL_AUTH`,
      `credentials for the ${which} store's sentinels`,
      alias('SENTINEL_AUTH'),
    ),
    tls: bool(`${prefix}_TLS`, `TLS to the ${which} store`, false, alias('TLS')),
    pipelineWindow: duration(
      `${prefix}_PIPELINE_WINDOW`,
      `${which} store implicit pipelining flush window; 0 disables`,
      '0',
      alias('PIPELINE_WINDOW'),
    ),
    pipelineLimit: int(
      `${prefix}_PIPELINE_LIMIT`,
      `${which} store commands per pipeline; 0 means no limit`,
      0,
      0,
      U32_MAX,
      alias('PIPELINE_LIMIT'),
    ),
    clusterPipelineParallelism: int(
      `${prefix}_CLUSTER_PIPELINE_PARALLELISM`,
      `${which} cluster store: key groups sent concurrently (0 = pool size)`,
      1,
      0,
      1024,
      alias('CLUSTER_PIPELINE_PARALLELISM'),
    ),
    timeout: duration(
      `${prefix}_TIMEOUT`,
      `${which} store connect and command timeout`,
      '10s',
      alias('TIMEOUT'),
    ),
    poolOnEmptyBehavior: setting(
      `${prefix}_POOL_ON_EMPTY_BEHAVIOR`,
      `${which} store pool behaviour when empty: WAIT`,
      {
        default: 'WAIT' as const,
        parse: (raw) => {
          if (/^(create|error)$/i.test(raw.trim())) {
            throw new Error('allowed values: WAIT (CREATE and ERROR are not supported)');
          }
          return 'WAIT' as const;
        },
        aliases: alias('POOL_ON_EMPTY_BEHAVIOR'),
      },
    ),
  };
}

/** The counter stores: which one, and the Redis and memcached connections. */
export const COUNTER_STORE_SETTINGS = {
  counters: {
    backend: setting(
      'BACKEND_TYPE',
      'counter store: memory, kvstore (redis) or altcache (memcache)',
      {
        default: inferBackendType,
        defaultText:
          'kvstore when KVSTORE_URL is set, altcache when ALTCACHE_HOST_PORT or ALTCACHE_SRV is set, else memory',
        parse: parseBackendType,
      },
    ),
    memoryMaxKeys: int(
      'MEMORY_STORE_MAX_KEYS',
      'most counters the memory store keeps; the oldest are evicted beyond it',
      1_000_000,
      1000,
    ),
    memoryMaxBytes: int(
      'MEMORY_STORE_MAX_BYTES',
      'most bytes charged for the memory store counters (key length + 128 each); the oldest are evicted beyond it',
      256 * 1024 * 1024,
      1024 * 1024,
      Number.MAX_SAFE_INTEGER,
    ),
    healthCheckActiveConnection: bool(
      'KVSTORE_HEALTH_CHECK_ACTIVE_CONNECTION',
      'unhealthy while the store has no active connection',
      false,
      ['REDIS_HEALTH_CHECK_ACTIVE_CONNECTION'],
    ),
    startupInitialInterval: duration(
      'KVSTORE_STARTUP_INITIAL_INTERVAL',
      'first retry delay when the store is down at startup',
      '1s',
      ['REDIS_STARTUP_INITIAL_INTERVAL'],
    ),
    startupMaxInterval: duration(
      'KVSTORE_STARTUP_MAX_INTERVAL',
      'largest retry delay at startup',
      '30s',
      ['REDIS_STARTUP_MAX_INTERVAL'],
    ),
    startupMaxElapsedTime: duration(
      'KVSTORE_STARTUP_MAX_ELAPSED_TIME',
      'give up connecting at startup after this long; 0 retries forever',
      '0',
      ['REDIS_STARTUP_MAX_ELAPSED_TIME'],
    ),
    // docs/counter-stores.md#when-redis-is-slow-or-gone
    failureMode: choice(
      'KVSTORE_FAILURE_MODE',
      'when Redis does not answer (refused, or KVSTORE_TIMEOUT): error (UNAVAILABLE / 503), allow (OK, nothing counted) or local (in-process counters until Redis answers again)',
      KVSTORE_FAILURE_MODES,
      'error',
      { caseInsensitive: true },
    ),
    failureLocalInstances: int(
      'KVSTORE_FAILURE_LOCAL_INSTANCES',
      'KVSTORE_FAILURE_MODE=local: the instances expected to share the traffic; each limit is divided by it',
      1,
      1,
      100_000,
    ),
    cacheMode: choice(
      'KVSTORE_CACHE_MODE',
      'off (each decision waits for Redis) or write_behind (decided in process from the last known count, hits flushed every KVSTORE_CACHE_FLUSH_PERIOD; bounded overshoot)',
      KVSTORE_CACHE_MODES,
      'off',
      { caseInsensitive: true },
    ),
    cacheFlushPeriod: duration(
      'KVSTORE_CACHE_FLUSH_PERIOD',
      'write_behind: how often the hits taken in process are sent to Redis (and the counts read back)',
      '100ms',
    ),
    cacheFlushBatch: int(
      'KVSTORE_CACHE_FLUSH_BATCH',
      'write_behind: keys per flush call; a flush starts early when this many keys have hits to send',
      1000,
      1,
      100_000,
    ),
    cacheMaxKeys: int(
      'KVSTORE_CACHE_MAX_KEYS',
      'write_behind: most keys held in process; the least recently used are flushed and dropped beyond it',
      100_000,
      100,
    ),
  },
  kvstore: {
    ...kvstoreGroup('KVSTORE', 'REDIS'),
    tlsClientCert: str('KVSTORE_TLS_CLIENT_CERT', 'client certificate for store TLS', '', [
      'REDIS_TLS_CLIENT_CERT',
    ]),
    tlsClientKey: str('KVSTORE_TLS_CLIENT_KEY', 'client key for store TLS', '', [
      'REDIS_TLS_CLIENT_KEY',
    ]),
    tlsCaCert: str('KVSTORE_TLS_CACERT', 'CA for store TLS', '', ['REDIS_TLS_CACERT']),
    tlsSkipHostnameVerification: bool(
      'KVSTORE_TLS_SKIP_HOSTNAME_VERIFICATION',
      'verify the store certificate chain but not its name',
      false,
      ['REDIS_TLS_SKIP_HOSTNAME_VERIFICATION'],
    ),
  },
  kvstorePerSecond: {
    enabled: bool('KVSTORE_PERSECOND', 'a second store for per-second limits', false, [
      'REDIS_PERSECOND',
    ]),
    ...kvstoreGroup('KVSTORE_PERSECOND', 'REDIS_PERSECOND'),
  },
  altcache: {
    hostPort: list(
      'ALTCACHE_HOST_PORT',
      'memcached nodes host:port,... (exclusive with ALTCACHE_SRV)',
      ['MEMCACHE_HOST_PORT'],
    ),
    srv: str('ALTCACHE_SRV', 'SRV record listing the memcached nodes', '', ['MEMCACHE_SRV']),
    srvRefresh: duration('ALTCACHE_SRV_REFRESH', 'SRV re-resolve period; 0 never', '0', [
      'MEMCACHE_SRV_REFRESH',
    ]),
    maxIdleConns: int(
      'ALTCACHE_MAX_IDLE_CONNS',
      'idle connections per memcached node',
      2,
      0,
      1024,
      ['MEMCACHE_MAX_IDLE_CONNS'],
    ),
    tls: bool('ALTCACHE_TLS', 'TLS to memcached', false, ['MEMCACHE_TLS']),
    tlsClientCert: str('ALTCACHE_TLS_CLIENT_CERT', 'client certificate for memcached TLS', '', [
      'MEMCACHE_TLS_CLIENT_CERT',
    ]),
    tlsClientKey: str('ALTCACHE_TLS_CLIENT_KEY', 'client key for memcached TLS', '', [
      'MEMCACHE_TLS_CLIENT_KEY',
    ]),
    tlsCaCert: str('ALTCACHE_TLS_CACERT', 'CA for memcached TLS', '', ['MEMCACHE_TLS_CACERT']),
    tlsSkipHostnameVerification: bool(
      'ALTCACHE_TLS_SKIP_HOSTNAME_VERIFICATION',
      'verify the memcached certificate chain but not its name',
      false,
      ['MEMCACHE_TLS_SKIP_HOSTNAME_VERIFICATION'],
    ),
  },
} as const;
