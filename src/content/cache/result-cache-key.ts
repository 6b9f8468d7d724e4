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
  const text = JSON.stringify([
    parts.schemaUid,
    parts.modelVersion,
    parts.siteId,
    parts.privileged,
    parts.settings,
    parts.query,
    canonical(parts.variables ?? {}),
    parts.operationName,
  ]);
  return createHash('sha256').update(text).digest('base64url');
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
