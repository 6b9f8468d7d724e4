/** The statsd type a registry statistic has. */
export type StatKind = 'counter' | 'gauge' | 'timer';

/** Where a statsd name lands in Prometheus. */
export interface MappedMetric {
  readonly name: string;
  readonly help: string;
  /** Every label the metric can carry (fixed per metric name); `labels` may leave some out. */
  readonly labelNames: readonly string[];
  readonly labels: Readonly<Record<string, string>>;
  /** Factor applied to timer observations (milliseconds). */
  readonly scale: number;
}

/** Maps a tag-free statsd name, or says undefined when no rule matches. */
export type PrometheusMapper = (name: string, kind: StatKind) => MappedMetric | undefined;

const RULE_PREFIX = 'ratelimit.service.rate_limit.';
/** The per-rule statistics the built-in mapping names (upstream's five, plus ours below). */
const RULE_STATS = new Set([
  'near_limit',
  'over_limit',
  'total_hits',
  'within_limit',
  'shadow_mode',
  // Not in upstream's mapping (it would be exported under an escaped name per rule key); mapped
  // here with the same labels so the local cache's hits do not create one metric per key.
  'over_limit_with_local_cache',
]);
const RULE_LABELS = ['domain', 'key1', 'key2'] as const;

const SERVER = /^ratelimit_server\.([^.]+)\.(total_requests|response_time)$/;
const CALL_ERROR = /^ratelimit\.service\.call\.should_rate_limit\.([^.]+)$/;
const CACHE_FLUSH_TIME = 'ratelimit.store.cache.flush_time';
const CONFIG_LOAD = /^ratelimit\.service\.(config_load_success|config_load_error)$/;

/**
 * Upstream's built-in statsd_exporter mapping (docs/observability.md#dogstatsd-use_dog_statsdtrue).
 * Per-rule statistics become one metric per statistic with `domain`, `key1` and `key2` labels:
 * levels below the second key are dropped, so deeper keys that differ only there add up in one
 * series.
 */
export function builtInMapper(responseTimeAsMilliseconds: boolean): PrometheusMapper {
  return (name) => {
    if (name.startsWith(RULE_PREFIX)) return ruleStat(name.slice(RULE_PREFIX.length));
    let match = SERVER.exec(name);
    if (match !== null) {
      const labels = { grpc_method: match[1] };
      return match[2] === 'total_requests'
        ? metric('ratelimit_service_total_requests', 'gRPC calls by method', labels)
        : {
            ...metric(
              'ratelimit_service_response_time_seconds',
              responseTimeAsMilliseconds
                ? 'gRPC call duration by method (milliseconds: PROMETHEUS_RESPONSE_TIME_AS_MILLISECONDS)'
                : 'gRPC call duration by method',
              labels,
            ),
            scale: responseTimeAsMilliseconds ? 1 : 0.001,
          };
    }
    match = CALL_ERROR.exec(name);
    if (match !== null) {
      return metric('ratelimit_service_should_rate_limit_error', 'failed decisions by cause', {
        err_type: match[1],
      });
    }
    if (name === CACHE_FLUSH_TIME) {
      // Not upstream's: the write-behind cache's flush calls, in seconds as Prometheus wants.
      return {
        ...metric('ratelimit_store_cache_flush_time_seconds', 'write-behind cache flush calls', {}),
        scale: 0.001,
      };
    }
    match = CONFIG_LOAD.exec(name);
    if (match !== null) {
      return metric(`ratelimit_service_${match[1]}`, 'rule configuration loads', {});
    }
    return undefined;
  };
}

function ruleStat(rest: string): MappedMetric | undefined {
  const parts = rest.split('.');
  const stat = parts[parts.length - 1];
  if (parts.length < 3 || !RULE_STATS.has(stat)) return undefined;
  const labels: Record<string, string> = { domain: parts[0], key1: parts[1] };
  if (parts.length > 3) labels.key2 = parts[2];
  return {
    name: `ratelimit_service_rate_limit_${stat}`,
    help: `per-rule ${stat} (ratelimit.service.rate_limit.<domain>.<key>...)`,
    labelNames: RULE_LABELS,
    labels,
    scale: 1,
  };
}

function metric(name: string, help: string, labels: Record<string, string>): MappedMetric {
  return { name, help, labelNames: Object.keys(labels), labels, scale: 1 };
}

/**
 * statsd_exporter's default for names no rule maps: the name itself with every character Prometheus
 * does not allow turned into `_` (and a leading digit prefixed with `_`).
 */
export function escapeMetricName(name: string): string {
  const escaped = name.replace(/[^a-zA-Z0-9_]/g, '_');
  return /^[0-9]/.test(escaped) ? `_${escaped}` : escaped;
}

/** As metric names; a leading `__` is reserved by Prometheus and becomes a single `_`. */
export function escapeLabelName(name: string): string {
  return escapeMetricName(name).replace(/^_{2,}/, '_');
}
