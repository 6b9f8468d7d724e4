import { createHash, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const LENGTH = 32;
const SHAPE = /^[A-Za-z0-9_-]{32}$/;

/**
 * A new access token as Craft generates them: 32 random URL-safe characters (192 bits). Only
 * its SHA-256 is stored; the token itself is shown once.
 */
export function generateAccessToken(): { token: string; hash: string } {
  let token = '';
  for (let i = 0; i < LENGTH; i++) token += ALPHABET[randomInt(ALPHABET.length)];
  return { token, hash: hashAccessToken(token) };
}

/** A presented value of another shape cannot be a token: rejected without a database lookup. */
export function isWellFormedAccessToken(token: string): boolean {
  return SHAPE.test(token);
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
