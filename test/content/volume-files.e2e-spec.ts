import { request as httpRequest } from 'node:http';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { eventually } from '../support/eventually';
import { startService, type ServiceProcess } from '../support/service-process';

/**
 * The volume file route over a real socket: files written into the volume directory of a running
 * service, fetched as a browser or a CDN would fetch them.
 */
describe('volume files over HTTP', () => {
  const base = mkdtempSync(join(tmpdir(), 'h4-volumes-e2e-'));
  const projectDir = join(base, 'project');
  const volumesDir = join(base, 'volumes');
  const seedDir = join(base, 'seed');
  const images = join(volumesDir, 'images');
  const photo = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
  let service: ServiceProcess;

  beforeAll(async () => {
    mkdirSync(projectDir, { recursive: true });
    mkdirSync(seedDir, { recursive: true });
    mkdirSync(join(images, 'team photos'), { recursive: true });
    writeFileSync(
      join(projectDir, 'sites.yaml'),
      'sites:\n  - { handle: en, name: English, language: en-US, primary: true, baseUrl: "http://localhost/" }\n',
    );
    writeFileSync(
      join(projectDir, 'assets.yaml'),
      [
        'volumes:',
        '  - { handle: images, name: Images }',
        '  - { handle: remote, name: Remote, baseUrl: "https://cdn.example.com/remote" }',
        '',
      ].join('\n'),
    );
    writeFileSync(join(images, 'team photos', 'portrait ü.jpg'), photo);
    writeFileSync(join(images, 'notes.txt'), 'volume notes');
    writeFileSync(join(images, 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(volumesDir, 'secret.txt'), 'outside the volume');
    // Staged uploads a crashed process left (issue 29): one from two hours ago, one current.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    writeFileSync(join(images, 'team photos', '.upload-left-by-a-crash'), photo);
    utimesSync(join(images, 'team photos', '.upload-left-by-a-crash'), twoHoursAgo, twoHoursAgo);
    writeFileSync(join(images, '.upload-in-flight'), photo);
    service = await startService({
      DATA_DIR: join(base, 'data'),
      CONTENT_PROJECT_DIR: projectDir,
      // an empty directory: no content, so the test adds its own files
      CONTENT_SEED_DIR: seedDir,
      CONTENT_VOLUMES_DIR: volumesDir,
      LOG_LEVEL: 'warn',
    });
  });

  afterAll(async () => {
    await service?.stop();
    rmSync(base, { recursive: true, force: true });
  });

  const url = (path: string) => `${service.httpUrl}${path}`;

  it('removes staged uploads older than an hour at start, and leaves recent ones (issue 29)', async () => {
    await eventually('the stale staged upload to be removed', () =>
      existsSync(join(images, 'team photos', '.upload-left-by-a-crash')) ? undefined : true,
    );
    expect(existsSync(join(images, '.upload-in-flight'))).toBe(true);
    expect(existsSync(join(images, 'team photos', 'portrait ü.jpg'))).toBe(true);
  });
  const PHOTO = '/volumes/images/team%20photos/portrait%20%C3%BC.jpg';

  it('serves a file with its type, length and caching headers', async () => {
    const response = await fetch(url(PHOTO));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-length')).toBe('4096');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-1000"$/);
    expect(Date.parse(response.headers.get('last-modified') ?? '')).not.toBeNaN();
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(url('/volumes/images/notes.txt'), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('12');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('revalidates with ETag and Last-Modified', async () => {
    const first = await fetch(url(PHOTO));
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    const byTag = await fetch(url(PHOTO), { headers: { 'if-none-match': etag } });
    expect(byTag.status).toBe(304);
    const byDate = await fetch(url(PHOTO), {
      headers: { 'if-modified-since': first.headers.get('last-modified') ?? '' },
    });
    expect(byDate.status).toBe(304);
  });

  it('serves byte ranges', async () => {
    const response = await fetch(url(PHOTO), { headers: { range: 'bytes=100-199' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/4096');
    expect(Buffer.from(await response.arrayBuffer()).equals(photo.subarray(100, 200))).toBe(true);
    const beyond = await fetch(url(PHOTO), { headers: { range: 'bytes=5000-' } });
    expect(beyond.status).toBe(416);
  });

  it('sandboxes SVG', async () => {
    const response = await fetch(url('/volumes/images/drawing.svg'));
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
  });

  it.each([
    '/volumes/images/../secret.txt',
    '/volumes/images/%2e%2e/secret.txt',
    '/volumes/images/team%20photos/../../secret.txt',
    '/volumes/images/..%2fsecret.txt',
    '/volumes/images/missing.jpg',
    '/volumes/images/team%20photos',
  ])('answers 404 JSON for %s, sent as is', async (path) => {
    const { status, body } = await rawGet(service.httpUrl, path);
    expect(status).toBe(404);
    expect(JSON.parse(body)).toEqual({ message: expect.stringMatching(/not found$/) });
    expect(body).not.toContain('outside the volume');
  });

  it('answers 404 JSON for unknown volumes and volumes served elsewhere', async () => {
    for (const path of ['/volumes/nope/notes.txt', '/volumes/remote/notes.txt']) {
      const response = await fetch(url(path));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Volume not found' });
    }
  });

  it('serves a file written after boot (transforms appear that way)', async () => {
    mkdirSync(join(images, '_thumb'), { recursive: true });
    writeFileSync(join(images, '_thumb', 'late.txt'), 'late');
    const response = await fetch(url('/volumes/images/_thumb/late.txt'));
    expect([response.status, await response.text()]).toEqual([200, 'late']);
    expect(readFileSync(join(images, '_thumb', 'late.txt'), 'utf8')).toBe('late');
  });
});

/** A GET whose path goes out exactly as written (fetch would resolve the dot segments). */
function rawGet(origin: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * Transforms made by a GraphQL query, read back from the served file: the demo content (its
 * project and seed images) in a fresh data directory.
 */
describe('transformed images over HTTP', () => {
  const base = mkdtempSync(join(tmpdir(), 'h4-transforms-e2e-'));
  let service: ServiceProcess;

  beforeAll(async () => {
    service = await startService({
      DATA_DIR: join(base, 'data'),
      CONTENT_VOLUMES_DIR: join(base, 'volumes'),
      CONTENT_SEED_DIR: 'config/content/seed',
      LOG_LEVEL: 'warn',
    });
  });

  afterAll(async () => {
    await service?.stop();
    rmSync(base, { recursive: true, force: true });
  });

  interface AssetAnswer {
    filename: string;
    width: number;
    height: number;
    cropUrl: string;
    cropWidth: number;
    cropHeight: number;
    fitUrl: string;
    fitWidth: number;
    fitHeight: number;
  }

  async function query<T>(text: string): Promise<T> {
    const response = await fetch(`${service.httpUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: text }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data as T;
  }

  async function servedImage(
    path: string,
  ): Promise<{ format?: string; width?: number; height?: number }> {
    const response = await fetch(`${service.httpUrl}${path}`);
    expect(response.status).toBe(200);
    return sharp(Buffer.from(await response.arrayBuffer())).metadata();
  }

  it('serves the files @transform reports, at the sizes it reports', async () => {
    const { assets } = await query<{ assets: AssetAnswer[] }>(`{
      assets(kind: "image") {
        filename width height
        cropUrl: url @transform(width: 120, height: 90, format: "webp")
        cropWidth: width @transform(width: 120, height: 90, format: "webp")
        cropHeight: height @transform(width: 120, height: 90, format: "webp")
        fitUrl: url @transform(width: 150, height: 150, mode: "fit")
        fitWidth: width @transform(width: 150, height: 150, mode: "fit")
        fitHeight: height @transform(width: 150, height: 150, mode: "fit")
      }
    }`);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset.cropUrl).toMatch(/\/_120x90_crop_center-center_none\/[^/]+\.webp$/);
      expect([asset.cropWidth, asset.cropHeight]).toEqual([120, 90]);
      const crop = await servedImage(asset.cropUrl);
      expect([crop.format, crop.width, crop.height]).toEqual(['webp', 120, 90]);

      const factor = Math.max(asset.width / 150, asset.height / 150);
      const expected = [Math.round(asset.width / factor), Math.round(asset.height / factor)];
      expect([asset.fitWidth, asset.fitHeight]).toEqual(expected);
      const fit = await servedImage(asset.fitUrl);
      expect([fit.width, fit.height]).toEqual(expected);
    }
  });
});
