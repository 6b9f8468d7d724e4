import { launchChromium, recordPage } from '../support/browser';
import { startWorld, type World } from './world';

/*
 * Issue 19, finding 7, on the Grafana-compatible API: a NUL or invalid UTF-8 in a path or query
 * parameter, or a NUL in a body, is a 400 with Grafana's body, never a failed database query
 * (500, a stack in the log); the Swagger UI at /api/docs has the playground's security headers.
 * PGlite.
 */

const BAD_URL = { message: 'bad request: NUL character or invalid UTF-8 in the URL' };
const BAD_DATA = { message: 'bad request data', traceID: '' };

let world: World;
beforeAll(async () => {
  world = await startWorld('pglite');
}, 120_000);
afterAll(async () => {
  await world?.stop();
});

/** Lines of a stack trace (`    at ...`) the service printed so far. */
function stackLines(): string[] {
  return world.service.output().match(/^\s+at .+$/gm) ?? [];
}

describe('NUL and invalid UTF-8 in parameters', () => {
  it('answers 400 for path and query parameters of Teams and identity routes', async () => {
    const before = stackLines().length;
    for (const path of [
      '/api/teams/search?name=a%00b',
      '/api/teams/search?query=a%00b',
      '/api/teams/search?name=%ff%fe',
      '/api/teams/search?query=%e2%82',
      '/api/teams/1%00',
      '/api/users/search?query=a%00',
      '/api/users/lookup?loginOrEmail=a%00',
      '/api/users/search?query=%C0%80',
    ]) {
      const answer = await world.api.get(path);
      expect([path, answer.status, answer.body]).toEqual([path, 400, BAD_URL]);
    }
    expect(stackLines().length).toBe(before);
    const good = await world.api.get('/api/teams/search?name=caf%C3%A9');
    expect(good.status).toBe(200);
  });

  it('answers 400 bad request data for a NUL in a JSON body, writing nothing', async () => {
    const before = stackLines().length;
    const name = world.unique('nul');
    const answers = [
      await world.api.post('/api/teams', { name: `${name}\u0000` }),
      await world.api.post('/api/admin/users', {
        name,
        login: `${name}\u0000`,
        email: `${name}@example.com`,
        password: 'a-long-password',
      }),
    ];
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([400, BAD_DATA]);
    const found = await world.api.get<{ totalCount: number }>(
      `/api/teams/search?query=${encodeURIComponent(name)}`,
    );
    expect(found.body.totalCount).toBe(0);
    expect(stackLines().length).toBe(before);
  });
});

describe('the Swagger UI at /api/docs', () => {
  const policy = /default-src 'none'.*script-src 'self'.*frame-ancestors 'none'/;

  it('has a CSP, X-Frame-Options and nosniff on the page and its assets', async () => {
    const base = world.service.httpUrl;
    const page = await fetch(`${base}/api/docs`);
    const html = await page.text();
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(html).not.toMatch(/<script>/);
    for (const url of ['', ...urls]) {
      const answer = url === '' ? page : await fetch(new URL(url, `${base}/api/docs`));
      const headers = answer.headers;
      expect([url, answer.status, headers.get('x-content-type-options')]).toEqual([
        url,
        200,
        'nosniff',
      ]);
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('content-security-policy')).toMatch(policy);
    }
  });

  it('renders in a browser under its CSP, loading nothing from elsewhere', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const record = await recordPage(page);
      await page.goto(`${world.service.httpUrl}/api/docs`);
      await page.waitForSelector('.opblock-tag', { timeout: 30_000 });
      expect(await record.violations()).toEqual([]);
      const origin = new URL(world.service.httpUrl).origin;
      const foreign = record.requests
        .map((request) => request.url)
        .filter((url) => !url.startsWith(origin) && !url.startsWith('data:'));
      expect(foreign).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
