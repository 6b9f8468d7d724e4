import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { Scheduled, Scheduler } from './scheduler';
import type { PrometheusListener } from './sinks/prometheus/prometheus-listener';
import type { PrometheusSink } from './sinks/prometheus/prometheus-sink';
import { chooseSink } from './sinks/create-stats-sink';
import { StatsSink } from './sinks/stats-sink';
import { StatsFlusher } from './flusher';
import { StatsRegistry } from './registry';

/** A shorter STATS_FLUSH_INTERVAL (0 included) is raised to this: a flush walks every counter. */
export const MIN_FLUSH_INTERVAL_MS = 100;

export function flushIntervalOf(settings: Settings): number {
  return Math.max(settings.stats.flushInterval, MIN_FLUSH_INTERVAL_MS);
}

/**
 * Runs the chosen sink: hooks it to every timer, flushes every STATS_FLUSH_INTERVAL, opens the
 * Prometheus listener when that is the sink, and at shutdown (after the listeners have drained)
 * flushes one last time and closes the sink.
 */
export class StatsExporter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Stats');
  private readonly flusher: StatsFlusher;
  private ticking: Scheduled | undefined;
  private listener: PrometheusListener | undefined;
  /** Where the Prometheus listener is bound (its real address), once open. */
  metricsUrl: string | undefined;

  constructor(
    private readonly settings: Settings,
    registry: StatsRegistry,
    private readonly sink: StatsSink,
    private readonly scheduler: Scheduler,
  ) {
    this.flusher = new StatsFlusher(registry, sink, (name, error) =>
      this.logger.warn(`gauge ${name} is left out of flushes: ${(error as Error).message}`),
    );
    registry.observeTimers((timer) => sink.timerObserver(timer.name));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.sink.wantsFlushes) {
      this.ticking = this.scheduler.every(flushIntervalOf(this.settings), () => this.flush());
    }
    let where = '';
    // prom-client is loaded only with the Prometheus sink (it brings OpenTelemetry's API along).
    if (chooseSink(this.settings.stats) === 'prometheus') {
      const { PrometheusListener } = await import('./sinks/prometheus/prometheus-listener');
      const { prometheusAddr, prometheusPath } = this.settings.stats;
      this.listener = new PrometheusListener(
        (this.sink as PrometheusSink).registry,
        prometheusPath,
        () => this.flush(),
        this.settings.http.requestTimeout,
      );
      this.metricsUrl = await this.listener.listen(prometheusAddr);
      where = ` on ${this.metricsUrl}`;
    }
    this.logger.log(`statistics sink: ${this.sink.description}${where}`);
  }

  /** A failing sink must never take the process down: the error is logged and the next flush runs. */
  flush(): void {
    try {
      this.flusher.flush();
    } catch (error) {
      this.logger.warn(`statistics flush failed: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.ticking?.cancel();
    this.flush();
    await this.listener?.close();
    await this.sink.close();
  }
}
