import { Injectable } from '@nestjs/common';
import { Counter } from './counter';
import { Gauge } from './gauge';

/**
 * Every statistic of the process, by its dotted statsd name. Counters are created once and kept:
 * callers hold on to the objects, so the hot path never looks a name up.
 */
@Injectable()
export class StatsRegistry {
  private readonly counters = new Map<string, Counter>();
  private readonly gauges = new Map<string, Gauge>();

  counter(name: string): Counter {
    let counter = this.counters.get(name);
    if (!counter) {
      counter = new Counter(name);
      this.counters.set(name, counter);
    }
    return counter;
  }

  /** Registers (or replaces) a gauge sampled on read. */
  gauge(name: string, sample: () => number): Gauge {
    const gauge = new Gauge(name, sample);
    this.gauges.set(name, gauge);
    return gauge;
  }

  /** Current values of counters and gauges, sorted by name (for the debug listener and tests). */
  snapshot(): ReadonlyArray<readonly [string, number]> {
    return [...this.counters.values(), ...this.gauges.values()]
      .map((stat) => [stat.name, stat.value] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  get size(): number {
    return this.counters.size;
  }
}
