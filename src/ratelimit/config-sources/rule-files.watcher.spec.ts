import { EventEmitter } from 'node:events';
import { FSWatcher } from 'node:fs';
import { WatchFileSystem } from '../../infra/fs/directory-watch';
import { RuleFilesLayout } from './rule-files.reader';
import { RuleFilesWatcher } from './rule-files.watcher';

type Listener = (eventType: string, entry: string | null) => void;

const layout = (watchRoot: boolean): RuleFilesLayout => ({
  root: '/srv/runtime/current',
  subdirectory: 'ratelimit',
  appDirectory: 'config',
  watchRoot,
  ignoreDotFiles: true,
});

describe('RuleFilesWatcher', () => {
  let watched: string[];
  let listener: Listener;
  let identity: string | undefined;
  let reloads: number;
  let watcher: RuleFilesWatcher | undefined;
  const fileSystem: WatchFileSystem = {
    watch: (directory, onEvent) => {
      watched.push(directory);
      listener = onEvent;
      return Object.assign(new EventEmitter(), { close: () => {} }) as unknown as FSWatcher;
    },
    identify: () => identity,
  };
  const silent = { log: () => {}, warn: () => {}, error: () => {} };
  const start = (watchRoot: boolean) => {
    watcher = new RuleFilesWatcher(layout(watchRoot), () => reloads++, silent, {
      debounce: { quietMs: 150, maxWaitMs: 1000 },
      recheckMs: 1000,
      fileSystem,
    });
    watcher.start();
  };

  beforeEach(() => {
    jest.useFakeTimers();
    watched = [];
    identity = 'dev:1';
    reloads = 0;
  });
  afterEach(() => {
    watcher?.close();
    jest.useRealTimers();
  });

  it('in symlink mode reloads once per swap of RUNTIME_ROOT, and ignores other entries', () => {
    start(true);
    expect(watched).toEqual(['/srv/runtime']);
    // `ln -sfn v2 current.tmp && mv -T current.tmp current`
    listener('rename', 'current.tmp');
    listener('rename', 'current.tmp');
    listener('rename', 'current');
    jest.advanceTimersByTime(150);
    expect(reloads).toBe(1);
    listener('rename', 'v3');
    listener('change', 'other');
    jest.advanceTimersByTime(5000);
    expect(reloads).toBe(1);
  });

  it('in directory mode reloads once for a burst of any events in the rule directory', () => {
    start(false);
    expect(watched).toEqual(['/srv/runtime/current/ratelimit/config']);
    // A ConfigMap update: new timestamped directory, `..data_tmp` renamed over `..data`, cleanup.
    for (const entry of ['..2024_02_01_00_00_00.1', '..data_tmp', '..data_tmp', '..data']) {
      listener('rename', entry);
    }
    listener('rename', '..2024_01_01_00_00_00.1');
    jest.advanceTimersByTime(149);
    expect(reloads).toBe(0);
    jest.advanceTimersByTime(1);
    expect(reloads).toBe(1);
    listener('change', 'a.yaml');
    jest.advanceTimersByTime(150);
    expect(reloads).toBe(2);
  });

  it('reloads after the watch comes back on a directory that was missing', () => {
    identity = undefined;
    start(false);
    jest.advanceTimersByTime(3000);
    expect(reloads).toBe(0);
    identity = 'dev:2';
    jest.advanceTimersByTime(1000 + 150);
    expect(reloads).toBe(1);
  });

  it('drops a pending reload and stops all timers on close', () => {
    start(false);
    listener('change', 'a.yaml');
    watcher!.close();
    jest.advanceTimersByTime(5000);
    expect(reloads).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});
