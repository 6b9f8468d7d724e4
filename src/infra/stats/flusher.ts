import { Counter } from './counter';
import { StatsSink } from './sinks/stats-sink';
import { StatsRegistry } from './registry';

/**
 * One flush (docs/observability.md#statsd-use_statsdtrue): each counter's growth since the last
 * flush goes to the sink as a delta, counters that did not move are skipped, and every gauge is
 * sent with its current value.
 */
export class StatsFlusher {
  private readonly flushed = new Map<Counter, number>();
  private readonly failedGauges = new Set<string>();

  constructor(
    private readonly registry: StatsRegistry,
    private readonly sink: StatsSink,
    /** Told once per gauge whose sampling throws; that gauge is skipped, the others still go. */
    private readonly gaugeFailed: (name: string, error: unknown) => void = () => {},
  ) {}

  flush(): void {
    for (const counter of this.registry.counters()) {
      const value = counter.value;
      const delta = value - (this.flushed.get(counter) ?? 0);
      if (delta === 0) continue;
      this.flushed.set(counter, value);
      this.sink.counter(counter.name, delta);
    }
    for (const gauge of this.registry.gauges()) {
      let value: number;
      try {
        value = gauge.value;
      } catch (error) {
        if (!this.failedGauges.has(gauge.name)) this.gaugeFailed(gauge.name, error);
        this.failedGauges.add(gauge.name);
        continue;
      }
      if (Number.isFinite(value)) this.sink.gauge(gauge.name, value);
    }
    this.sink.endFlush();
  }
}
