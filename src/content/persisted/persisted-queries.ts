import { Injectable } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import type { RawOperation } from '../endpoint/graphql-request';
import {
  APQ_VERSION,
  HASH_MISMATCH,
  isQueryHash,
  NOT_ON_ALLOW_LIST,
  PERSISTED_QUERY_NOT_FOUND,
  PERSISTED_QUERY_NOT_SUPPORTED,
  persistedQueryOf,
  type PersistedQueryFailure,
  queryHash,
  UNSUPPORTED_VERSION,
} from './persisted-query';
import { PersistedQueryAllowList } from './persisted-query-allow-list';
import { PersistedQueryStore } from './persisted-query.store';

/** An operation ready to check and run, and the hash to register once it ran (auto mode). */
export interface ResolvedOperation {
  readonly operation: RawOperation;
  readonly register?: { readonly hash: string; readonly query: string };
}

/**
 * The Automatic Persisted Queries protocol (Apollo's `extensions.persistedQuery`), one operation
 * at a time, before the operation is checked: a hash without a query is looked up (found: run,
 * else PersistedQueryNotFound, which makes clients send the query with the hash); a hash with a
 * query must be the query's sha256, and is registered once the query ran. Operations without the
 * extension pass through. GRAPHQL_PERSISTED_QUERIES=off answers PersistedQueryNotSupported to any
 * operation carrying it, as Apollo Server without persisted queries does. With `only`, a
 * `restricted` operation (the public schema, no token) runs only when its query is on the
 * allow-list, by hash or as text; a hash not on it is PersistedQueryNotFound (Apollo clients then
 * send the query, refused with 403); other operations are as in `auto`.
 */
@Injectable()
export class PersistedQueries {
  private readonly mode: Settings['content']['persistedQueries'];

  constructor(
    settings: Settings,
    private readonly store: PersistedQueryStore,
    private readonly allowList: PersistedQueryAllowList,
  ) {
    this.mode = settings.content.persistedQueries;
  }

  /** Changes whenever the allow-list is read again. */
  get allowListVersion(): number {
    return this.allowList.version;
  }

  async resolve(
    raw: RawOperation,
    restricted = false,
  ): Promise<ResolvedOperation | PersistedQueryFailure> {
    if (restricted && this.mode === 'only') return this.allowed(raw);
    const extension = persistedQueryOf(raw.extensions);
    if (extension === undefined) return { operation: raw };
    if (this.mode === 'off') return PERSISTED_QUERY_NOT_SUPPORTED;
    if (extension.version !== APQ_VERSION) return UNSUPPORTED_VERSION;
    const hash = extension.sha256Hash;
    const { query } = raw;
    if (query === undefined || query === null || query === '') {
      const found = isQueryHash(hash) ? await this.store.find(hash) : undefined;
      return found === undefined
        ? PERSISTED_QUERY_NOT_FOUND
        : { operation: { ...raw, query: found } };
    }
    // Anything but a string is left to the operation check to refuse.
    if (typeof query !== 'string') return { operation: raw };
    if (hash !== queryHash(query)) return HASH_MISMATCH;
    return { operation: raw, register: { hash, query } };
  }

  private allowed(raw: RawOperation): ResolvedOperation | PersistedQueryFailure {
    const extension = persistedQueryOf(raw.extensions);
    const { query } = raw;
    if (extension !== undefined) {
      if (extension.version !== APQ_VERSION) return UNSUPPORTED_VERSION;
      const hash = extension.sha256Hash;
      if (query === undefined || query === null || query === '') {
        const listed = isQueryHash(hash) ? this.allowList.byHash(hash) : undefined;
        return listed === undefined
          ? PERSISTED_QUERY_NOT_FOUND
          : { operation: { ...raw, query: listed } };
      }
      if (typeof query === 'string' && hash !== queryHash(query)) return HASH_MISMATCH;
    }
    // No query at all is answered as ever; anything else must be listed.
    if (query === undefined || query === null || query === '') return { operation: raw };
    return typeof query === 'string' && this.allowList.allows(query)
      ? { operation: raw }
      : NOT_ON_ALLOW_LIST;
  }

  /** Keeps a query that ran, for the hash-only requests that follow. */
  register(resolved: ResolvedOperation): Promise<void> {
    return resolved.register === undefined
      ? Promise.resolve()
      : this.store.register(resolved.register.hash, resolved.register.query);
  }
}

export function isPersistedQueryFailure(
  value: ResolvedOperation | PersistedQueryFailure,
): value is PersistedQueryFailure {
  return 'result' in value;
}
