import { DirectoryWatch, WatchFileSystem, WatchLogger } from '../../infra/fs/directory-watch';
import { RuleFilesLayout } from './rule-files.reader';
import { ruleWatchTarget } from './rule-watch-target';
import { DEFAULT_WATCH_DEBOUNCE, WatchDebounceOptions, WatchDebouncer } from './watch-debouncer';

export interface RuleFilesWatcherOptions {
  readonly debounce?: WatchDebounceOptions;
  readonly recheckMs?: number;
  readonly fileSystem?: WatchFileSystem;
}

/**
 * Hot reload of the rule files (docs/rule-reload.md#two-modes-runtime_watch_root): the mode's watch
 * target, a watch that survives its directory going away, and a debounce so that one swap or save
 * gives one reload. `reload` rebuilds the whole rule set; it runs on a timer, so it must not throw.
 */
export class RuleFilesWatcher {
  private readonly watch: DirectoryWatch;
  private readonly debouncer: WatchDebouncer;
  private readonly description: string;

  constructor(
    layout: RuleFilesLayout,
    reload: () => void,
    private readonly logger: WatchLogger,
    options: RuleFilesWatcherOptions = {},
  ) {
    const target = ruleWatchTarget(layout);
    this.debouncer = new WatchDebouncer(reload, options.debounce ?? DEFAULT_WATCH_DEBOUNCE);
    this.watch = new DirectoryWatch({
      directory: target.directory,
      onEvent: (_eventType, entry) => {
        if (target.accepts(entry)) this.debouncer.trigger();
      },
      // While the directory was missing or replaced, changes went unseen: read everything again.
      onReestablished: () => this.debouncer.trigger(),
      logger,
      recheckMs: options.recheckMs,
      fileSystem: options.fileSystem,
    });
    this.description = target.description;
  }

  start(): void {
    this.watch.start();
    this.logger.log(`reloading rate limit configuration on ${this.description}`);
  }

  close(): void {
    this.watch.close();
    this.debouncer.cancel();
  }
}
