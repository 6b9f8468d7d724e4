import { Module, OnApplicationShutdown } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { ProcessStats } from './process-stats';
import { timerScheduler } from './scheduler';
import { createStatsSink } from './sinks/create-stats-sink';
import { StatsSink } from './sinks/stats-sink';
import { flushIntervalOf, StatsExporter } from './exporter';
import { StatsRegistry } from './registry';

/** Stops sampling at shutdown (ProcessStats itself stays free of Nest). */
class ProcessStatsLifecycle extends ProcessStats implements OnApplicationShutdown {
  onApplicationShutdown(): void {
    this.stop();
  }
}

/**
 * Statistics leaving the process: the one sink of
 * docs/observability.md#dogstatsd-use_dog_statsdtrue, its flushing, and the figures that are not
 * the rate limiter's (process).
 */
@Module({
  providers: [
    {
      provide: StatsSink,
      inject: [Settings],
      useFactory: (settings: Settings) => createStatsSink(settings, timerScheduler),
    },
    {
      provide: StatsExporter,
      inject: [Settings, StatsRegistry, StatsSink],
      useFactory: (settings: Settings, registry: StatsRegistry, sink: StatsSink) =>
        new StatsExporter(settings, registry, sink, timerScheduler),
    },
    {
      provide: ProcessStats,
      inject: [Settings, StatsRegistry],
      useFactory: (settings: Settings, registry: StatsRegistry) =>
        new ProcessStatsLifecycle(registry, flushIntervalOf(settings), timerScheduler),
    },
  ],
})
export class StatsExportModule {}
