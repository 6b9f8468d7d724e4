import { gzipSync } from 'node:zlib';
import { assetAnswer } from './asset-answer';
import type { LoadedAsset } from './assets';

const body = Buffer.from('console.log("hello");'.repeat(50));
const ASSET: LoadedAsset = {
  name: 'playground.js',
  contentType: 'text/javascript; charset=utf-8',
  body,
  gzip: gzipSync(body),
  version: 'abc123',
};
const request = { version: undefined, ifNoneMatch: undefined, acceptEncoding: undefined };

describe('assetAnswer', () => {
  it('answers 404 for a file that is not served', () => {
    expect(assetAnswer(undefined, request)).toMatchObject({ status: 404, body: 'Not found' });
  });

  it('lets browsers keep a file linked with its current version, and only then', () => {
    const current = assetAnswer(ASSET, { ...request, version: 'abc123' });
    expect(current.status).toBe(200);
    expect(current.body).toBe(body);
    expect(current.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: '"abc123"',
      'x-content-type-options': 'nosniff',
    });
    expect(current.headers['content-encoding']).toBeUndefined();
    expect(assetAnswer(ASSET, { ...request, version: 'old' }).headers['cache-control']).toBe(
      'no-cache',
    );
    expect(assetAnswer(ASSET, request).headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 when the browser holds the same content', () => {
    for (const ifNoneMatch of ['"abc123"', 'W/"abc123"', '"x", "abc123"', '*']) {
      expect(assetAnswer(ASSET, { ...request, ifNoneMatch })).toMatchObject({
        status: 304,
        body: '',
      });
    }
    expect(assetAnswer(ASSET, { ...request, ifNoneMatch: '"other"' }).status).toBe(200);
  });

  it('sends the gzip form when accepted', () => {
    const zipped = assetAnswer(ASSET, { ...request, acceptEncoding: 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body).toBe(ASSET.gzip);
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    for (const acceptEncoding of ['br', 'gzip;q=0', 'gzip; q=0.0']) {
      expect(assetAnswer(ASSET, { ...request, acceptEncoding }).body).toBe(body);
    }
    expect(
      assetAnswer({ ...ASSET, gzip: undefined }, { ...request, acceptEncoding: 'gzip' }).body,
    ).toBe(body);
  });
});
