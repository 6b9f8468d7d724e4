import type { HttpAdapterHost } from '@nestjs/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { assetRecord, modelWith, volume } from './asset-files.fixtures';
import { LocalAssetFiles } from './local-asset-files';
import { VolumeFilesRoute } from './volume-files.route';

let outer: string;
let root: string;
let app: FastifyInstance;
const model = () =>
  modelWith([
    volume(1, 'images', root),
    volume(2, 'cdn', root, 'https://cdn.example.com/files'),
    volume(3, 'slashed', root, '/volumes/slashed/'),
  ]);

beforeAll(async () => {
  outer = await mkdtemp(join(tmpdir(), 'h4-route-'));
  root = join(outer, 'images');
  await mkdir(join(root, 'photos', 'a b'), { recursive: true });
  await writeFile(join(outer, 'secret.txt'), 'secret');
  await writeFile(join(root, 'hello.txt'), 'hello, volume');
  await writeFile(join(root, '.hidden'), 'hidden');
  await writeFile(join(root, 'photos', 'a b', 'café.txt'), 'unicode');
  await writeFile(join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'empty.bin'), '');
  await symlink(join(outer, 'secret.txt'), join(root, 'link.txt'));
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
    .png()
    .toFile(join(root, 'green.png'));

  app = Fastify();
  const host = { httpAdapter: { getInstance: () => app } } as unknown as HttpAdapterHost;
  new VolumeFilesRoute(host, model()).onModuleInit();
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(outer, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('GET /volumes/<volume>/<path>', () => {
  it('serves a file with its type, length and validators', async () => {
    const response = await get('/volumes/images/hello.txt');
    const stats = await stat(join(root, 'hello.txt'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('hello, volume');
    expect(response.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-length': '13',
      'cache-control': 'public, max-age=3600',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'last-modified': new Date(Math.floor(stats.mtimeMs / 1000) * 1000).toUTCString(),
    });
    expect(response.headers.etag).toMatch(/^"[0-9a-f]+-d"$/);
    // Not an image: a download under the sandbox, never a page of the site's origin
    // (docs/content-directives.md#serving-volume-files).
    expect(response.headers['content-disposition']).toBe('attachment');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });

  it('answers HEAD with the headers only', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/volumes/images/hello.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('13');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('');
  });

  it('decodes URL-encoded segments and serves subfolders', async () => {
    const response = await get('/volumes/images/photos/a%20b/caf%C3%A9.txt?v=2');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('unicode');
  });

  it('serves an empty file', async () => {
    const response = await get('/volumes/images/empty.bin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('0');
    expect(response.headers['content-type']).toBe('application/octet-stream');
  });

  it('answers 304 to a matching If-None-Match or a later If-Modified-Since', async () => {
    const first = await get('/volumes/images/hello.txt');
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    const byTag = await get('/volumes/images/hello.txt', { 'if-none-match': `"other", ${etag}` });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect(byTag.headers.etag).toBe(etag);
    expect(
      (await get('/volumes/images/hello.txt', { 'if-none-match': '"other"' })).statusCode,
    ).toBe(200);
    expect(
      (await get('/volumes/images/hello.txt', { 'if-modified-since': lastModified })).statusCode,
    ).toBe(304);
    expect(
      (
        await get('/volumes/images/hello.txt', {
          'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('serves single byte ranges', async () => {
    const head = await get('/volumes/images/hello.txt', { range: 'bytes=0-4' });
    expect(head.statusCode).toBe(206);
    expect(head.body).toBe('hello');
    expect(head.headers['content-range']).toBe('bytes 0-4/13');
    expect(head.headers['content-length']).toBe('5');
    const tail = await get('/volumes/images/hello.txt', { range: 'bytes=-6' });
    expect([tail.statusCode, tail.body]).toEqual([206, 'volume']);
    const open = await get('/volumes/images/hello.txt', { range: 'bytes=7-' });
    expect([open.statusCode, open.body]).toEqual([206, 'volume']);
    const beyond = await get('/volumes/images/hello.txt', { range: 'bytes=100-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */13');
    expect(beyond.json()).toEqual({ message: 'Range not satisfiable' });
    const stale = await get('/volumes/images/hello.txt', {
      range: 'bytes=0-4',
      'if-range': '"stale"',
    });
    expect([stale.statusCode, stale.body]).toEqual([200, 'hello, volume']);
    const several = await get('/volumes/images/hello.txt', { range: 'bytes=0-1,3-4' });
    expect(several.statusCode).toBe(200);
  });

  it('sandboxes active content such as SVG', async () => {
    const response = await get('/volumes/images/logo.svg');
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });

  it.each([
    '/volumes/images/..%2Fsecret.txt',
    '/volumes/images/photos%5C..%5C..%5Csecret.txt',
    '/volumes/images/link.txt',
    '/volumes/images/.hidden',
    '/volumes/images/photos',
    '/volumes/images/photos/',
    '/volumes/images/',
    '/volumes/images/missing.txt',
    '/volumes/images/nul%00.txt',
  ])('answers 404 for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'File not found' });
  });

  it.each(['/volumes/images/%2e%2e/secret.txt', '/volumes/images/photos/%2E%2E/%2E%2E/secret.txt'])(
    'answers 404 for dot segments, however the URL reaches it: %s',
    async (url) => {
      // light-my-request resolves encoded dot segments like a browser; the e2e test sends them raw
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret');
    },
  );

  it.each(['/volumes/nope/hello.txt', '/volumes/cdn/hello.txt'])(
    'answers 404 for a volume it does not serve: %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Volume not found' });
    },
  );

  it('leaves malformed percent-encoding to Fastify (400)', async () => {
    expect((await get('/volumes/images/bad%E0%A4%A.txt')).statusCode).toBe(400);
  });

  it('serves volumes whose base URL has a trailing slash', async () => {
    expect((await get('/volumes/slashed/hello.txt')).statusCode).toBe(200);
  });

  it('serves generated transforms at the URL the transform reports', async () => {
    const files = new LocalAssetFiles(model());
    const image = await files.transform(
      assetRecord({ filename: 'green.png' }),
      volume(1, 'images', root),
      { width: 32, format: 'webp' },
    );
    expect(image?.url).toBe('/volumes/images/_32xAUTO_crop_center-center_none/green.webp');
    const response = await get(image!.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const served = await sharp(response.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['webp', 32, 24]);
    expect(
      response.rawPayload.equals(
        await readFile(join(root, '_32xAUTO_crop_center-center_none', 'green.webp')),
      ),
    ).toBe(true);
  });
});
