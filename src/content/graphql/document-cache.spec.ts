import { parse } from 'graphql';
import { DOCUMENT_BYTES_PER_CHAR, DocumentCache } from './document-cache';

describe('DocumentCache', () => {
  it('keeps the most recently used documents up to its capacity', () => {
    const cache = new DocumentCache(2);
    const a = parse('{ a }');
    const b = parse('{ b }');
    cache.set('a', a);
    cache.set('b', b);
    expect(cache.get('a')).toBe(a); // a is now the most recent
    cache.set('c', parse('{ c }'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
    expect(cache.size).toBe(2);
  });
});

describe('DocumentCache bytes', () => {
  it('evicts the least recently used beyond its bytes, and keeps no text charged over a quarter of them', () => {
    const text = (name: string) => `{ ${name} }`.padEnd(100, ' ');
    const cache = new DocumentCache(100, 400 * DOCUMENT_BYTES_PER_CHAR);
    for (const name of ['a', 'b', 'c', 'd', 'e']) cache.set(text(name), parse(text(name)));
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBe(400 * DOCUMENT_BYTES_PER_CHAR);
    expect(cache.get(text('a'))).toBeUndefined();
    expect(cache.get(text('e'))).toBeDefined();
    const big = '{ big }'.padEnd(101, '#');
    cache.set(big, parse(big));
    expect(cache.get(big)).toBeUndefined();
    expect(cache.size).toBe(4);
  });
});
