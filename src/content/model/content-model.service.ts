import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { join, resolve } from 'node:path';
import { Database } from '../../infra/database/database';
import { Settings } from '../../settings/settings';
import { buildContentModel } from './store/content-model.builder';
import { ContentModelIndex } from './content-model.index';
import { loadContentModel, type LoadedModel } from './yaml/project.loader';
import { ContentModelSource } from './content-model.source';
import { ModelDirectoryWatcher } from './yaml/directory.watcher';
import { ModelItemsRepository } from './store/model-items.repository';
import { ContentModelError } from './yaml/problems';
import { modelRows } from './store/model-rows';
import type { ResolveOptions } from './yaml/resolver';

export type ReloadStatus = 'applied' | 'unchanged' | 'rejected';

export interface ReloadOutcome {
  readonly status: ReloadStatus;
  /** Why a change was rejected (validation messages, or the database error). */
  readonly problems: readonly string[];
}

/**
 * The content model from the project-config YAML: loaded, validated and applied to the database
 * before the application listens (a bad model stops the boot with every problem listed), then
 * re-applied whenever the directory changes. A change that does not validate, or that the
 * database refuses, is logged and the model in force stays.
 */
@Injectable()
export class ContentModelService
  extends ContentModelSource
  implements OnModuleInit, OnApplicationShutdown
{
  private readonly logger = new Logger('ContentModel');
  private readonly directory: string;
  private readonly resolveOptions: ResolveOptions;
  private readonly listeners = new Set<(model: ContentModelIndex) => void>();
  private model: ContentModelIndex | undefined;
  private watcher: ModelDirectoryWatcher | undefined;
  /** The reload running or done last; reloads never overlap. */
  private running: Promise<unknown> = Promise.resolve();
  /** A reload queued behind the running one: later requests join it (it reads the files anew). */
  private queued: Promise<ReloadOutcome> | undefined;
  /** SIGHUP reloads too: for file systems where inotify sees nothing (NFS, some bind mounts). */
  private readonly onHangup = () => void this.reload();

  constructor(
    settings: Settings,
    private readonly database: Database,
    private readonly items: ModelItemsRepository,
  ) {
    super();
    const cwd = process.cwd();
    this.directory = resolve(cwd, settings.content.projectDir);
    const volumesDir = settings.content.volumesDir || join(settings.identity.dataDir, 'volumes');
    this.resolveOptions = { volumesDir: resolve(cwd, volumesDir), cwd };
  }

  get current(): ContentModelIndex {
    if (!this.model) throw new Error('the content model is not loaded yet');
    return this.model;
  }

  onChange(listener: (model: ContentModelIndex) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async onModuleInit(): Promise<void> {
    // Watch before the first read: a change made while booting still gives a reload.
    this.watcher = new ModelDirectoryWatcher(this.directory, () => void this.reload(), this.logger);
    this.watcher.start();
    const started = performance.now();
    const boot = Promise.resolve().then(() =>
      this.apply(loadContentModel(this.directory, this.resolveOptions), started),
    );
    // Reloads the watcher asks for meanwhile wait for the boot's transaction.
    this.running = boot.catch(() => undefined);
    try {
      await boot;
    } catch (error) {
      this.watcher.close();
      this.watcher = undefined;
      throw error;
    }
    process.on('SIGHUP', this.onHangup);
  }

  async onApplicationShutdown(): Promise<void> {
    process.off('SIGHUP', this.onHangup);
    if (this.watcher) {
      this.watcher.close();
      this.watcher = undefined;
      this.logger.log('stopped watching the content project directory');
    }
    // A reload inside its transaction finishes before the database closes.
    await this.running;
  }

  /** Reads the directory again and applies it if it validates and differs from the model in force. */
  reload(): Promise<ReloadOutcome> {
    if (this.queued) return this.queued;
    const next = this.running.then(() => {
      this.queued = undefined;
      return this.reloadNow();
    });
    this.queued = next;
    this.running = next.catch(() => undefined);
    return next;
  }

  private async reloadNow(): Promise<ReloadOutcome> {
    const started = performance.now();
    let loaded: LoadedModel;
    try {
      loaded = loadContentModel(this.directory, this.resolveOptions);
    } catch (error) {
      return this.rejected(error);
    }
    if (loaded.version === this.model?.version) return { status: 'unchanged', problems: [] };
    try {
      await this.apply(loaded, started);
    } catch (error) {
      return this.rejected(error);
    }
    for (const listener of this.listeners) {
      try {
        listener(this.current);
      } catch (error) {
        this.logger.error(`a content model listener failed: ${messageOf(error)}`);
      }
    }
    return { status: 'applied', problems: [] };
  }

  /** Writes the model's items in one transaction, then makes it the model in force. */
  private async apply(loaded: LoadedModel, started: number): Promise<void> {
    const rows = modelRows(loaded.model);
    const { ids, added, changed, removed } = await this.database.transaction(async () => {
      await this.items.lockForApply();
      const existing = await this.items.findByUids(rows.map((row) => row.uid));
      const kinds = new Map(existing.map((row) => [row.uid, row]));
      const moved = rows.flatMap((row) => {
        const stored = kinds.get(row.uid);
        return stored && stored.kind !== row.kind
          ? [
              `${row.kind} "${row.handle}": uid ${row.uid} belongs to the ${stored.kind} "${stored.handle}" in the database; an item's uid cannot move to another kind`,
            ]
          : [];
      });
      if (moved.length > 0) throw new ContentModelError(moved);
      const result = await this.items.upsert(rows, existing);
      const gone = await this.items.markRemovedExcept(rows.map((row) => row.uid));
      return { ...result, removed: gone };
    });
    const model = buildContentModel(loaded.model, ids, loaded.version);
    this.model = new ContentModelIndex(model);
    const elapsed = Math.round(performance.now() - started);
    const removedText = removed.map((r) => `${r.kind} ${r.handle}`).join(', ');
    this.logger.log(
      `content model ${loaded.version.slice(0, 12)}: ${model.sites.length} sites, ` +
        `${model.sections.length} sections, ${model.fields.length} fields, ` +
        `${model.schemas.length} GraphQL schemas from ${loaded.files} files in ${this.directory}` +
        ` (${added} items added, ${changed} changed, ${removed.length} removed${removedText ? `: ${removedText}` : ''}; ${elapsed} ms)`,
    );
  }

  private rejected(error: unknown): ReloadOutcome {
    const problems = error instanceof ContentModelError ? error.problems : [messageOf(error)];
    const version = this.model ? this.model.version.slice(0, 12) : 'none';
    this.logger.warn(
      `content model change rejected, keeping ${version}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    return { status: 'rejected', problems };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
