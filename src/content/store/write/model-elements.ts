import { Injectable } from '@nestjs/common';
import { Database } from '../../../infra/database/database';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ElementWriter } from './element-writer';

export interface EnsuredElements {
  readonly globalSets: number;
  readonly singles: number;
}

/**
 * The elements the content model implies: one per global set, the entry of every single
 * section, a site row of every user in every site. The service ensures them at boot and after
 * every applied model change; the content commands before they read or write content.
 */
@Injectable()
export class ModelElements {
  constructor(
    private readonly database: Database,
    private readonly writer: ElementWriter,
  ) {}

  /** Inside the caller's transaction: waits for other instances' seed and model elements. */
  lockBootWrites(): Promise<void> {
    return this.writer.lockBootWrites();
  }

  /** In one transaction; returns how many global set and single elements were created. */
  ensure(model: ContentModelIndex): Promise<EnsuredElements> {
    return this.database.transaction(async () => {
      await this.writer.lockBootWrites();
      const globalSets = await this.writer.ensureGlobalSets(model);
      const singles = await this.writer.ensureSingles(model);
      await this.writer.ensureUserSites(model);
      return { globalSets, singles };
    });
  }
}
