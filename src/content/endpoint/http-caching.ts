import { createHash } from 'node:crypto';

/**
 * The request headers that choose the schema (schema-selector.ts): an answer differs with them,
 * so every answer of the endpoint names them in `Vary`, and only requests without them get
 * answers a shared cache may keep.
 */
export const SCHEMA_HEADERS = 'Authorization, X-Craft-Authorization, X-Craft-Gql-Schema';

/**
 * `Vary` of every endpoint answer: shared caches must keep token, Basic and admin answers apart
 * from anonymous ones; `vary` is what the CORS headers already vary with (Origin), if anything.
 */
export function varyHeader(vary: string | undefined): string {
  return vary === undefined ? SCHEMA_HEADERS : `${vary}, ${SCHEMA_HEADERS}`;
}

/** A cacheable answer's tags as `Cache-Tag` (comma list) and `Surrogate-Key` (space list). */
export function tagHeaders(tags: readonly string[]): Record<'cache-tag' | 'surrogate-key', string> {
  return { 'cache-tag': tags.join(','), 'surrogate-key': tags.join(' ') };
}

/** Base64url characters of the SHA-256 kept in an ETag: 132 bits. */
const ETAG_HASH_CHARS = 22;

/** A strong ETag over the answer's bytes (the JSON text, as sent). */
export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, ETAG_HASH_CHARS)}"`;
}

/**
 * Whether `If-None-Match` (RFC 9110 §13.1.2) matches the answer's ETag: `*`, or a list of entity
 * tags compared weakly (a `W/` prefix on either side is ignored). A malformed member matches
 * nothing; the members before it still count.
 */
export function noneMatchMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  // One member per match, empty list elements (`a, , b`) skipped; stops at the first malformed one.
  const member = /[\s,]*(?:W\/)?("[^"]*")[ \t]*(,|$)/y;
  for (let found = member.exec(header); found !== null; found = member.exec(header)) {
    if (found[1] === wanted) return true;
    if (found[2] === '') break;
  }
  return false;
}

function opaque(etag: string): string {
  return etag.startsWith('W/') ? etag.slice(2) : etag;
}

/** How long a shared cache may keep an answer: GRAPHQL_HTTP_CACHE_* cut by the content's schedule. */
export interface Freshness {
  readonly maxAge: number;
  readonly staleWhileRevalidate: number;
}

/**
 * The settings' max-age and stale-while-revalidate (seconds), shortened so that neither reaches
 * past the next scheduled status change (`untilChangeMs`; null: none ahead): a pending entry
 * goes live, or a live one expires, without a write, and so without a purge.
 */
export function freshness(
  maxAge: number,
  staleWhileRevalidate: number,
  untilChangeMs: number | null,
): Freshness {
  if (untilChangeMs === null) return { maxAge, staleWhileRevalidate };
  const left = Math.floor(untilChangeMs / 1000);
  const age = Math.min(maxAge, left);
  return {
    maxAge: age,
    staleWhileRevalidate: Math.max(0, Math.min(staleWhileRevalidate, left - age)),
  };
}

/**
 * `Cache-Control` of a cacheable answer; `public, no-cache` (keep, but ask again every time)
 * when a status change is due within the second.
 */
export function cacheControl({ maxAge, staleWhileRevalidate }: Freshness): string {
  if (maxAge === 0) return 'public, no-cache';
  const revalidate =
    staleWhileRevalidate > 0 ? `, stale-while-revalidate=${staleWhileRevalidate}` : '';
  return `public, max-age=${maxAge}${revalidate}`;
}
