import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

const PREFIX = 'glsa_';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SHAPE = /^glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}$/;

function checksum(body: string): string {
  return crc32(body).toString(16).padStart(8, '0');
}

/**
 * A service account token in Grafana's format: `glsa_` + 32 random characters + `_` + the CRC-32
 * of what precedes it. Only the SHA-256 of the whole token is stored.
 */
export function generateServiceAccountToken(): { token: string; hash: string } {
  let secret = '';
  for (let i = 0; i < 32; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
  const body = `${PREFIX}${secret}`;
  const token = `${body}_${checksum(body)}`;
  return { token, hash: hashServiceAccountToken(token) };
}

/** Shape and checksum: a mistyped token is rejected without a database lookup. */
export function isWellFormedServiceAccountToken(token: string): boolean {
  if (!SHAPE.test(token)) return false;
  return checksum(token.slice(0, -9)) === token.slice(-8);
}

export function hashServiceAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
