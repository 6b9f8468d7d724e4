import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DirectoryWatch } from '../../infra/fs/directory-watch';
import { Settings } from '../../settings/settings';
import { type AllowList, readAllowList } from './allow-list.reader';
import { queryHash } from './persisted-query';

/** Changes in the directory are read together once it is quiet this long (ms). */
const RELOAD_QUIET_MS = 100;

/**
 * The operations the public schema answers with GRAPHQL_PERSISTED_QUERIES=only, read from
 * GRAPHQL_PERSISTED_QUERIES_DIR at boot and again on every change (the directory watch survives
 * the directory being replaced). A list that fails to read is logged and the loaded one kept.
 * Empty (nothing allowed) until a list was read.
 */
@Injectable()
export class PersistedQueryAllowList implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('PersistedQueries');
  private list: AllowList = new Map();
  /** Counts the lists loaded: request-level cache keys include it (graphql-result-cache.ts). */
  private loaded = 0;
  private watch: DirectoryWatch | undefined;
  private reloadTimer: NodeJS.Timeout | undefined;

  constructor(private readonly settings: Settings) {}

  onModuleInit(): void {
    if (this.settings.content.persistedQueries !== 'only') return;
    const directory = this.settings.content.persistedQueriesDir;
    if (directory === '') {
      this.logger.warn(
        'GRAPHQL_PERSISTED_QUERIES=only without GRAPHQL_PERSISTED_QUERIES_DIR: the public schema answers no operation',
      );
      return;
    }
    this.reload();
    this.watch = new DirectoryWatch({
      directory,
      onEvent: () => this.scheduleReload(),
      onReestablished: () => this.scheduleReload(),
      logger: this.logger,
    });
    this.watch.start();
  }

  onModuleDestroy(): void {
    this.watch?.close();
    if (this.reloadTimer !== undefined) clearTimeout(this.reloadTimer);
  }

  get version(): number {
    return this.loaded;
  }

  /** The allowed query of a hash. */
  byHash(hash: string): string | undefined {
    return this.list.get(hash);
  }

  allows(query: string): boolean {
    return this.list.has(queryHash(query));
  }

  /** Reads the directory; keeps the loaded list when it cannot. */
  reload(): void {
    const directory = this.settings.content.persistedQueriesDir;
    try {
      this.list = readAllowList(directory);
      this.loaded++;
      this.logger.log(`persisted query allow-list: ${this.list.size} operations from ${directory}`);
    } catch (error) {
      this.logger.error(
        `persisted query allow-list ${directory} not loaded, keeping the ${this.list.size} operations loaded before: ${(error as Error).message}`,
      );
    }
  }

  private scheduleReload(): void {
    if (this.reloadTimer !== undefined) clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = undefined;
      this.reload();
    }, RELOAD_QUIET_MS).unref();
  }
}
