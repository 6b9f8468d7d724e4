import { FSWatcher, readdirSync, realpathSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';

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
 *
 * Each directory of the tree gets its own (non-recursive) watch rather than one
 * `watch(..., { recursive: true })`: Node 20 emulates recursion on Linux with one watch per
 * *file*, which stays on the old inode when a file is replaced by a rename (how editors, `sed -i`
 * and deploy tools save), so every later change of that file went unnoticed. A directory's own
 * watch reports changes to any entry in it, whatever its inode.
 */
export class ModelDirectoryWatcher {
  /** Watched directories by path (the project directory first), with the inode watched. */
  private readonly watchers = new Map<string, { watcher: FSWatcher; identity: string }>();
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
    return this.watchers.has(this.directory);
  }

  private check(initial: boolean): void {
    if (this.closed) return;
    const identity = identify(this.directory);
    if (this.watching && identity === this.watchers.get(this.directory)?.identity) return;
    const replaced = this.watching;
    this.stopWatch();
    if (identity === undefined) {
      this.problem(`content project directory ${this.directory} is missing; waiting for it`);
      return;
    }
    try {
      this.watchDirectory(this.directory, identity);
      this.watchSubdirectories();
    } catch (error) {
      this.stopWatch();
      this.problem(`cannot watch ${this.directory}: ${messageOf(error)}; retrying`);
      return;
    }
    this.lastProblem = undefined;
    if (initial) return;
    const what = replaced ? 'was replaced' : 'is back';
    this.logger.log(`content project directory ${this.directory} ${what}; watching it again`);
    this.trigger();
  }

  private watchDirectory(path: string, identity: string): void {
    const watcher = watch(path, { persistent: false }, () => this.changed());
    this.watchers.set(path, { watcher, identity });
    watcher.on('error', (error) => {
      if (path !== this.directory) {
        // A subdirectory that went away; the next event in its parent settles the tree.
        this.unwatch(path);
        return;
      }
      this.stopWatch();
      this.problem(`watch on ${this.directory} failed: ${messageOf(error)}; retrying`);
    });
  }

  /** An event in a watched directory: new subdirectories get a watch, then the burst goes on. */
  private changed(): void {
    if (this.closed || !this.watching) return;
    try {
      this.watchSubdirectories();
    } catch {
      // Racing with a deletion: the identity check (the project directory) or the next event in
      // the parent (a subdirectory) sorts it out.
    }
    this.trigger();
  }

  /**
   * Watches every directory below the project directory that the model reader reads, afresh
   * when a path now holds another directory (removed and created again); the project directory
   * itself is left to the identity check.
   */
  private watchSubdirectories(): void {
    const present = new Map<string, string>();
    for (const path of subdirectories(this.directory)) {
      const identity = identify(path);
      if (identity !== undefined) present.set(path, identity);
    }
    for (const [path, watched] of [...this.watchers]) {
      if (path !== this.directory && present.get(path) !== watched.identity) this.unwatch(path);
    }
    for (const [path, identity] of present) {
      if (!this.watchers.has(path)) this.watchDirectory(path, identity);
    }
  }

  private unwatch(path: string): void {
    const watched = this.watchers.get(path);
    this.watchers.delete(path);
    if (watched) closeQuietly(watched.watcher);
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
    const watched = [...this.watchers.values()];
    this.watchers.clear();
    for (const { watcher } of watched) closeQuietly(watcher);
  }

  /** Logs a lasting state once, not on every check. */
  private problem(message: string): void {
    if (message === this.lastProblem) return;
    this.lastProblem = message;
    this.logger.warn(message);
  }
}

function closeQuietly(watcher: FSWatcher): void {
  watcher.removeAllListeners('error');
  // A late error from a closing watcher is of no interest, but must not go unhandled.
  watcher.on('error', () => undefined);
  watcher.close();
}

/**
 * The directories below `root` that readModelFiles walks: names starting with a dot skipped,
 * symbolic links followed, each real directory once (a link back up the tree ends the walk).
 */
function subdirectories(root: string): string[] {
  const found: string[] = [];
  const visited = new Set<string>([realpathSync(root)]);
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const entryPath = join(path, entry.name);
      const stats = entry.isSymbolicLink() ? statSync(entryPath, { throwIfNoEntry: false }) : entry;
      if (!stats?.isDirectory()) continue;
      const real = realpathSync(entryPath);
      if (visited.has(real)) continue;
      visited.add(real);
      found.push(entryPath);
      walk(entryPath);
    }
  };
  walk(root);
  return found;
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
