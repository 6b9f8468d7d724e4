import { TimerObserver } from '../../timer';
import { StatsSink } from '../stats-sink';
import { LineFormat, LineParts, statsdLine } from './statsd-format';
import { StatsdWriter } from './statsd-writer';

/**
 * Plain statsd or DogStatsD lines (the format decides), written to a buffering writer. Each name's
 * fixed line parts are computed once; a line is then one string concatenation.
 */
export class StatsdSink extends StatsSink {
  readonly wantsFlushes = true;
  private readonly parts = new Map<string, LineParts>();

  constructor(
    readonly description: string,
    private readonly format: LineFormat,
    private readonly writer: StatsdWriter,
  ) {
    super();
  }

  counter(name: string, delta: number): void {
    this.writer.write(statsdLine(this.partsOf(name), delta, 'c'));
  }

  gauge(name: string, value: number): void {
    this.writer.write(statsdLine(this.partsOf(name), value, 'g'));
  }

  /** Upstream's timers are whole milliseconds (gostats divides the duration by a millisecond). */
  timerObserver(name: string): TimerObserver {
    const { prefix, suffix } = this.partsOf(name);
    const tail = `|ms${suffix}`;
    return (milliseconds) => this.writer.write(prefix + Math.floor(milliseconds) + tail);
  }

  endFlush(): void {
    this.writer.flush();
  }

  close(): Promise<void> {
    return this.writer.close();
  }

  private partsOf(name: string): LineParts {
    let parts = this.parts.get(name);
    if (parts === undefined) {
      parts = this.format(name);
      this.parts.set(name, parts);
    }
    return parts;
  }
}
