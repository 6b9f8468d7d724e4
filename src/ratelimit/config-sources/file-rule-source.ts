import { Injectable, Logger } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { RuleLoaderService } from '../config/rule-loader.service';
import { parseRuleFile } from '../rules/rule-file.parser';
import { readRuleFiles, RuleFilesLayout } from './rule-files.reader';
import { RuleSource } from './rule-source';

/**
 * Rules from YAML files on disk (CONFIG_TYPE=FILE), loaded before the listeners open and again on
 * SIGHUP. Watching the files for changes is the hot reload issue's work.
 */
@Injectable()
export class FileRuleSource extends RuleSource {
  private readonly logger = new Logger('FileRuleSource');
  private readonly layout: RuleFilesLayout;
  private readonly onHangup = () => {
    this.logger.log('SIGHUP received: reloading rate limit configuration');
    this.reload();
  };

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
    this.reload();
    process.on('SIGHUP', this.onHangup);
    return Promise.resolve();
  }

  onApplicationShutdown(): void {
    process.off('SIGHUP', this.onHangup);
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
}
