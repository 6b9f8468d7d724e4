import type { Counter } from '../../infra/stats/counter';
import type { StatsRegistry } from '../../infra/stats/registry';

/** RLQS statistics on /stats (and statsd, Prometheus): `ratelimit.rlqs.*`. */
export class QuotaStats {
  readonly streams: Counter;
  readonly reports: Counter;
  readonly reportsMapForm: Counter;
  readonly assignments: Counter;
  readonly denyAll: Counter;
  readonly abandons: Counter;
  readonly errors: Counter;

  constructor(registry: StatsRegistry, activeStreams: () => number, buckets: () => number) {
    const counter = (name: string) => registry.counter(`ratelimit.rlqs.${name}`);
    this.streams = counter('streams');
    this.reports = counter('reports');
    this.reportsMapForm = counter('reports_map_form');
    this.assignments = counter('assignments');
    this.denyAll = counter('deny_all');
    this.abandons = counter('abandons');
    this.errors = counter('errors');
    registry.gauge('ratelimit.rlqs.active_streams', activeStreams);
    registry.gauge('ratelimit.rlqs.buckets', buckets);
  }
}
