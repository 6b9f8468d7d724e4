import { containsNul, urlHasUnstorableText } from './unstorable-text';

describe('unstorable text', () => {
  it('finds a NUL in any string of a parsed body or query', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ a: [{ b: 'x' }, { c: ['y', 'z\u0000'] }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: ['x', 1, null, true, { b: 'é €' }] })).toBe(false);
  });

  it('finds %00 and percent-escapes that are not UTF-8 in a raw URL', () => {
    for (const url of [
      '/api/teams/search?name=a%00b',
      '/api/teams/1%00',
      '/api/teams/search?name=%ff%fe',
      '/api/teams/search?name=%e2%82',
      '/api/teams/search?name=%C0%AF',
    ]) {
      expect([url, urlHasUnstorableText(url)]).toEqual([url, true]);
    }
    for (const url of [
      '/api/teams/search?name=caf%C3%A9&query=%E2%82%AC',
      '/api/teams/search?name=100%',
      '/api/teams/search?name=%zz&x=%2',
      '/api/teams/search?name=%2500',
    ]) {
      expect([url, urlHasUnstorableText(url)]).toEqual([url, false]);
    }
  });
});
