import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database/database';
import type { ContentModelIndex } from '../model/content-model.index';
import { ContentModelSource } from '../model/content-model.source';
import type { SeedDocument } from './seed-document';
import { readContentFilesStreamed, type EntrySource } from './streamed-entries';
import { SeedRun } from './seed-run';
import { ElementWriter } from '../store/write/element-writer';
import { ElementLookups } from '../store/write/element-lookups';
import { contentFilesOf } from './content-paths';
import { ElementStatesRepository } from './element-states.repository';
import { type ImportCounts, type LoadListener, LoadTracker } from './load-tracker';

export interface ImportReport {
  readonly counts: ImportCounts;
  readonly files: number;
  readonly elapsedMs: number;
}

/**
 * The one way content files get into the store: the `content-import` command and the boot
 * seeder (CONTENT_SEED_DIR) both load through `load`. A load is one transaction (joining the
 * caller's): everything or nothing. Items update the element they match (uid, else natural
 * key) or create one; the counts say what was created, updated or left unchanged.
 */
@Injectable()
export class ContentImporter {
  constructor(
    private readonly database: Database,
    private readonly models: ContentModelSource,
    private readonly writer: ElementWriter,
    private readonly lookups: ElementLookups,
    private readonly states: ElementStatesRepository,
  ) {}

  load(
    document: SeedDocument,
    model: ContentModelIndex = this.models.current,
    listener?: LoadListener,
    entries?: EntrySource,
  ): Promise<ImportCounts> {
    return this.database.transaction(() =>
      new SeedRun(
        model,
        this.writer,
        this.lookups,
        this.states,
        new LoadTracker(this.states),
        listener,
        () => this.database.refreshContentStatistics(),
      ).run(document, entries),
    );
  }

  /** Content files and directories of files (see contentFilesOf), loaded together. */
  async importPaths(paths: readonly string[], listener?: LoadListener): Promise<ImportReport> {
    const started = performance.now();
    const files = contentFilesOf(paths);
    // Entries come back file by file as the load reaches them (streamed-entries.ts).
    const content = readContentFilesStreamed(files);
    let counts: ImportCounts;
    try {
      counts = await this.load(content.document, this.models.current, listener, content.entries);
    } finally {
      content.close();
    }
    // For the instances running on PostgreSQL now. A PGlite store is read by the next service
    // alone, which refreshes (and vacuums) it as it starts: doing it here too only repeated
    // that, at the command's memory peak (the full sample of wide rows in PGlite's WASM heap).
    if (this.database.driver !== 'pglite') await this.database.refreshStatistics();
    return { counts, files: files.length, elapsedMs: performance.now() - started };
  }
}
