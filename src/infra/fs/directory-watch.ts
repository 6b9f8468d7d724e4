import { FSWatcher, statSync, watch } from 'node:fs';
import { basename } from 'node:path';

export interface WatchLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The parts of `fs` the watch uses, replaceable in tests. */
export interface WatchFileSystem {
  /** Starts a non-persistent watch; may throw (ENOENT, ENOSPC when inotify watches run out). */
  watch(directory: string, listener: (eventType: string, entry: string | null) => void): FSWatcher;
  /** The directory's identity (device and inode), or undefined when it is not a directory now. */
  identify(directory: string): string | undefined;
}

export const NODE_WATCH_FILE_SYSTEM: WatchFileSystem = {
  // Not persistent: an open watch must never keep the process from exiting.
  watch: (directory, listener) => watch(directory, { persistent: false }, listener),
  identify: (directory) => {
    try {
      const stats = statSync(directory, { throwIfNoEntry: false });
      return stats?.isDirectory() ? `${stats.dev}:${stats.ino}` : undefined;
    } catch {
      return undefined;
    }
  },
};

export interface DirectoryWatchOptions {
  readonly directory: string;
  /** Every event `fs.watch` reports for an entry of the directory. */
  readonly onEvent: (eventType: string, entry: string | null) => void;
  /** The watch was set up again on a directory that was missing or replaced: changes may be missed. */
  readonly onReestablished: () => void;
  readonly logger: WatchLogger;
  /** How often the directory's identity is checked (ms). */
  readonly recheckMs?: number;
  readonly fileSystem?: WatchFileSystem;
}

export const DEFAULT_WATCH_RECHECK_MS = 1000;

/**
 * `fs.watch` on one directory that survives the directory going away. inotify follows the inode,
 * not the path: when the directory is deleted (or renamed, or replaced, or a symlink on its path
 * is swapped) the watch silently sees nothing more. So the directory's identity is checked on a
 * timer, and immediately when an event names the directory itself (how Linux reports its
 * deletion); a missing directory is waited for, a new one is watched afresh and reported through
 * `onReestablished`. Errors are logged, never thrown: a broken watch must not stop the service.
 */
export class DirectoryWatch {
  private readonly fileSystem: WatchFileSystem;
  private readonly name: string;
  private watcher: FSWatcher | undefined;
  private watchedIdentity: string | undefined;
  private recheckTimer: NodeJS.Timeout | undefined;
  /** The last problem logged, so a state that lasts is logged once, not once per check. */
  private lastProblem: string | undefined;
  private closed = false;

  constructor(private readonly options: DirectoryWatchOptions) {
    this.fileSystem = options.fileSystem ?? NODE_WATCH_FILE_SYSTEM;
    this.name = basename(options.directory);
  }

  get watching(): boolean {
    return this.watcher !== undefined;
  }

  start(): void {
    this.check(true);
    this.recheckTimer = setInterval(
      () => this.check(false),
      this.options.recheckMs ?? DEFAULT_WATCH_RECHECK_MS,
    ).unref();
  }

  close(): void {
    this.closed = true;
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.recheckTimer = undefined;
    this.stopWatcher();
  }

  /** Compares the directory on disk with the one watched and re-establishes the watch if needed. */
  check(initial = false): void {
    if (this.closed) return;
    const { directory, logger } = this.options;
    const identity = this.fileSystem.identify(directory);
    if (this.watcher && identity === this.watchedIdentity) return;
    if (this.watcher) {
      this.stopWatcher();
      if (identity !== undefined) logger.warn(`watched directory ${directory} was replaced`);
    }
    if (identity === undefined) {
      this.problem(`watched directory ${directory} is missing; waiting for it to appear`);
      return;
    }
    try {
      this.watcher = this.fileSystem.watch(directory, (eventType, entry) =>
        this.onWatchEvent(eventType, entry),
      );
    } catch (error) {
      this.problem(`cannot watch ${directory}: ${messageOf(error)}; retrying`, 'error');
      return;
    }
    this.watchedIdentity = identity;
    this.watcher.on('error', (error) => {
      this.stopWatcher();
      this.problem(`watch on ${directory} failed: ${messageOf(error)}; retrying`, 'error');
    });
    this.lastProblem = undefined;
    if (!initial) {
      logger.log(`now watching ${directory}`);
      this.options.onReestablished();
    }
  }

  private onWatchEvent(eventType: string, entry: string | null): void {
    if (this.closed) return;
    this.options.onEvent(eventType, entry);
    // Linux reports the watched directory's own deletion as an event carrying its name.
    if (entry === this.name) this.check(false);
  }

  private stopWatcher(): void {
    const watcher = this.watcher;
    this.watcher = undefined;
    this.watchedIdentity = undefined;
    if (!watcher) return;
    watcher.removeAllListeners('error');
    // A late error from a watcher being closed is of no interest; it must not be unhandled.
    watcher.on('error', () => {});
    watcher.close();
  }

  private problem(message: string, level: 'warn' | 'error' = 'warn'): void {
    if (message === this.lastProblem) return;
    this.lastProblem = message;
    this.options.logger[level](message);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
