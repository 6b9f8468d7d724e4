import { createHash } from 'node:crypto';

const UID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in its 8-4-4-4-12 hex form (any version), as Craft's uids are. */
export function isUid(value: string): boolean {
  return UID_PATTERN.test(value);
}

/**
 * The uid of an item the YAML gives no uid: the first 16 bytes of sha1(`<kind>:<key>`) shaped as
 * a version-5 UUID. The same handle always gives the same uid, so ids (matched by uid) and scopes
 * survive restarts and fresh databases. Keys: `site:en`, `field:summary`,
 * `entryType:news.article`, `blockType:contentBlocks.quote`, `field:contentBlocks.quote.text`.
 */
export function deriveUid(kind: string, key: string): string {
  const bytes = createHash('sha1').update(`${kind}:${key}`, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
