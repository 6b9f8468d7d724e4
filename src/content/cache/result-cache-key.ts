import { createHash } from 'node:crypto';

/** Everything a cached result depends on (besides the content, which invalidates). */
export interface ResultCacheKeyParts {
  readonly schemaUid: string;
  /** The model's version: a changed model never reads results of another. */
  readonly modelVersion: string;
  /** The site a request is in (Craft's current site): the primary site, as requests name none. */
  readonly siteId: number;
  /** Admins (X-Craft-Gql-Schema) may introspect when others may not. */
  readonly privileged: boolean;
  /** The settings that shape results on this instance (result-cache-settings.ts). */
  readonly settings: string;
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>> | null;
  readonly operationName: string | null;
}

/**
 * The cache key of a result, as Craft's `graphql::<site>::<schema>::md5(query)::...::variables
 * ::operationName`, hashed (SHA-256) so keys stay short whatever the query. Variables are
 * serialised with sorted keys: the same values in another order are the same request.
 */
export function resultCacheKey(parts: ResultCacheKeyParts): string {
  return hashed([
    parts.schemaUid,
    parts.modelVersion,
    parts.siteId,
    parts.privileged,
    parts.settings,
    parts.query,
    canonical(parts.variables ?? {}),
    parts.operationName,
  ]);
}

/**
 * A request as it came, before decoding: what a request-level key is made of. The allow-list
 * version makes a changed GRAPHQL_PERSISTED_QUERIES_DIR list miss every earlier entry.
 */
export interface RequestText {
  readonly method: string;
  readonly contentType: string | undefined;
  readonly search: string;
  readonly body: string | undefined;
  readonly allowListVersion: number;
}

export type RequestCacheKeyParts = Omit<
  ResultCacheKeyParts,
  'privileged' | 'query' | 'variables' | 'operationName'
> &
  RequestText;

/**
 * The key of a whole answer by its request text (anonymous requests on the public schema only,
 * so no `privileged`). The array has another length than an operation key's, so no request text
 * can produce an operation's key.
 */
export function requestCacheKey(parts: RequestCacheKeyParts): string {
  return hashed([
    'request',
    parts.schemaUid,
    parts.modelVersion,
    parts.siteId,
    parts.settings,
    parts.allowListVersion,
    parts.method,
    parts.contentType ?? null,
    parts.search,
    parts.body ?? null,
  ]);
}

/** SHA-256 of the parts' JSON: keys stay short whatever the query or body. */
function hashed(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** JSON-ready copy with object keys sorted at every level. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, canonical(record[key])]),
  );
}
