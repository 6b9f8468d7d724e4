import { FSWatcher, statSync, watch } from 'node:fs';

export interface WatcherLogger {
  log(message: string): void;
  warn(message: string): void;
}

export interface ModelWatchOptions {
  /** A change fires once no event has come for this long (an editor's save is a burst). */
  readonly quietMs?: number;
  /** ... and at the latest this long after the first event, even if events keep coming. */
  readonly maxWaitMs?: number;
  /** How often the directory's identity is checked (it may be deleted or replaced). */
  readonly recheckMs?: number;
}

/**
 * Watches the project directory recursively and calls `onChange` once per burst of events. The
 * same ideas as the rate limit rule watch: inotify follows the inode, so a directory that is
 * deleted or replaced (a ConfigMap swap, `git checkout`) is noticed by checking its identity on a
 * timer and watched afresh, with one `onChange` since changes may have been missed. Timers are
 * unref'd and the watch is not persistent: nothing here keeps the process alive. Never throws
 * after start: a broken watch is logged and retried.
 */
export class ModelDirectoryWatcher {
  private watcher: FSWatcher | undefined;
  private identity: string | undefined;
  private recheckTimer: NodeJS.Timeout | undefined;
  private quietTimer: NodeJS.Timeout | undefined;
  private maxWaitTimer: NodeJS.Timeout | undefined;
  private lastProblem: string | undefined;
  private closed = false;

  constructor(
    private readonly directory: string,
    private readonly onChange: () => void,
    private readonly logger: WatcherLogger,
    private readonly options: ModelWatchOptions = {},
  ) {}

  start(): void {
    this.check(true);
    this.recheckTimer = setInterval(
      () => this.check(false),
      this.options.recheckMs ?? 1000,
    ).unref();
  }

  close(): void {
    this.closed = true;
    clearInterval(this.recheckTimer);
    this.cancelDebounce();
    this.stopWatch();
  }

  get watching(): boolean {
    return this.watcher !== undefined;
  }

  private check(initial: boolean): void {
    if (this.closed) return;
    const identity = identify(this.directory);
    if (this.watcher && identity === this.identity) return;
    const replaced = this.watcher !== undefined;
    this.stopWatch();
    if (identity === undefined) {
      this.problem(`content project directory ${this.directory} is missing; waiting for it`);
      return;
    }
    try {
      this.watcher = watch(this.directory, { recursive: true, persistent: false }, () =>
        this.trigger(),
      );
    } catch (error) {
      this.problem(`cannot watch ${this.directory}: ${messageOf(error)}; retrying`);
      return;
    }
    this.identity = identity;
    this.watcher.on('error', (error) => {
      this.stopWatch();
      this.problem(`watch on ${this.directory} failed: ${messageOf(error)}; retrying`);
    });
    this.lastProblem = undefined;
    if (initial) return;
    const what = replaced ? 'was replaced' : 'is back';
    this.logger.log(`content project directory ${this.directory} ${what}; watching it again`);
    this.trigger();
  }

  private trigger(): void {
    if (this.closed) return;
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.fire(), this.options.quietMs ?? 150).unref();
    this.maxWaitTimer ??= setTimeout(() => this.fire(), this.options.maxWaitMs ?? 1000).unref();
  }

  private fire(): void {
    this.cancelDebounce();
    if (!this.closed) this.onChange();
  }

  private cancelDebounce(): void {
    clearTimeout(this.quietTimer);
    clearTimeout(this.maxWaitTimer);
    this.quietTimer = undefined;
    this.maxWaitTimer = undefined;
  }

  private stopWatch(): void {
    const watcher = this.watcher;
    this.watcher = undefined;
    this.identity = undefined;
    if (!watcher) return;
    watcher.removeAllListeners('error');
    // A late error from a closing watcher is of no interest, but must not go unhandled.
    watcher.on('error', () => undefined);
    watcher.close();
  }

  /** Logs a lasting state once, not on every check. */
  private problem(message: string): void {
    if (message === this.lastProblem) return;
    this.lastProblem = message;
    this.logger.warn(message);
  }
}

/** The directory's device and inode, or undefined when it is not a directory now. */
function identify(directory: string): string | undefined {
  try {
    const stats = statSync(directory, { throwIfNoEntry: false });
    return stats?.isDirectory() ? `${stats.dev}:${stats.ino}` : undefined;
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
