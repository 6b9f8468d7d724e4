import { randomUUID } from 'node:crypto';
import { NO_TRUSTED_PROXIES, parseTrustedProxies, TrustedProxies } from './trusted-proxies';
import { API_LIMIT_HEADER_MODES, parseProtectedApis, PROTECTED_APIS } from './api-guard.settings';
import { EnvReader, setting, SettingDefinition } from './setting-definition';
import {
  parseBool,
  parseChoice,
  parseDuration,
  parseInteger,
  parseList,
  parseMap,
  parseNumber,
} from './setting-parsers';

/*
 * Every environment variable the service reads. Product names come first; the upstream Envoy rate
 * limit service names (REDIS_*, MEMCACHE_*, LOCAL_CACHE_SIZE_IN_BYTES) are aliases so an upstream
 * deployment's environment works unchanged. Durations are in milliseconds.
 */

const U32_MAX = 4294967295;

const str = (env: string, doc: string, fallback = '', aliases: string[] = []) =>
  setting(env, doc, { default: fallback, parse: (raw) => raw, aliases });
const bool = (env: string, doc: string, fallback = false, aliases: string[] = []) =>
  setting(env, doc, { default: fallback, parse: parseBool, aliases });
const int = (
  env: string,
  doc: string,
  fallback: number,
  min = 0,
  max = U32_MAX,
  aliases: string[] = [],
) => setting(env, doc, { default: fallback, parse: (raw) => parseInteger(raw, min, max), aliases });
const port = (env: string, doc: string, fallback: number) => int(env, doc, fallback, 0, 65535);
const ratio = (env: string, doc: string, fallback: number) =>
  setting(env, doc, { default: fallback, parse: (raw) => parseNumber(raw, 0, 1) });
const duration = (env: string, doc: string, fallback: string, aliases: string[] = []) =>
  setting(env, doc, {
    default: parseDuration(fallback),
    defaultText: fallback,
    parse: (raw) => {
      const ms = parseDuration(raw);
      if (ms < 0) throw new Error('allowed values: a duration that is not negative');
      return ms;
    },
    aliases,
  });
const list = (env: string, doc: string, aliases: string[] = []) =>
  setting<string[]>(env, doc, { default: [], defaultText: '', parse: parseList, aliases });
const map = (env: string, doc: string, separator = ':') =>
  setting<Record<string, string>>(env, doc, {
    default: {},
    defaultText: '',
    parse: (raw) => parseMap(raw, separator),
  });
const choice = <T extends string>(
  env: string,
  doc: string,
  choices: readonly T[],
  fallback: T,
  options: { caseInsensitive?: boolean; aliases?: string[] } = {},
): SettingDefinition<T> =>
  setting(env, doc, {
    default: fallback,
    parse: (raw) => parseChoice(raw, choices, options.caseInsensitive),
    aliases: options.aliases,
  });

/** The domains one process can serve (MODULES). */
export const SERVICE_MODULES = ['ratelimit', 'content', 'teams'] as const;
export type ServiceModule = (typeof SERVICE_MODULES)[number];

function parseModules(raw: string): ServiceModule[] {
  const names = parseList(raw.toLowerCase());
  const allowed = `allowed values: a comma list of ${SERVICE_MODULES.join(', ')}`;
  if (names.length === 0) throw new Error(allowed);
  for (const name of names)
    if (!(SERVICE_MODULES as readonly string[]).includes(name))
      throw new Error(`unknown module ${JSON.stringify(name)}; ${allowed}`);
  return SERVICE_MODULES.filter((name) => names.includes(name));
}

export const BACKEND_TYPES = ['memory', 'kvstore', 'altcache'] as const;
export type BackendType = (typeof BACKEND_TYPES)[number];
export const KVSTORE_TYPES = ['single', 'sentinel', 'cluster'] as const;
export type KvStoreType = (typeof KVSTORE_TYPES)[number];
export type SocketType = 'tcp' | 'unix';
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function parseBackendType(raw: string): BackendType {
  const aliases: Record<string, BackendType> = {
    memory: 'memory',
    kvstore: 'kvstore',
    redis: 'kvstore',
    altcache: 'altcache',
    memcache: 'altcache',
  };
  const found = aliases[raw.trim().toLowerCase()];
  if (!found)
    throw new Error('allowed values: memory, kvstore (alias redis), altcache (alias memcache)');
  return found;
}

function inferBackendType(env: EnvReader): BackendType {
  if (env.has('KVSTORE_URL')) return 'kvstore';
  if (env.has('ALTCACHE_HOST_PORT') || env.has('ALTCACHE_SRV')) return 'altcache';
  return 'memory';
}

function parseLogLevel(raw: string): LogLevel {
  const level = raw.trim().toLowerCase();
  if (level === 'warning') return 'warn';
  if (level === 'panic') return 'fatal';
  return parseChoice(level, LOG_LEVELS);
}

/** A path means a unix socket, host:port means tcp (upstream always defaults to unix). */
function inferSocketType(url: string | undefined): SocketType {
  return url !== undefined && /^[^/]+:\d+$/.test(url.trim()) ? 'tcp' : url ? 'unix' : 'tcp';
}

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
    auth: str(
      `${prefix}_AUTH`,
      `${which} store credentials: password or user:password`,
      '',
      alias('AUTH'),
    ),
    sentinelAuth: str(
      `${prefix}_SENTINEL_AUTH`,
      `credentials for the ${which} store's sentinels`,
      '',
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
          if (/^(create|error)$/i.test(raw.trim()))
            throw new Error('allowed values: WAIT (CREATE and ERROR are not supported)');
          return 'WAIT' as const;
        },
        aliases: alias('POOL_ON_EMPTY_BEHAVIOR'),
      },
    ),
  };
}

export const SETTINGS_SCHEMA = {
  modules: {
    enabled: setting<readonly ServiceModule[]>(
      'MODULES',
      'domains this process serves: a comma list of ratelimit, content, teams; settings of the others are not read',
      { default: SERVICE_MODULES, defaultText: SERVICE_MODULES.join(','), parse: parseModules },
    ),
  },
  http: {
    host: str('HOST', 'HTTP listener host (/json, /healthcheck, GraphQL, teams API)', '0.0.0.0'),
    port: port('PORT', 'HTTP listener port', 8080),
    requestTimeout: duration(
      'HTTP_REQUEST_TIMEOUT',
      'longest time a client may take to send a whole request, headers and body, on the HTTP, debug and Prometheus listeners: then 408 and the connection is closed; 0 disables',
      '30s',
    ),
  },
  grpc: {
    host: str('GRPC_HOST', 'gRPC listener host', '0.0.0.0'),
    port: port('GRPC_PORT', 'gRPC listener port', 8081),
    uds: str('GRPC_UDS', 'when set, gRPC listens on this unix socket instead of host:port'),
    maxConnectionAge: duration(
      'GRPC_MAX_CONNECTION_AGE',
      'connections are sent GOAWAY after this age (±10% jitter)',
      '24h',
    ),
    maxConnectionAgeGrace: duration(
      'GRPC_MAX_CONNECTION_AGE_GRACE',
      'extra time before an aged connection is closed',
      '1h',
    ),
    useTls: bool('GRPC_SERVER_USE_TLS', 'TLS on the gRPC listener'),
    tlsCert: str('GRPC_SERVER_TLS_CERT', 'server certificate chain file'),
    tlsKey: str('GRPC_SERVER_TLS_KEY', 'server private key file'),
    clientCaCert: str(
      'GRPC_CLIENT_TLS_CACERT',
      'client CA file; when set, clients must present a certificate',
    ),
    clientSan: str('GRPC_CLIENT_TLS_SAN', 'DNS name required in the client certificate'),
    maxDescriptors: int(
      'MAX_DESCRIPTORS_PER_REQUEST',
      'largest descriptor list one decision request may carry',
      1000,
      1,
    ),
  },
  debug: {
    host: str('DEBUG_HOST', 'debug listener host', '0.0.0.0'),
    port: port('DEBUG_PORT', 'debug listener port', 6070),
  },
  log: {
    level: setting<LogLevel>('LOG_LEVEL', 'trace, debug, info, warn, error or fatal', {
      default: 'warn',
      parse: parseLogLevel,
    }),
    format: choice(
      'LOG_FORMAT',
      'text, or json for lines with @timestamp, @message and level',
      ['text', 'json'] as const,
      'text',
      { caseInsensitive: true },
    ),
  },
  rules: {
    configType: choice(
      'CONFIG_TYPE',
      'where rules come from: FILE or GRPC_XDS_SOTW',
      ['FILE', 'GRPC_XDS_SOTW'] as const,
      'FILE',
    ),
    forceStart: bool(
      'FORCE_START_WITHOUT_INITIAL_CONFIG',
      'open the listeners before the first configuration arrives',
    ),
    runtimeRoot: str(
      'RUNTIME_ROOT',
      'rule file root (a symlink swapped atomically in symlink mode)',
      'config',
    ),
    runtimeSubdirectory: str('RUNTIME_SUBDIRECTORY', 'subdirectory of the root', 'ratelimit'),
    runtimeAppDirectory: str('RUNTIME_APPDIRECTORY', 'directory holding the rule files', 'config'),
    ignoreDotFiles: bool(
      'RUNTIME_IGNOREDOTFILES',
      'skip dot files and dot directories (Kubernetes ConfigMaps)',
    ),
    watchRoot: bool(
      'RUNTIME_WATCH_ROOT',
      'true: reload when the root symlink is swapped; false: reload on file changes',
      true,
    ),
    mergeDomainConfig: bool('MERGE_DOMAIN_CONFIG', 'allow one domain in several files'),
    healthyWithAtLeastOneConfigLoaded: bool(
      'HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED',
      'unhealthy until a configuration with a domain is loaded',
    ),
  },
  xds: {
    nodeId: str('CONFIG_GRPC_XDS_NODE_ID', 'xDS node id', 'default'),
    nodeMetadata: map('CONFIG_GRPC_XDS_NODE_METADATA', 'xDS node metadata, k1=v1,k2=v2', '='),
    serverUrl: str(
      'CONFIG_GRPC_XDS_SERVER_URL',
      'xDS management server address',
      'localhost:18000',
    ),
    connectRetryInterval: duration(
      'CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL',
      'retry interval while the xDS server is unreachable',
      '3s',
    ),
    additionalHeaders: map(
      'CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS',
      'extra gRPC metadata to the xDS server, k1:v1,k2:v2',
    ),
    useTls: bool('CONFIG_GRPC_XDS_SERVER_USE_TLS', 'TLS to the xDS server'),
    clientTlsCert: str('CONFIG_GRPC_XDS_CLIENT_TLS_CERT', 'client certificate for the xDS server'),
    clientTlsKey: str('CONFIG_GRPC_XDS_CLIENT_TLS_KEY', 'client key for the xDS server'),
    serverTlsCaCert: str('CONFIG_GRPC_XDS_SERVER_TLS_CACERT', 'CA of the xDS server'),
    serverTlsSan: str(
      'CONFIG_GRPC_XDS_SERVER_TLS_SAN',
      'name expected in the xDS server certificate',
    ),
    backoffInitialInterval: duration(
      'XDS_CLIENT_BACKOFF_INITIAL_INTERVAL',
      'first reconnect delay',
      '10s',
    ),
    backoffMaxInterval: duration(
      'XDS_CLIENT_BACKOFF_MAX_INTERVAL',
      'largest reconnect delay',
      '60s',
    ),
    backoffRandomFactor: setting(
      'XDS_CLIENT_BACKOFF_RANDOM_FACTOR',
      'reconnect delay growth factor',
      {
        default: 0.5,
        parse: (raw) => parseNumber(raw, 0, 1000),
      },
    ),
    backoffJitter: bool('XDS_CLIENT_BACKOFF_JITTER', 'randomise reconnect delays', true),
    maxMessageSize: int(
      'XDS_CLIENT_MAX_MSG_SIZE_IN_BYTES',
      'largest xDS response; 0 means the gRPC default (4 MiB)',
      0,
    ),
  },
  stats: {
    useStatsd: bool(
      'USE_STATSD',
      'send statistics to statsd (off by default here; upstream defaults to on)',
    ),
    statsdHost: str('STATSD_HOST', 'statsd or DogStatsD host', 'localhost'),
    statsdPort: port('STATSD_PORT', 'statsd or DogStatsD port', 8125),
    statsdProtocol: choice(
      'STATSD_PROTOCOL',
      'statsd transport: tcp or udp',
      ['tcp', 'udp'] as const,
      'tcp',
      { caseInsensitive: true },
    ),
    useDogStatsd: bool('USE_DOG_STATSD', 'send statistics to DogStatsD'),
    dogStatsdMogrifiers: list(
      'USE_DOG_STATSD_MOGRIFIERS',
      'DogStatsD mogrifier names (see DOG_STATSD_MOGRIFIER_<NAME>_*)',
    ),
    extraTags: map('EXTRA_TAGS', 'tags added to every statistic, k1:v1,k2:v2'),
    flushInterval: duration('STATS_FLUSH_INTERVAL', 'statistics flush period', '10s'),
    disabled: bool('DISABLE_STATS', 'discard all statistics'),
    maxKeys: int(
      'STATS_MAX_KEYS',
      'most per-value rule statistics that request values create (limit overrides, detailed_metric, value_to_metric); beyond it they fold into one <rule>.overflow stat per rule',
      10_000,
      1,
    ),
    usePrometheus: bool('USE_PROMETHEUS', 'serve statistics to Prometheus'),
    prometheusAddr: str('PROMETHEUS_ADDR', 'Prometheus listener address', ':9090'),
    prometheusPath: str('PROMETHEUS_PATH', 'Prometheus metrics path', '/metrics'),
    prometheusMapperYaml: str(
      'PROMETHEUS_MAPPER_YAML',
      'statsd_exporter mapping file replacing the built-in mapping',
    ),
    prometheusResponseTimeAsMilliseconds: bool(
      'PROMETHEUS_RESPONSE_TIME_AS_MILLISECONDS',
      'response time histogram in milliseconds',
    ),
  },
  limiter: {
    nearLimitRatio: ratio(
      'NEAR_LIMIT_RATIO',
      'share of a limit above which hits count as near_limit (0 to 1)',
      0.8,
    ),
    shadowMode: bool('SHADOW_MODE', 'report every over-limit decision as OK (global shadow mode)'),
    quotaMode: bool('QUOTA_MODE', 'treat every descriptor as a quota descriptor'),
    responseDynamicMetadata: bool(
      'RESPONSE_DYNAMIC_METADATA',
      'fill dynamic_metadata in responses',
    ),
    cacheKeyPrefix: str('CACHE_KEY_PREFIX', 'prepended to every counter key'),
    expirationJitterMaxSeconds: int(
      'EXPIRATION_JITTER_MAX_SECONDS',
      'random extra counter TTL in [0, max) seconds',
      300,
    ),
    stopCacheKeyIncrementWhenOverlimit: bool(
      'STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT',
      'do not count hits of a request another of whose limits is exceeded',
    ),
    localCacheSizeInBytes: int(
      'LocalCacheSizeInBytes',
      'local over-limit cache size; 0 disables it',
      0,
      0,
      Number.MAX_SAFE_INTEGER,
      ['LOCAL_CACHE_SIZE_IN_BYTES'],
    ),
    responseHeadersEnabled: bool(
      'LIMIT_RESPONSE_HEADERS_ENABLED',
      'add RateLimit-* response headers',
    ),
    limitHeader: str('LIMIT_LIMIT_HEADER', 'limit header name', 'RateLimit-Limit'),
    remainingHeader: str('LIMIT_REMAINING_HEADER', 'remaining header name', 'RateLimit-Remaining'),
    resetHeader: str('LIMIT_RESET_HEADER', 'reset header name', 'RateLimit-Reset'),
  },
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
  tracing: {
    enabled: bool('TRACING_ENABLED', 'export OpenTelemetry traces over OTLP'),
    exporterProtocol: choice(
      'TRACING_EXPORTER_PROTOCOL',
      'OTLP transport: http or grpc',
      ['http', 'grpc'] as const,
      'http',
    ),
    serviceName: str('TRACING_SERVICE_NAME', 'service.name resource attribute', 'RateLimit'),
    serviceNamespace: str('TRACING_SERVICE_NAMESPACE', 'service.namespace resource attribute'),
    serviceInstanceId: setting(
      'TRACING_SERVICE_INSTANCE_ID',
      'service.instance.id resource attribute',
      {
        default: () => randomUUID(),
        defaultText: 'a random UUID',
        parse: (raw) => raw,
      },
    ),
    samplingRate: ratio('TRACING_SAMPLING_RATE', 'share of traces sampled (0 to 1)', 1),
  },
  lifecycle: {
    shutdownTimeout: duration(
      'SHUTDOWN_TIMEOUT',
      'longest wait for in-flight calls after SIGTERM before the process exits',
      '30s',
    ),
  },
  identity: {
    dataDir: str(
      'DATA_DIR',
      'local data directory; the embedded database (PGlite) lives in DATA_DIR/pglite',
      './data',
    ),
    databaseUrl: setting('DATABASE_URL', 'PostgreSQL URL (postgres://...); empty uses PGlite', {
      default: '',
      parse: parseDatabaseUrl,
    }),
    databasePoolSize: int('DATABASE_POOL_SIZE', 'PostgreSQL connections per instance', 10, 1, 1000),
    adminUser: str('ADMIN_USER', 'login of the admin user created on first start', 'admin'),
    adminPassword: str(
      'ADMIN_PASSWORD',
      'password of that admin; empty: a random one is generated and logged once',
    ),
    adminEmail: str('ADMIN_EMAIL', 'email of that admin', 'admin@localhost'),
    editorsCanAdmin: bool(
      'EDITORS_CAN_ADMIN',
      'Editors may create teams (and administer the teams they create)',
    ),
    hiddenUsers: list(
      'HIDDEN_USERS',
      'logins left out of team member lists and counts, except for Grafana admins and themselves',
    ),
    disableGravatar: bool(
      'DISABLE_GRAVATAR',
      'avatar URLs point to a local placeholder image instead of /avatar/<md5>',
    ),
    appSubUrl: str('APP_SUB_URL', 'path prefix of avatar URLs (Grafana app_sub_url)'),
  },
  content: {
    enabled: bool('GRAPHQL_ENABLED', 'serve the content GraphQL API (Craft enableGql)', true),
    path: setting('GRAPHQL_PATH', 'path of the GraphQL endpoint; /api is served as well', {
      default: '/graphql',
      parse: parsePath,
    }),
    projectDir: str(
      'CONTENT_PROJECT_DIR',
      'directory of the content model YAML (sites, fields, sections, volumes, GraphQL schemas); re-applied on change',
      'config/content/project',
    ),
    seedDir: setting(
      'CONTENT_SEED_DIR',
      'content loaded at boot while the store holds no entries, assets, categories or tags (the demo content); `none`: nothing',
      {
        default: 'config/content/seed',
        parse: (raw) => (raw.trim().toLowerCase() === 'none' ? '' : raw.trim()),
      },
    ),
    volumesDir: str(
      'CONTENT_VOLUMES_DIR',
      'where volumes without a path keep their files (DATA_DIR/volumes when empty)',
    ),
    devMode: bool(
      'GRAPHQL_DEV_MODE',
      'Craft devMode: real error messages and the FieldsOnCorrectType/KnownTypeNames validation rules',
    ),
    allowedOrigins: setting<string[] | null | false>(
      'GRAPHQL_ALLOWED_ORIGINS',
      'CORS origins (Craft allowedGraphqlOrigins): empty = *, a comma list, or "none"',
      { default: null, defaultText: '', parse: parseOrigins },
    ),
    maxResults: int('GRAPHQL_MAX_RESULTS', 'caps the limit of every element query; 0 = off', 0),
    maxComplexity: int(
      'GRAPHQL_MAX_COMPLEXITY',
      'largest complexity score of an operation (Craft maxGraphqlComplexity); 0 = off',
      0,
    ),
    maxDepth: int(
      'GRAPHQL_MAX_DEPTH',
      'deepest nesting of fields of an operation (Craft maxGraphqlDepth); 0 = off',
      0,
    ),
    maxBatchSize: int(
      'GRAPHQL_MAX_BATCH_SIZE',
      'most operations in one batch request (Craft maxGraphqlBatchSize); 0 = off',
      0,
    ),
    maxTokens: int(
      'GRAPHQL_MAX_TOKENS',
      'most tokens (names, values, punctuation) in a query document; parsing stops beyond it with a syntax error; 0 = off',
      50_000,
    ),
    introspection: bool(
      'GRAPHQL_INTROSPECTION',
      'allow introspection with the public schema and tokens (admins with X-Craft-Gql-Schema always may)',
      true,
    ),
    cache: bool('GRAPHQL_CACHE', 'cache query results (Craft enableGraphqlCaching)', true),
    cacheTtl: duration(
      'GRAPHQL_CACHE_TTL',
      'longest life of a cached result (content changes invalidate sooner)',
      '1h',
    ),
    cacheBackend: choice(
      'GRAPHQL_CACHE_BACKEND',
      'where results are cached: auto (kvstore when BACKEND_TYPE is kvstore, else memory), memory or kvstore (the KVSTORE_* store)',
      ['auto', 'memory', 'kvstore'] as const,
      'auto',
      { caseInsensitive: true },
    ),
    cacheMemoryMaxBytes: int(
      'GRAPHQL_CACHE_MEMORY_MAX_BYTES',
      'memory backend: total size of cached results; least recently used evicted beyond it',
      64 * 1024 * 1024,
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    cacheMaxEntryBytes: int(
      'GRAPHQL_CACHE_MAX_ENTRY_BYTES',
      'results larger than this (JSON bytes) are not cached',
      2 * 1024 * 1024,
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    maxBodyBytes: int(
      'GRAPHQL_MAX_BODY_BYTES',
      'largest request body of the GraphQL endpoint (asset uploads travel in it as base64); larger: 413',
      16 * 1024 * 1024,
      1024,
      Number.MAX_SAFE_INTEGER,
    ),
    datesInSystemTimeZone: bool(
      'GRAPHQL_DATES_IN_SYSTEM_TIME_ZONE',
      'present dates in TZ instead of UTC (Craft setGraphqlDatesToSystemTimeZone)',
    ),
  },
  apiRateLimit: {
    domain: str(
      'API_RATE_LIMIT_DOMAIN',
      'rate limit domain protecting the GraphQL and teams APIs in process (docs/api-rate-limits.md); empty: off',
    ),
    routes: setting('API_RATE_LIMIT_ROUTES', 'APIs the domain protects: graphql, teams', {
      default: [...PROTECTED_APIS],
      defaultText: PROTECTED_APIS.join(','),
      parse: parseProtectedApis,
    }),
    trustedProxies: setting<TrustedProxies>(
      'API_RATE_LIMIT_TRUSTED_PROXIES',
      'X-Forwarded-For for the client address: empty ignores it; a number of trusted proxy hops; or proxy addresses/CIDRs',
      { default: NO_TRUSTED_PROXIES, defaultText: '', parse: parseTrustedProxies },
    ),
    headers: choice(
      'API_RATE_LIMIT_HEADERS',
      'rate limit headers on API answers: draft (RateLimit-*), envoy (X-RateLimit-*), both or none',
      API_LIMIT_HEADER_MODES,
      'draft',
    ),
  },
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
  altcache: ['ratelimit'],
  // The content result cache shares the Redis connection settings and the key prefix.
  limiter: ['ratelimit', 'content'],
  counters: ['ratelimit', 'content'],
  kvstore: ['ratelimit', 'content'],
  kvstorePerSecond: ['ratelimit'],
  identity: ['content', 'teams'],
  content: ['content'],
};

/** A PostgreSQL connection URL (postgres: or postgresql:), or empty for the embedded PGlite. */
function parseDatabaseUrl(raw: string): string {
  const value = raw.trim();
  if (value === '') return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('allowed values: empty, or a URL postgres://user:password@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new Error('allowed values: a postgres:// or postgresql:// URL');
  return value;
}

/** An absolute URL path without a trailing slash. */
function parsePath(raw: string): string {
  const value = raw.trim();
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(value) || (value.length > 1 && value.endsWith('/')))
    throw new Error('allowed values: an absolute path such as /graphql, without a trailing slash');
  return value;
}

/** Craft's allowedGraphqlOrigins: null (every origin, `*`), a list, or false (never sent). */
function parseOrigins(raw: string): string[] | null | false {
  const value = raw.trim();
  if (value === '') return null;
  if (value.toLowerCase() === 'none') return false;
  return parseList(value);
}
