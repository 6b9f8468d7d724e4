import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database/database';
import type { ContentModelIndex } from '../model/content-model.index';
import { ElementWriter } from '../store/element-writer';
import { ElementLookups } from '../store/element-writer-lookups';
import type { SeedDocument } from './seed-document';
import { type SeedCounts, SeedRun } from './seed-run';

/**
 * Loads content documents (the seed format, docs/content-seed.md) through the ElementWriter, in
 * one transaction: everything or nothing. Idempotent: items are matched by uid or natural key
 * and updated. The boot seeder uses it; an import command can too.
 */
@Injectable()
export class SeedLoader {
  constructor(
    private readonly database: Database,
    private readonly writer: ElementWriter,
    private readonly lookups: ElementLookups,
  ) {}

  load(document: SeedDocument, model: ContentModelIndex): Promise<SeedCounts> {
    return this.database.transaction(() =>
      new SeedRun(model, this.writer, this.lookups).run(document),
    );
  }
}
