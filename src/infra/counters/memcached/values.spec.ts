import {
  jitterSeconds,
  MEMCACHED_MAX_RELATIVE_EXPIRY_SECONDS,
  memcachedExpiry,
  parseCount,
} from './values';

describe('memcached values', () => {
  it('parses stored counters; anything else counts 0', () => {
    expect(parseCount(Buffer.from('42'))).toBe(42);
    expect(parseCount(Buffer.from('7   '))).toBe(7);
    expect(parseCount(Buffer.from('0'))).toBe(0);
    expect(parseCount(Buffer.from('abc'))).toBe(0);
    expect(parseCount(Buffer.from('-3'))).toBe(0);
    expect(parseCount(Buffer.from('1.5'))).toBe(0);
    expect(parseCount(Buffer.from(''))).toBe(0);
    expect(parseCount(Buffer.from('18446744073709551615'))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('sends TTLs up to 30 days as they are, longer ones as an absolute time', () => {
    expect(memcachedExpiry(60, 1_000_000)).toBe(60);
    expect(memcachedExpiry(MEMCACHED_MAX_RELATIVE_EXPIRY_SECONDS, 1_000_000)).toBe(2_592_000);
    expect(memcachedExpiry(2_592_001, 1_000_000)).toBe(3_592_001);
    expect(memcachedExpiry(31_536_000 + 299, 1_700_000_000)).toBe(1_731_536_299);
  });

  it('draws jitter uniformly from [0, max)', () => {
    expect(jitterSeconds(0, () => 0.99)).toBe(0);
    expect(jitterSeconds(300, () => 0)).toBe(0);
    expect(jitterSeconds(300, () => 0.999999)).toBe(299);
    expect(jitterSeconds(10, () => 0.5)).toBe(5);
    for (let i = 0; i < 1000; i++) {
      const jitter = jitterSeconds(3);
      expect(Number.isInteger(jitter) && jitter >= 0 && jitter < 3).toBe(true);
    }
  });
});
