import { setting } from '../setting-definition';
import { parseNumber } from '../setting-parsers';
import { bool, choice, duration, int, list, map, port, ratio, str } from './setting-builders';

/** The rate limit rules, their xDS source, statistics and the decision limiter. */
export const RATELIMIT_SETTINGS = {
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
  rlqs: {
    assignmentTtl: duration(
      'RLQS_ASSIGNMENT_TTL',
      'how long an Envoy keeps a quota assignment (RLQS) before it counts as expired',
      '10s',
    ),
    bucketIdleTimeout: duration(
      'RLQS_BUCKET_IDLE_TIMEOUT',
      'a bucket no usage report named, or named only with zero usage, for this long is abandoned (RLQS)',
      '60s',
    ),
    requestsPerTimeUnit: bool(
      'RLQS_REQUESTS_PER_TIME_UNIT',
      'assign requests_per_time_unit where a unit fits, for clients that enforce it (Envoy only enforces token buckets)',
    ),
    noRule: choice(
      'RLQS_NO_RULE',
      'the assignment of a bucket no rule matches: ALLOW_ALL or DENY_ALL',
      ['ALLOW_ALL', 'DENY_ALL'] as const,
      'ALLOW_ALL',
    ),
    reportInterval: duration(
      'RLQS_REPORT_INTERVAL',
      "the Envoys' reporting_interval the fair shares assume: demand is pooled per interval (RLQS)",
      '5s',
    ),
    minShare: ratio(
      'RLQS_MIN_SHARE',
      'the least share of a limit a reporting Envoy is given, whatever its demand (RLQS, 0 to 1)',
      0.02,
    ),
    shareChange: ratio(
      'RLQS_SHARE_CHANGE',
      "how far (relative) a stream's share must move before a new assignment is pushed to it unasked (RLQS)",
      0.2,
    ),
    maxBucketsPerStream: int(
      'RLQS_MAX_BUCKETS_PER_STREAM',
      'buckets one quota stream may hold; one more ends it RESOURCE_EXHAUSTED (RLQS)',
      10000,
      1,
    ),
    maxStreams: int(
      'RLQS_MAX_STREAMS',
      'quota streams this process serves at once; one more is refused RESOURCE_EXHAUSTED (RLQS)',
      10000,
      1,
    ),
    maxMessageSize: int(
      'RLQS_MAX_MESSAGE_SIZE',
      'largest usage report in bytes; a larger one ends its stream RESOURCE_EXHAUSTED (RLQS)',
      1048576,
      1024,
    ),
  },
} as const;
