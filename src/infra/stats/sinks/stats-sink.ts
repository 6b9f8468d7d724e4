import { TimerObserver } from '../timer';

/**
 * Where statistics go (docs/observability.md#dogstatsd-use_dog_statsdtrue: exactly one sink). The
 * flusher hands it counter deltas and gauge values at every flush; timers reach it per observation
 * through the observer it returns.
 */
export abstract class StatsSink {
  /** For logs: `statsd (tcp 127.0.0.1:8125)`, `none`... */
  abstract readonly description: string;
  /** Whether flushing is worth a timer at all (the null sink says no). */
  abstract readonly wantsFlushes: boolean;
  abstract counter(name: string, delta: number): void;
  abstract gauge(name: string, value: number): void;
  /** The per-observation hook for a timer, or undefined when the sink ignores timers. */
  abstract timerObserver(name: string): TimerObserver | undefined;
  /** The end of one flush: a sink that buffers sends now. */
  abstract endFlush(): void;
  abstract close(): Promise<void>;
}

/**
 * DISABLE_STATS, or no sink chosen: nothing leaves the process (upstream logs each stat at debug
 * level instead; the figures stay readable on the debug listener's `/stats`).
 */
export class NullSink extends StatsSink {
  readonly description = 'none';
  readonly wantsFlushes = false;
  counter(): void {}
  gauge(): void {}
  timerObserver(): undefined {
    return undefined;
  }
  endFlush(): void {}
  close(): Promise<void> {
    return Promise.resolve();
  }
}
