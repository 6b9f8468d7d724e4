import { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';

/**
 * The per-rule counters of docs/observability.md#statistics, under
 * `ratelimit.service.rate_limit.<statsKey>.`.
 */
export interface RuleStats {
  readonly key: string;
  readonly totalHits: Counter;
  readonly overLimit: Counter;
  readonly nearLimit: Counter;
  readonly withinLimit: Counter;
  readonly overLimitWithLocalCache: Counter;
  readonly shadowMode: Counter;
}

const IPV4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})/g;

/** `:` and `|` would break the statsd line format; IPv4 dots would split the metric path. */
export function sanitizeStatName(name: string): string {
  return name.replace(/[:|]/g, '_').replace(IPV4, '$1_$2_$3_$4');
}

/**
 * The per-rule statistics, one set per stats key. Keys made from request values (limit overrides,
 * detailed_metric, value_to_metric) are bounded by STATS_MAX_KEYS: beyond it a new value folds into
 * its rule's `<rule key>.overflow` set and `ratelimit.service.stats_keys_folded` counts it, so a
 * client sending ever new values cannot grow the registry without bound.
 */
export class RuleStatsFactory {
  private readonly byKey = new Map<string, RuleStats>();
  private requestKeys = 0;
  private readonly folded: Counter;

  constructor(
    private readonly registry: StatsRegistry,
    private readonly maxRequestKeys = 10_000,
  ) {
    this.folded = registry.counter('ratelimit.service.stats_keys_folded');
  }

  /** `ruleKey` marks a key made from request values: bounded, folding into `<ruleKey>.overflow`. */
  forKey(statsKey: string, ruleKey?: string): RuleStats {
    const known = this.byKey.get(statsKey);
    if (known !== undefined) return known;
    if (ruleKey !== undefined) {
      if (this.requestKeys >= this.maxRequestKeys) {
        this.folded.inc();
        return this.forKey(`${ruleKey}.overflow`);
      }
      this.requestKeys++;
    }
    return this.create(statsKey);
  }

  private create(statsKey: string): RuleStats {
    let stats = this.byKey.get(statsKey);
    if (!stats) {
      const prefix = `ratelimit.service.rate_limit.${sanitizeStatName(statsKey)}.`;
      const counter = (stat: string) => this.registry.counter(prefix + stat);
      stats = {
        key: statsKey,
        totalHits: counter('total_hits'),
        overLimit: counter('over_limit'),
        nearLimit: counter('near_limit'),
        withinLimit: counter('within_limit'),
        overLimitWithLocalCache: counter('over_limit_with_local_cache'),
        shadowMode: counter('shadow_mode'),
      };
      this.byKey.set(statsKey, stats);
    }
    return stats;
  }

  domainNotFound(domain: string): Counter {
    return this.registry.counter(
      `ratelimit.service.rate_limit.${sanitizeStatName(domain)}.domain_not_found`,
    );
  }
}
