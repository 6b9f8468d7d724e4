import { createHash } from 'node:crypto';
import { generateAccessToken, hashAccessToken, isWellFormedAccessToken } from './access-token';

describe('access tokens', () => {
  it('are 32 URL-safe characters, different each time, stored as their SHA-256', () => {
    const tokens = Array.from({ length: 50 }, () => generateAccessToken());
    for (const { token, hash } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(hashAccessToken(token)).toBe(hash);
      expect(isWellFormedAccessToken(token)).toBe(true);
    }
    expect(new Set(tokens.map((t) => t.token)).size).toBe(tokens.length);
  });

  it('reject other shapes before any lookup', () => {
    for (const token of ['', 'short', `${'a'.repeat(32)}=`, 'a'.repeat(33), `${'a'.repeat(31)}!`]) {
      expect(isWellFormedAccessToken(token)).toBe(false);
    }
  });
});
