import { Injectable } from '@nestjs/common';
import { Counter } from './counter';
import { Gauge } from './gauge';
import { Timer, TimerObserver } from './timer';

/** Gives the observer of one timer, or undefined to leave it unobserved. */
export type TimerObserverFactory = (timer: Timer) => TimerObserver | undefined;

/**
 * Every statistic of the process, by its dotted statsd name. Counters and timers are created once
 * and kept: callers hold on to the objects, so the hot path never looks a name up.
 */
@Injectable()
export class StatsRegistry {
  private readonly counterMap = new Map<string, Counter>();
  private readonly gaugeMap = new Map<string, Gauge>();
  private readonly timerMap = new Map<string, Timer>();
  private observe: TimerObserverFactory | undefined;

  counter(name: string): Counter {
    let counter = this.counterMap.get(name);
    if (!counter) {
      counter = new Counter(name);
      this.counterMap.set(name, counter);
    }
    return counter;
  }

  /** Registers (or replaces) a gauge sampled on read. */
  gauge(name: string, sample: () => number): Gauge {
    const gauge = new Gauge(name, sample);
    this.gaugeMap.set(name, gauge);
    return gauge;
  }

  timer(name: string): Timer {
    let timer = this.timerMap.get(name);
    if (!timer) {
      timer = new Timer(name);
      if (this.observe !== undefined) timer.observer = this.observe(timer);
      this.timerMap.set(name, timer);
    }
    return timer;
  }

  /** The sink's hook for every timer, those created so far and those created later. */
  observeTimers(observe: TimerObserverFactory): void {
    this.observe = observe;
    for (const timer of this.timerMap.values()) timer.observer = observe(timer);
  }

  counters(): IterableIterator<Counter> {
    return this.counterMap.values();
  }

  gauges(): IterableIterator<Gauge> {
    return this.gaugeMap.values();
  }

  timers(): IterableIterator<Timer> {
    return this.timerMap.values();
  }

  /**
   * Current values sorted by name (for the debug listener and tests). A timer shows as
   * `<name>.count`, `<name>.mean` and `<name>.last` (milliseconds), statsd's own derived names.
   */
  snapshot(): ReadonlyArray<readonly [string, number]> {
    const rows: (readonly [string, number])[] = [];
    for (const counter of this.counterMap.values()) rows.push([counter.name, counter.value]);
    for (const gauge of this.gaugeMap.values()) rows.push([gauge.name, gauge.value]);
    for (const timer of this.timerMap.values()) {
      rows.push([`${timer.name}.count`, timer.count]);
      rows.push([`${timer.name}.mean`, round3(timer.meanMs)]);
      rows.push([`${timer.name}.last`, round3(timer.lastMs)]);
    }
    return rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  get size(): number {
    return this.counterMap.size;
  }
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
