import { createHash } from 'node:crypto';
import { cacheControl, entityTag, freshness, noneMatchMatches } from './http-caching';

describe('HTTP caching of endpoint answers', () => {
  it('an ETag is strong, quoted, and a prefix of the body’s SHA-256', () => {
    const body = '{"data":{"ping":"pong"}}';
    const etag = entityTag(body);
    const sha = createHash('sha256').update(body).digest('base64url');
    expect(etag).toBe(`"${sha.slice(0, 22)}"`);
    expect(entityTag(body)).toBe(etag);
    expect(entityTag('{"data":{"ping":"pong!"}}')).not.toBe(etag);
  });

  it('If-None-Match matches *, or any member of a list, weakly', () => {
    const etag = '"abc"';
    expect(noneMatchMatches('"abc"', etag)).toBe(true);
    expect(noneMatchMatches('*', etag)).toBe(true);
    expect(noneMatchMatches(' * ', etag)).toBe(true);
    expect(noneMatchMatches('W/"abc"', etag)).toBe(true);
    expect(noneMatchMatches('"x", W/"y" ,"abc"', etag)).toBe(true);
    expect(noneMatchMatches('"x",, "abc"', etag)).toBe(true);
    expect(noneMatchMatches('"x", "y"', etag)).toBe(false);
    expect(noneMatchMatches('abc', etag)).toBe(false);
    expect(noneMatchMatches('"ab"', etag)).toBe(false);
    expect(noneMatchMatches('', etag)).toBe(false);
    // A malformed member ends the list: what follows it is not read.
    expect(noneMatchMatches('"x", junk, "abc"', etag)).toBe(false);
    expect(noneMatchMatches('"abc", junk', etag)).toBe(true);
  });

  it('max-age and stale-while-revalidate stop at the next scheduled status change', () => {
    expect(freshness(60, 30, null)).toEqual({ maxAge: 60, staleWhileRevalidate: 30 });
    expect(freshness(60, 30, 3_600_000)).toEqual({ maxAge: 60, staleWhileRevalidate: 30 });
    expect(freshness(60, 30, 75_999)).toEqual({ maxAge: 60, staleWhileRevalidate: 15 });
    expect(freshness(60, 30, 45_000)).toEqual({ maxAge: 45, staleWhileRevalidate: 0 });
    expect(freshness(60, 30, 999)).toEqual({ maxAge: 0, staleWhileRevalidate: 0 });
  });

  it('Cache-Control is public with max-age, and stale-while-revalidate when set', () => {
    expect(cacheControl({ maxAge: 60, staleWhileRevalidate: 30 })).toBe(
      'public, max-age=60, stale-while-revalidate=30',
    );
    expect(cacheControl({ maxAge: 60, staleWhileRevalidate: 0 })).toBe('public, max-age=60');
    expect(cacheControl({ maxAge: 0, staleWhileRevalidate: 0 })).toBe('public, no-cache');
  });
});
