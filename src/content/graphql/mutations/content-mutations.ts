import { Injectable, Logger } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { Database } from '../../../infra/database/database';
import type { ChangedElement } from '../../cache/cache-tags';
import { GraphqlResultCache } from '../../cache/graphql-result-cache';
import type { ElementKind } from '../../model/element-kinds';
import type { ElementRecord } from '../../store/element-record';
import { ElementReader } from '../../store/element-reader';
import { ElementWriter } from '../../store/write/element-writer';
import { ElementWriteError } from '../../store/write/write-error';
import { ElementLookups } from '../../store/write/element-lookups';
import { VolumeFiles } from '../../store/write/volume-files';

/**
 * What GraphQL mutations write with: the element writer and the natural-key lookups, each
 * mutation in one database transaction, cached query results made stale after it commits, and
 * the saved element read back as queries see it (any status, in the site it was saved in).
 */
@Injectable()
export class ContentMutations {
  private readonly logger = new Logger('ContentMutations');

  constructor(
    private readonly database: Database,
    readonly writer: ElementWriter,
    readonly lookups: ElementLookups,
    private readonly reader: ElementReader,
    private readonly cache: GraphqlResultCache,
    /** Whether a file is in a volume (adopting a file, names taken); the writer writes them. */
    readonly files: VolumeFiles,
  ) {}

  /**
   * Runs one mutation's writes in one transaction (the writer's own transactions join it). The
   * writer's validation problems become one GraphQL error naming the fields, a line each, as
   * Craft joins validation errors. After the commit, every cached result is stale, and the
   * invalidation webhook hears of the `changed` elements (without them: of everything).
   */
  async write<T>(
    work: () => Promise<T>,
    changed?: (result: T) => readonly ChangedElement[],
  ): Promise<T> {
    let result: T;
    try {
      result = await this.database.transaction(work);
    } catch (error) {
      if (error instanceof ElementWriteError) throw new GraphQLError(error.problems.join('\n'));
      throw error;
    }
    try {
      await this.cache.invalidate(changed?.(result));
    } catch (error) {
      // The write stands; the cache's own lifetime bounds how long stale results live.
      this.logger.error(
        `cached GraphQL results could not be invalidated: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return result;
  }

  /**
   * A saved element as queries return it, whatever its status: in the first of `siteIds` it has
   * content in, null when it has none there.
   */
  async read(
    kind: ElementKind,
    id: number,
    containerId: number | null,
    siteIds: readonly number[],
  ): Promise<ElementRecord | null> {
    if (siteIds.length === 0) return null;
    const [record] = await this.reader.find({
      kind,
      id: [id],
      siteIds,
      unique: true,
      preferSites: siteIds,
      status: null,
      ...(containerId !== null && { containerIds: [containerId] }),
      limit: 1,
    });
    return record ?? null;
  }
}
