import { keyRejectedMessage, MEMCACHED_MAX_KEY_BYTES, memcachedKeyProblem } from './key';

describe('memcached key rules', () => {
  it('accepts keys up to 250 bytes, counting UTF-8 bytes', () => {
    expect(memcachedKeyProblem('domain_key_value_1200')).toBeUndefined();
    expect(memcachedKeyProblem('k'.repeat(MEMCACHED_MAX_KEY_BYTES))).toBeUndefined();
    expect(memcachedKeyProblem('é'.repeat(125))).toBeUndefined();
    expect(memcachedKeyProblem('é'.repeat(126))).toBe(
      'it is 252 bytes long and memcached keys are at most 250 bytes',
    );
    expect(memcachedKeyProblem('k'.repeat(251))).toMatch(/^it is 251 bytes long/);
    expect(memcachedKeyProblem('€'.repeat(84))).toMatch(/^it is 252 bytes long/);
  });

  it('refuses whitespace and control characters, naming the first and its position', () => {
    expect(memcachedKeyProblem('a b')).toBe(
      'it contains a space at character 2, and memcached keys cannot contain whitespace or control characters',
    );
    expect(memcachedKeyProblem('ab\n')).toMatch(/^it contains U\+000A at character 3/);
    expect(memcachedKeyProblem('a\tb')).toMatch(/U\+0009/);
    expect(memcachedKeyProblem('a\u0001b')).toMatch(/U\+0001/);
    expect(memcachedKeyProblem('a\u007fb')).toMatch(/U\+007F/);
    expect(memcachedKeyProblem('a\u0085b')).toMatch(/U\+0085/);
    expect(memcachedKeyProblem('a\u00a0b')).toMatch(/U\+00A0/);
    expect(memcachedKeyProblem('a\u2028b')).toMatch(/U\+2028/);
    expect(memcachedKeyProblem('ünïcødé_files/*_:|')).toBeUndefined();
  });

  it('quotes the key in the message, escaped and truncated', () => {
    expect(keyRejectedMessage('a\u0001b', 'why')).toBe(
      'counter key "a\\u0001b" cannot be stored in memcached: why',
    );
    const message = keyRejectedMessage('x'.repeat(300), 'why');
    expect(message).toBe(`counter key "${'x'.repeat(80)}…" cannot be stored in memcached: why`);
  });
});
