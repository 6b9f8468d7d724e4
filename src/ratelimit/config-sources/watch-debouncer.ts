export interface WatchDebounceOptions {
  /** Fire once no event has arrived for this long (a swap or an editor's save is a burst). */
  readonly quietMs: number;
  /** Fire at the latest this long after the first event of a burst, even if events keep coming. */
  readonly maxWaitMs: number;
}

/** Short enough that a change is served well within a second, long enough to cover one swap. */
export const DEFAULT_WATCH_DEBOUNCE: WatchDebounceOptions = { quietMs: 150, maxWaitMs: 1000 };

/**
 * Turns a burst of file system events into one call. A trailing debounce alone could be starved
 * by a writer that never pauses, so a second timer bounds the wait from the burst's first event.
 * Both timers are unref'd: a pending reload never keeps the process alive.
 */
export class WatchDebouncer {
  private quietTimer: NodeJS.Timeout | undefined;
  private maxWaitTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly fire: () => void,
    private readonly options: WatchDebounceOptions = DEFAULT_WATCH_DEBOUNCE,
  ) {}

  /** One more event: (re)start the quiet period. */
  trigger(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.flush(), this.options.quietMs).unref();
    this.maxWaitTimer ??= setTimeout(() => this.flush(), this.options.maxWaitMs).unref();
  }

  get pending(): boolean {
    return this.quietTimer !== undefined;
  }

  /** Drops a pending call (shutdown). */
  cancel(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    if (this.maxWaitTimer) clearTimeout(this.maxWaitTimer);
    this.quietTimer = undefined;
    this.maxWaitTimer = undefined;
  }

  private flush(): void {
    this.cancel();
    this.fire();
  }
}
