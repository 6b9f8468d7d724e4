import { VerifiedPasswords } from './verified-passwords';

describe('VerifiedPasswords', () => {
  it('remembers a verified password for its user and stored hash until it expires', () => {
    let now = 0;
    const cache = new VerifiedPasswords(1000, 10, () => now);
    cache.remember(1, 'hash-a', 'pw');
    expect(cache.has(1, 'hash-a', 'pw')).toBe(true);
    expect(cache.has(1, 'hash-a', 'other')).toBe(false);
    expect(cache.has(2, 'hash-a', 'pw')).toBe(false);
    // A new password hash (password changed) does not match the old entry.
    expect(cache.has(1, 'hash-b', 'pw')).toBe(false);
    now = 1000;
    expect(cache.has(1, 'hash-a', 'pw')).toBe(false);
  });

  it('is bounded: the oldest entry goes first', () => {
    const cache = new VerifiedPasswords(60_000, 2);
    cache.remember(1, 'h', 'a');
    cache.remember(2, 'h', 'b');
    cache.remember(3, 'h', 'c');
    expect(cache.has(1, 'h', 'a')).toBe(false);
    expect(cache.has(2, 'h', 'b')).toBe(true);
    expect(cache.has(3, 'h', 'c')).toBe(true);
  });
});
