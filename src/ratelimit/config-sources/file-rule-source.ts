import { Injectable, Logger } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { RuleLoaderService } from '../config/rule-loader.service';
import { parseRuleFile } from '../rules/rule-file.parser';
import { readRuleFiles, RuleFilesLayout } from './rule-files.reader';
import { RuleFilesWatcher } from './rule-files.watcher';
import { RuleSource } from './rule-source';

/**
 * Rules from YAML files on disk (CONFIG_TYPE=FILE): loaded before the listeners open, again when
 * the watcher sees a change (docs/rule-reload.md#two-modes-runtime_watch_root: a swap of
 * RUNTIME_ROOT in symlink mode, any change in the rule directory in directory mode) and on SIGHUP.
 * Every reload rebuilds the whole set through the loader, which swaps atomically and keeps the
 * rules in force when the new set is bad.
 */
@Injectable()
export class FileRuleSource extends RuleSource {
  private readonly logger = new Logger('FileRuleSource');
  private readonly layout: RuleFilesLayout;
  private watcher: RuleFilesWatcher | undefined;
  private readonly onHangup = () => this.reloadSafely('SIGHUP received');

  constructor(
    settings: Settings,
    private readonly loader: RuleLoaderService,
  ) {
    super();
    const { rules } = settings;
    this.layout = {
      root: rules.runtimeRoot,
      subdirectory: rules.runtimeSubdirectory,
      appDirectory: rules.runtimeAppDirectory,
      watchRoot: rules.watchRoot,
      ignoreDotFiles: rules.ignoreDotFiles,
    };
  }

  onApplicationBootstrap(): Promise<void> {
    // Watch before the first read: a change made while reading then still gives a reload.
    this.watcher = new RuleFilesWatcher(
      this.layout,
      () => this.reloadSafely('rule files changed'),
      this.logger,
    );
    this.watcher.start();
    this.reload();
    process.on('SIGHUP', this.onHangup);
    return Promise.resolve();
  }

  onApplicationShutdown(): void {
    process.off('SIGHUP', this.onHangup);
    if (!this.watcher) return;
    this.watcher.close();
    this.watcher = undefined;
    this.logger.log('stopped watching the rule files');
  }

  reload(): boolean {
    const result = this.loader.load(() =>
      readRuleFiles(this.layout, (message) => this.logger.warn(message)).map((file) => ({
        name: file.name,
        document: parseRuleFile(file.name, file.text),
      })),
    );
    return result.loaded;
  }

  /** A reload from a timer or a signal: nothing may escape, the service keeps its rules. */
  private reloadSafely(reason: string): void {
    this.logger.log(`${reason}: reloading rate limit configuration`);
    try {
      this.reload();
    } catch (error) {
      this.logger.error(
        `unexpected error reloading rate limit configuration: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  }
}
