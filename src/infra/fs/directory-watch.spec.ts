import { EventEmitter } from 'node:events';
import { FSWatcher, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryWatch, NODE_WATCH_FILE_SYSTEM, WatchFileSystem } from './directory-watch';

type Listener = (eventType: string, entry: string | null) => void;

/** A file system whose directory identity and watch outcome the test decides. */
class FakeFileSystem implements WatchFileSystem {
  identity: string | undefined = 'dev:1';
  watchError: Error | undefined;
  readonly watchers: { emitter: EventEmitter; listener: Listener; closed: boolean }[] = [];

  watch(_directory: string, listener: Listener): FSWatcher {
    if (this.watchError) throw this.watchError;
    const emitter = new EventEmitter();
    const record = { emitter, listener, closed: false };
    Object.assign(emitter, { close: () => (record.closed = true) });
    this.watchers.push(record);
    return emitter as unknown as FSWatcher;
  }

  identify(): string | undefined {
    return this.identity;
  }

  get open(): number {
    return this.watchers.filter((watcher) => !watcher.closed).length;
  }

  get current() {
    return this.watchers[this.watchers.length - 1];
  }
}

describe('DirectoryWatch', () => {
  let fileSystem: FakeFileSystem;
  let events: string[];
  let reestablished: number;
  let logs: string[];
  let watch: DirectoryWatch;

  const create = () =>
    new DirectoryWatch({
      directory: '/rules/config',
      onEvent: (eventType, entry) => events.push(`${eventType} ${entry}`),
      onReestablished: () => reestablished++,
      logger: {
        log: (message) => logs.push(`log ${message}`),
        warn: (message) => logs.push(`warn ${message}`),
        error: (message) => logs.push(`error ${message}`),
      },
      recheckMs: 1000,
      fileSystem,
    });

  beforeEach(() => {
    jest.useFakeTimers();
    fileSystem = new FakeFileSystem();
    events = [];
    reestablished = 0;
    logs = [];
    watch = create();
  });
  afterEach(() => {
    watch.close();
    jest.useRealTimers();
  });

  it('watches the directory and passes its events on', () => {
    watch.start();
    expect(watch.watching).toBe(true);
    fileSystem.current.listener('change', 'a.yaml');
    fileSystem.current.listener('rename', 'b.yaml');
    expect(events).toEqual(['change a.yaml', 'rename b.yaml']);
    jest.advanceTimersByTime(5000);
    expect(fileSystem.watchers).toHaveLength(1);
    expect(reestablished).toBe(0);
    expect(logs).toEqual([]);
  });

  it('waits for a directory missing at start, logs that once, and watches it when it appears', () => {
    fileSystem.identity = undefined;
    watch.start();
    expect(watch.watching).toBe(false);
    jest.advanceTimersByTime(3000);
    expect(logs).toEqual([
      'warn watched directory /rules/config is missing; waiting for it to appear',
    ]);
    fileSystem.identity = 'dev:2';
    jest.advanceTimersByTime(1000);
    expect(watch.watching).toBe(true);
    expect(reestablished).toBe(1);
    expect(logs[1]).toBe('log now watching /rules/config');
  });

  it('notices the directory going away at once when an event names it, and comes back', () => {
    watch.start();
    fileSystem.identity = undefined;
    fileSystem.current.listener('rename', 'config');
    expect(watch.watching).toBe(false);
    expect(fileSystem.open).toBe(0);
    expect(events).toEqual(['rename config']);
    fileSystem.identity = 'dev:9';
    jest.advanceTimersByTime(1000);
    expect(watch.watching).toBe(true);
    expect(fileSystem.open).toBe(1);
    expect(reestablished).toBe(1);
  });

  it('re-watches a directory replaced under the same path (a new inode)', () => {
    watch.start();
    fileSystem.identity = 'dev:2';
    jest.advanceTimersByTime(1000);
    expect(fileSystem.watchers).toHaveLength(2);
    expect(fileSystem.watchers[0].closed).toBe(true);
    expect(fileSystem.open).toBe(1);
    expect(reestablished).toBe(1);
    expect(logs[0]).toBe('warn watched directory /rules/config was replaced');
  });

  it('logs a watch that cannot be set up, and retries on the next check', () => {
    fileSystem.watchError = new Error('ENOSPC: System limit for number of file watchers reached');
    watch.start();
    jest.advanceTimersByTime(3000);
    expect(logs).toEqual([
      'error cannot watch /rules/config: ENOSPC: System limit for number of file watchers reached; retrying',
    ]);
    fileSystem.watchError = undefined;
    jest.advanceTimersByTime(1000);
    expect(watch.watching).toBe(true);
    expect(reestablished).toBe(1);
  });

  it('survives an error event from the watcher and watches again', () => {
    watch.start();
    const first = fileSystem.current;
    first.emitter.emit('error', new Error('EPERM'));
    expect(first.closed).toBe(true);
    expect(watch.watching).toBe(false);
    expect(logs).toEqual(['error watch on /rules/config failed: EPERM; retrying']);
    // A late error from the closed watcher is swallowed, not unhandled.
    expect(() => first.emitter.emit('error', new Error('late'))).not.toThrow();
    jest.advanceTimersByTime(1000);
    expect(watch.watching).toBe(true);
    expect(reestablished).toBe(1);
  });

  it('closes the watcher and its timer, and ignores events after close', () => {
    watch.start();
    const listener = fileSystem.current.listener;
    watch.close();
    expect(fileSystem.open).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    listener('change', 'a.yaml');
    expect(events).toEqual([]);
  });
});

describe('NODE_WATCH_FILE_SYSTEM.identify', () => {
  it('tells a directory swapped behind a symlink on its path from the old one, and a missing one', () => {
    const base = mkdtempSync(join(tmpdir(), 'identify-'));
    try {
      mkdirSync(join(base, 'v1'));
      mkdirSync(join(base, 'v2'));
      symlinkSync('v1', join(base, 'current'));
      const first = NODE_WATCH_FILE_SYSTEM.identify(join(base, 'current'));
      expect(first).toMatch(/^\d+:\d+$/);
      symlinkSync('v2', join(base, 'current.tmp'));
      renameSync(join(base, 'current.tmp'), join(base, 'current'));
      const second = NODE_WATCH_FILE_SYSTEM.identify(join(base, 'current'));
      expect(second).toMatch(/^\d+:\d+$/);
      expect(second).not.toBe(first);
      expect(NODE_WATCH_FILE_SYSTEM.identify(join(base, 'nothing'))).toBeUndefined();
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
