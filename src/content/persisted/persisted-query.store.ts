import { Injectable, Logger } from '@nestjs/common';
import { SharedCache } from '../../infra/cache/shared-cache.port';

/** The namespace of registered queries in the shared cache; nothing ever invalidates it. */
export const APQ_NAMESPACE = 'apq';
/** Queries larger than this (UTF-8 bytes) run but are not registered: the client sends them again. */
export const MAX_PERSISTED_QUERY_BYTES = 64 * 1024;
/** How long a registered query is kept; a client whose hash expired registers it again. */
export const PERSISTED_QUERY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Automatic Persisted Queries registered by clients, in the shared cache port (process memory,
 * or Redis when GRAPHQL_CACHE_BACKEND resolves to kvstore: then a query registered on one instance
 * is found on every other). A store that fails is a miss: the client registers the query again.
 */
@Injectable()
export class PersistedQueryStore {
  private readonly logger = new Logger('PersistedQueries');
  private lastWarned = 0;

  constructor(private readonly cache: SharedCache) {}

  async find(hash: string): Promise<string | undefined> {
    try {
      return (await this.cache.lookup(APQ_NAMESPACE, hash)).value;
    } catch (error) {
      this.warn(error);
      return undefined;
    }
  }

  async register(hash: string, query: string): Promise<void> {
    if (Buffer.byteLength(query, 'utf8') > MAX_PERSISTED_QUERY_BYTES) return;
    try {
      let { generation } = await this.cache.lookup(APQ_NAMESPACE, hash);
      // A store seeing the namespace for the first time creates its generation on that lookup.
      generation ??= (await this.cache.lookup(APQ_NAMESPACE, hash)).generation;
      if (generation !== undefined) {
        await this.cache.store(APQ_NAMESPACE, hash, generation, query, PERSISTED_QUERY_TTL_MS);
      }
    } catch (error) {
      this.warn(error);
    }
  }

  private warn(error: unknown): void {
    if (Date.now() - this.lastWarned < 10_000) return;
    this.lastWarned = Date.now();
    this.logger.warn(`persisted query store: ${(error as Error).message}`);
  }
}
