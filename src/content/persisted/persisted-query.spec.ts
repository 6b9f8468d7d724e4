import { isQueryHash, persistedQueryOf, queryHash } from './persisted-query';

describe('persisted query extension', () => {
  it('reads persistedQuery from an object or a JSON string, nothing else', () => {
    const persistedQuery = { version: 1, sha256Hash: 'h' };
    expect(persistedQueryOf({ persistedQuery })).toEqual(persistedQuery);
    expect(persistedQueryOf(JSON.stringify({ persistedQuery }))).toEqual(persistedQuery);
    for (const none of [undefined, null, 'nope', [], {}, { persistedQuery: null }]) {
      expect(persistedQueryOf(none)).toBeUndefined();
    }
  });

  it('hashes the exact UTF-8 bytes sent, as Apollo clients do', () => {
    // sha256("{ping}") as `printf '{ping}' | sha256sum` gives it.
    expect(queryHash('{ping}')).toBe(
      '6ee0131613123e3939d2390deff5b47f054b16ac6f3db75c4adbf16288891433',
    );
    expect(queryHash('{ping}')).not.toBe(queryHash('{ping}\n'));
    expect(isQueryHash(queryHash('é'))).toBe(true);
    expect(isQueryHash('ABC')).toBe(false);
  });
});
