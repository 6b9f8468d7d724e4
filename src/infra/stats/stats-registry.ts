import { Injectable } from '@nestjs/common';
import { Counter } from './counter';

/**
 * Every statistic of the process, by its dotted statsd name. Counters are created once and kept:
 * callers hold on to the objects, so the hot path never looks a name up.
 */
@Injectable()
export class StatsRegistry {
  private readonly counters = new Map<string, Counter>();

  counter(name: string): Counter {
    let counter = this.counters.get(name);
    if (!counter) {
      counter = new Counter(name);
      this.counters.set(name, counter);
    }
    return counter;
  }

  /** Current values sorted by name (for the debug listener and tests). */
  snapshot(): ReadonlyArray<readonly [string, number]> {
    return [...this.counters.values()]
      .map((counter) => [counter.name, counter.value] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  get size(): number {
    return this.counters.size;
  }
}
