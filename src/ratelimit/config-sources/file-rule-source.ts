import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { RuleLoaderService } from '../config/rule-loader.service';
import { parseRuleFile } from '../rules/rule-file.parser';
import { readRuleFiles, RuleFilesLayout } from './rule-files.reader';

/**
 * Rules from YAML files on disk (CONFIG_TYPE=FILE), loaded before the listeners open and again on
 * SIGHUP. Watching the files for changes is the hot reload issue's work.
 */
@Injectable()
export class FileRuleSource implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('FileRuleSource');
  private readonly layout: RuleFilesLayout;
  private readonly onHangup = () => {
    this.logger.log('SIGHUP received: reloading rate limit configuration');
    this.reload();
  };

  constructor(
    private readonly settings: Settings,
    private readonly loader: RuleLoaderService,
  ) {
    const { rules } = settings;
    this.layout = {
      root: rules.runtimeRoot,
      subdirectory: rules.runtimeSubdirectory,
      appDirectory: rules.runtimeAppDirectory,
      watchRoot: rules.watchRoot,
      ignoreDotFiles: rules.ignoreDotFiles,
    };
  }

  onModuleInit(): void {
    if (this.settings.rules.configType !== 'FILE') {
      throw new Error(
        `CONFIG_TYPE=${this.settings.rules.configType} is not available in this build yet; use CONFIG_TYPE=FILE`,
      );
    }
    this.reload();
    process.on('SIGHUP', this.onHangup);
  }

  onApplicationShutdown(): void {
    process.off('SIGHUP', this.onHangup);
  }

  reload(): boolean {
    return this.loader.load(() =>
      readRuleFiles(this.layout, (message) => this.logger.warn(message)).map((file) => ({
        name: file.name,
        document: parseRuleFile(file.name, file.text),
      })),
    );
  }
}
