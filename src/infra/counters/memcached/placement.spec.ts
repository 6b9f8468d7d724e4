import { crc32, nodeIndex, tableCrc32 } from './placement';

describe('key placement (gomemcache: crc32 of the key modulo the node count)', () => {
  it('computes the IEEE CRC-32 of the UTF-8 bytes', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(tableCrc32('123456789')).toBe(0xcbf43926);
    for (const key of ['', 'domain_key_value_1200', 'ünïcødé_€_1200', 'x'.repeat(250)]) {
      expect(tableCrc32(key)).toBe(crc32(key));
    }
  });

  it('picks crc32 % n, and node 0 when there is one', () => {
    expect(nodeIndex('anything', 1)).toBe(0);
    expect(nodeIndex('123456789', 2)).toBe(0xcbf43926 % 2);
    expect(nodeIndex('123456789', 3)).toBe(0xcbf43926 % 3);
    const spread = new Set(Array.from({ length: 50 }, (_, i) => nodeIndex(`k_${i}`, 3)));
    expect(spread).toEqual(new Set([0, 1, 2]));
  });
});
