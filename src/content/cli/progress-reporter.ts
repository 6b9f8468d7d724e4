/** Where progress goes (the command's stderr). */
export interface ProgressSink {
  readonly isTTY: boolean;
  /** Terminal width, when known. */
  readonly columns?: number;
  write(text: string): void;
}

export interface ProgressStep {
  readonly done: number;
  readonly total: number;
  /** What is counted: `items`, `relations`, `elements`. */
  readonly unit: string;
}

export interface ProgressTiming {
  /** A terminal shows nothing before a run is this old: short runs stay quiet. */
  readonly delayMs: number;
  /** A terminal's bar is redrawn at most this often. */
  readonly redrawMs: number;
  /** Without a terminal, a plain line at most this often (the first after as long). */
  readonly lineMs: number;
}

const DEFAULT_TIMING: ProgressTiming = { delayMs: 500, redrawMs: 100, lineMs: 5000 };
const BAR_WIDTH = 30;
/** Back to the line's start and erase it. */
const CLEAR_LINE = '\r\x1b[K';

/**
 * Progress of a long run: on a terminal one bar redrawn in place
 * (`importing [########······] 45% 450/1000 items`), elsewhere (CI logs, files) a plain line
 * every few seconds (`importing: 450/1000 items (45%)`). Runs shorter than the delay show
 * nothing; `finish` erases the bar so the summary starts on a clean line.
 */
export class ProgressReporter {
  private readonly started: number;
  private lastShown: number | undefined;
  private drawn = false;
  private last: ProgressStep | undefined;
  /** When the current phase (unit) was first reported: its rate is counted from there. */
  private phaseStarted = 0;

  constructor(
    private readonly sink: ProgressSink,
    private readonly label: string,
    private readonly now: () => number = () => performance.now(),
    private readonly timing: ProgressTiming = DEFAULT_TIMING,
  ) {
    this.started = now();
  }

  update(step: ProgressStep): void {
    const changedUnit = this.last !== undefined && this.last.unit !== step.unit;
    const now = this.now();
    if (this.last === undefined || changedUnit) this.phaseStarted = now;
    this.last = step;
    // Plain lines start after one line interval: a log should not get a line for a short run.
    const delay = this.sink.isTTY ? this.timing.delayMs : this.timing.lineMs;
    if (now - this.started < delay) return;
    const interval = this.sink.isTTY ? this.timing.redrawMs : this.timing.lineMs;
    const due = this.lastShown === undefined || now - this.lastShown >= interval;
    // A terminal also shows the last step and a new phase at once; plain lines do not repeat.
    const eager = this.sink.isTTY && (step.done === step.total || changedUnit);
    if (!due && !eager) return;
    this.lastShown = now;
    if (this.sink.isTTY) {
      this.sink.write(`${CLEAR_LINE}${this.bar(step, this.pace(step, now))}`);
      this.drawn = true;
    } else {
      this.sink.write(
        `${this.label}: ${step.done}/${step.total} ${step.unit} (${percent(step)}%)${this.pace(step, now)}\n`,
      );
    }
  }

  /** Erases the bar (terminal); plain lines stay. */
  finish(): void {
    if (this.drawn) this.sink.write(CLEAR_LINE);
    this.drawn = false;
  }

  /** The phase's rate and the time left at that rate, once it has run a second. */
  private pace(step: ProgressStep, now: number): string {
    const seconds = (now - this.phaseStarted) / 1000;
    if (seconds < 1 || step.done === 0) return '';
    const rate = step.done / seconds;
    return `, ${Math.round(rate).toLocaleString('en')}/s, ${duration((step.total - step.done) / rate)} left`;
  }

  private bar(step: ProgressStep, pace: string): string {
    const text = ` ${percent(step)}% ${step.done}/${step.total} ${step.unit}${pace}`;
    const room = (this.sink.columns || 80) - this.label.length - text.length - 4;
    const width = Math.max(10, Math.min(BAR_WIDTH, room));
    const filled = step.total === 0 ? width : Math.floor((width * step.done) / step.total);
    return `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${text}`;
  }
}

function percent(step: ProgressStep): number {
  return step.total === 0 ? 100 : Math.floor((100 * step.done) / step.total);
}

/** `45s`, `3m 05s`, `2h 10m`. */
function duration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
