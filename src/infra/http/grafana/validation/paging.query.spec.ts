import { pageWindow } from './paging.query';

describe('pageWindow', () => {
  it('asks for perPage rows after the earlier pages', () => {
    expect(pageWindow(1, 1000)).toEqual({ limit: 1000, offset: 0 });
    expect(pageWindow(3, 2)).toEqual({ limit: 2, offset: 4 });
  });

  // Found by grafana-requests.property.spec.ts: /api/users/search answered 500 for these.
  it('asks for nothing when the offset is past 2^53', () => {
    expect(pageWindow(9007199254740991, 10000)).toEqual({ limit: 0, offset: 0 });
    expect(pageWindow(3, Number.MAX_SAFE_INTEGER)).toEqual({ limit: 0, offset: 0 });
    expect(pageWindow(2, Number.MAX_SAFE_INTEGER)).toEqual({
      limit: Number.MAX_SAFE_INTEGER,
      offset: Number.MAX_SAFE_INTEGER,
    });
  });
});
