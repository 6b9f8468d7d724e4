import { createHash } from 'node:crypto';
import type { GraphqlResult } from '../graphql/content-graphql';

/** The only version of the Automatic Persisted Queries extension clients send. */
export const APQ_VERSION = 1;

/** A persisted query's hash as clients send it: sha256 of the query text, lower-case hex. */
const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** `extensions.persistedQuery` of an operation, as sent (nothing checked yet). */
export interface PersistedQueryExtension {
  readonly version: unknown;
  readonly sha256Hash: unknown;
}

/**
 * The `persistedQuery` member of an operation's `extensions`, undefined when there is none. A
 * string `extensions` (form bodies, a JSON string in a JSON body) is decoded first; one that is
 * not JSON, or not an object, carries no persisted query.
 */
export function persistedQueryOf(extensions: unknown): PersistedQueryExtension | undefined {
  const decoded = typeof extensions === 'string' ? parseJson(extensions) : extensions;
  if (!isObject(decoded)) return undefined;
  const extension = decoded.persistedQuery;
  if (!isObject(extension)) return undefined;
  return { version: extension.version, sha256Hash: extension.sha256Hash };
}

/** The key a client would compute for a query: sha256 over its UTF-8 bytes, exactly as sent. */
export function queryHash(query: string): string {
  return createHash('sha256').update(query, 'utf8').digest('hex');
}

/** A hash worth looking up: anything else cannot have been registered. */
export function isQueryHash(hash: unknown): hash is string {
  return typeof hash === 'string' && HASH_PATTERN.test(hash);
}

/**
 * A persisted-query failure answered as Apollo Server answers it (apollo-server's
 * internalErrorClasses): `status` is the HTTP status of a request holding this one operation;
 * `uncached` answers carry `Cache-Control: private, no-cache, must-revalidate` so that no cache
 * keeps a "not found" past the registration that follows it.
 */
export interface PersistedQueryFailure {
  readonly result: GraphqlResult;
  readonly status: number;
  readonly uncached: boolean;
}

function apolloError(
  message: string,
  code: string,
  status: number,
  uncached: boolean,
): PersistedQueryFailure {
  return { result: { errors: [{ message, extensions: { code } }] }, status, uncached };
}

export const PERSISTED_QUERY_NOT_FOUND = apolloError(
  'PersistedQueryNotFound',
  'PERSISTED_QUERY_NOT_FOUND',
  200,
  true,
);
export const PERSISTED_QUERY_NOT_SUPPORTED = apolloError(
  'PersistedQueryNotSupported',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  200,
  true,
);
export const UNSUPPORTED_VERSION = apolloError(
  'Unsupported persisted query version',
  'BAD_REQUEST',
  400,
  false,
);
/** GRAPHQL_PERSISTED_QUERIES=only: an operation of the public schema not on the allow-list. */
export const NOT_ON_ALLOW_LIST = apolloError(
  'This operation is not on the persisted query allow-list',
  'PERSISTED_QUERY_NOT_LISTED',
  403,
  false,
);
export const HASH_MISMATCH = apolloError(
  'provided sha does not match query',
  'BAD_REQUEST',
  400,
  false,
);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
