import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { TimerObserver } from '../../timer';
import { splitTags, Tag } from '../stat-name';
import { StatsSink } from '../stats-sink';
import {
  escapeLabelName,
  escapeMetricName,
  MappedMetric,
  PrometheusMapper,
  StatKind,
} from './prometheus-mapping';

type Metric = Counter | Gauge | Histogram;
interface Family {
  readonly kind: StatKind;
  readonly metric: Metric;
  readonly labelNames: ReadonlySet<string>;
}
/** One series: the labelled child of a metric, bound once per statsd name. */
type Series = Counter.Internal | Gauge.Internal<string> | Histogram.Internal<string>;

/**
 * The Prometheus sink (docs/observability.md#dogstatsd-use_dog_statsdtrue): statsd names go through
 * the mapping into a prom-client registry, served by PrometheusListener. Counter deltas accumulate,
 * gauges are set, timers are observed as histograms. Tags (in-name `.__k=v` and EXTRA_TAGS) become
 * labels. Each statsd name is mapped once.
 */
export class PrometheusSink extends StatsSink {
  readonly description = 'prometheus';
  readonly wantsFlushes = true;
  readonly registry = new Registry();
  private readonly families = new Map<string, Family>();
  private readonly bound = new Map<string, { series: Series; scale: number } | null>();
  private readonly warned = new Set<string>();

  constructor(
    private readonly mapper: PrometheusMapper,
    private readonly extraTags: readonly Tag[],
    private readonly warn: (message: string) => void,
  ) {
    super();
  }

  counter(name: string, delta: number): void {
    const found = this.seriesOf(name, 'counter');
    if (found !== null && delta > 0) (found.series as Counter.Internal).inc(delta);
  }

  gauge(name: string, value: number): void {
    const found = this.seriesOf(name, 'gauge');
    if (found !== null) (found.series as Gauge.Internal<string>).set(value);
  }

  timerObserver(name: string): TimerObserver | undefined {
    const found = this.seriesOf(name, 'timer');
    if (found === null) return undefined;
    const histogram = found.series as Histogram.Internal<string>;
    const scale = found.scale;
    return (milliseconds) => histogram.observe(milliseconds * scale);
  }

  endFlush(): void {}

  close(): Promise<void> {
    return Promise.resolve();
  }

  private seriesOf(name: string, kind: StatKind): { series: Series; scale: number } | null {
    let found = this.bound.get(name);
    if (found === undefined) {
      found = this.bind(name, kind);
      this.bound.set(name, found);
    }
    return found;
  }

  private bind(name: string, kind: StatKind): { series: Series; scale: number } | null {
    try {
      return this.tryBind(name, kind);
    } catch (error) {
      this.warnOnce(`${name}: not exported to Prometheus (${(error as Error).message})`);
      return null;
    }
  }

  private tryBind(name: string, kind: StatKind): { series: Series; scale: number } | null {
    const { base, tags } = splitTags(name);
    const mapped: MappedMetric = this.mapper(base, kind) ?? {
      name: escapeMetricName(base),
      help: `statsd ${kind} ${base}`,
      labelNames: tags.map(([key]) => escapeLabelName(key)),
      labels: {},
      scale: 1,
    };
    const labels: Record<string, string> = { ...mapped.labels };
    for (const [key, value] of [...this.extraTags, ...tags]) labels[escapeLabelName(key)] = value;
    const family = this.familyOf(mapped, kind);
    if (family === undefined) return null;
    for (const key of Object.keys(labels)) {
      if (family.labelNames.has(key)) continue;
      this.warnOnce(`${name}: label ${key} is not a label of ${mapped.name}; left out`);
      delete labels[key];
    }
    return { series: family.metric.labels(labels), scale: mapped.scale };
  }

  private familyOf(mapped: MappedMetric, kind: StatKind): Family | undefined {
    const existing = this.families.get(mapped.name);
    if (existing !== undefined) {
      if (existing.kind === kind) return existing;
      this.warnOnce(
        `${mapped.name} is already a ${existing.kind}; a ${kind} of that name is dropped`,
      );
      return undefined;
    }
    const labelNames = [
      ...new Set([...mapped.labelNames, ...this.extraTags.map(([key]) => escapeLabelName(key))]),
    ];
    const options = {
      name: mapped.name,
      help: mapped.help,
      labelNames,
      registers: [this.registry],
    };
    const metric =
      kind === 'counter'
        ? new Counter(options)
        : kind === 'gauge'
          ? new Gauge(options)
          : new Histogram(options);
    const family = { kind, metric, labelNames: new Set(labelNames) };
    this.families.set(mapped.name, family);
    return family;
  }

  private warnOnce(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.warn(message);
  }
}
