import { parse } from 'graphql';
import { DocumentCache } from './document-cache';

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
