/** Receives every observation of a timer (a sink sending it on, per observation). */
export type TimerObserver = (milliseconds: number) => void;

/**
 * Durations in milliseconds (`ratelimit_server.<Method>.response_time`). Keeps only a count, a sum
 * and the last value for `/stats`; the sink, when one observes timers, gets each observation.
 */
export class Timer {
  count = 0;
  sumMs = 0;
  lastMs = 0;
  /** Set once by the sink at startup; undefined with no sink, so recording stays three stores. */
  observer: TimerObserver | undefined = undefined;

  constructor(readonly name: string) {}

  record(milliseconds: number): void {
    this.count++;
    this.sumMs += milliseconds;
    this.lastMs = milliseconds;
    if (this.observer !== undefined) this.observer(milliseconds);
  }

  get meanMs(): number {
    return this.count === 0 ? 0 : this.sumMs / this.count;
  }
}
