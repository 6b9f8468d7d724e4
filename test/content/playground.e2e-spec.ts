import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, PageRecord, recordPage } from '../support/browser';
import { eventually } from '../support/eventually';
import { GrafanaApi } from '../support/grafana-api';
import { ServiceProcess, startService } from '../support/service-process';

const ADMIN_PASSWORD = 'admin-secret';
// What Chromium sends when it navigates to a page.
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

interface CreatedToken {
  readonly name: string;
  readonly accessToken: string;
}

/**
 * The GraphiQL playground and the control panel in headless Chromium, against the built service
 * with the demo content: every file comes from the service itself (the machine has no internet,
 * and the test checks that nothing is asked of another origin).
 */
describe('GraphQL playground (headless Chromium)', () => {
  let service: ServiceProcess;
  let api: GrafanaApi;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'playground-data-'));
    service = await startService({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CONTENT_SEED_DIR: 'config/content/seed',
      LOG_LEVEL: 'warn',
    });
    api = new GrafanaApi(service.httpUrl, { basic: ['admin', ADMIN_PASSWORD] });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A fresh browser profile (empty localStorage) per test. */
  async function openPage(
    path: string,
  ): Promise<{ page: Page; record: PageRecord; close: () => Promise<void> }> {
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const record = await recordPage(page);
    await page.goto(`${service.httpUrl}${path}`);
    return { page, record, close: () => context.close() };
  }

  async function createToken(name: string, schema: string): Promise<CreatedToken> {
    const answer = await api.request<CreatedToken>('POST', '/api/content/tokens', {
      body: { name, schema },
    });
    expect(answer.status).toBe(201);
    return answer.body;
  }

  const QUERY_EDITOR = '.graphiql-query-editor .CodeMirror';
  const RESULT_VIEWER = '.graphiql-response .CodeMirror';

  /** The text of one of GraphiQL's CodeMirror 5 editors, from CodeMirror itself. */
  function editorValue(page: Page, selector: string): Promise<string> {
    // Source text: this project compiles without the DOM library.
    return page.evaluate<string>(
      `document.querySelector(${JSON.stringify(selector)})?.CodeMirror?.getValue() ?? ''`,
    );
  }

  /** Types a query over the editor's text, as a person would. */
  async function typeQuery(page: Page, query: string): Promise<void> {
    await page.locator(QUERY_EDITOR).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    // GraphiQL closes brackets as they are typed: type the query without its closing brace.
    await page.keyboard.type(query.replace(/\s*}\s*$/, ''));
    expect(withoutSpaces(await editorValue(page, QUERY_EDITOR))).toBe(withoutSpaces(query));
  }

  /** Presses GraphiQL's run button and reads the result pane once it shows a new answer. */
  /** Runs the editor's query; returns the answer the result pane renders for this very run. */
  async function run(page: Page): Promise<unknown> {
    // The answer to this click, not one GraphiQL restores after a reload: its POST (schema
    // fetches aside), then the pane showing that body.
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        !(response.request().postData() ?? '').includes('__schema'),
    );
    await page.locator('.graphiql-execute-button').click();
    const sent = JSON.stringify(await (await answered).json());
    // Polled from here: the page's CSP (rightly) refuses the eval behind waitForFunction.
    await eventually(
      'this answer in the result pane',
      async () =>
        withoutSpaces(await editorValue(page, RESULT_VIEWER)) === withoutSpaces(sent)
          ? true
          : undefined,
      15_000,
      50,
    );
    return JSON.parse(await editorValue(page, RESULT_VIEWER));
  }

  function expectOnlyOwnOrigin(record: PageRecord): void {
    const origin = new URL(service.httpUrl).origin;
    const elsewhere = record.requests
      .map((request) => request.url)
      .filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin);
    expect(elsewhere).toEqual([]);
  }

  describe('over HTTP', () => {
    it('serves the page to browsers at GRAPHQL_PATH and /api, with a self-only CSP', async () => {
      for (const path of ['/graphql', '/api']) {
        const response = await fetch(`${service.httpUrl}${path}`, {
          headers: { accept: BROWSER_ACCEPT },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(response.headers.get('vary')).toBe('Accept');
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self' 'nonce-/);
        expect(csp).toContain("connect-src 'self'");
        const html = await response.text();
        expect(html).toContain(`data-endpoint="${path}"`);
        expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
      }
    });

    it('still answers clients with JSON: no Accept text/html, or a query', async () => {
      const noQuery = await fetch(`${service.httpUrl}/graphql`, { headers: { accept: '*/*' } });
      expect(await noQuery.json()).toEqual({
        errors: [{ message: 'No GraphQL query was supplied' }],
      });
      const withQuery = await fetch(`${service.httpUrl}/graphql?query=%7Bping%7D`, {
        headers: { accept: BROWSER_ACCEPT },
      });
      expect(withQuery.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await withQuery.json()).toEqual({ data: { ping: 'pong' } });
    });

    it('serves GraphiQL from node_modules with versioned caching, and nothing else', async () => {
      const page = await (
        await fetch(`${service.httpUrl}/graphql`, { headers: { accept: BROWSER_ACCEPT } })
      ).text();
      const link = /src="(\/graphql-assets\/graphiql\.min\.js\?v=[\w-]+)"/.exec(page)?.[1];
      expect(link).toBeDefined();
      const script = await fetch(`${service.httpUrl}${link}`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(script.headers.get('content-encoding')).toBe('gzip');
      expect(await script.text()).toContain('GraphiQL');
      const etag = script.headers.get('etag') ?? '';
      const again = await fetch(`${service.httpUrl}/graphql-assets/graphiql.min.js`, {
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('cache-control')).toBe('no-cache');
      for (const path of ['/graphql-assets/package.json', '/graphql-assets/..%2Fpackage.json']) {
        expect((await fetch(`${service.httpUrl}${path}`)).status).toBe(404);
      }
    });
  });

  it('runs { ping } from the playground, asking nothing of another origin', async () => {
    const { page, record, close } = await openPage('/graphql');
    try {
      await page.locator(QUERY_EDITOR).waitFor();
      expect(await editorValue(page, QUERY_EDITOR)).toBe('{ ping }\n');
      expect(await page.locator('#token-state').innerText()).toBe('No token: the public schema');
      expect(await run(page)).toEqual({ data: { ping: 'pong' } });
      expectOnlyOwnOrigin(record);
      expect(await record.violations()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('runs a token-scoped query with the token set in the page', async () => {
    const token = await createToken('Playground editorial', 'editorial');
    const expected = (await (
      await fetch(`${service.httpUrl}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token.accessToken}`,
        },
        body: JSON.stringify({ query: '{ userCount }' }),
      })
    ).json()) as { data: { userCount: number } };
    expect(expected.data.userCount).toBeGreaterThan(0);

    const { page, record, close } = await openPage('/graphql');
    try {
      await page.locator(QUERY_EDITOR).waitFor();
      // The public schema has no users.
      await typeQuery(page, '{ userCount }');
      expect(await run(page)).not.toHaveProperty('data.userCount');

      await page.getByLabel('Access token').fill(token.accessToken);
      await page.getByRole('button', { name: 'Use token' }).click();
      expect(await page.locator('#token-state').innerText()).toBe(
        `Sending the token ending in …${token.accessToken.slice(-4)}`,
      );
      await page.locator(QUERY_EDITOR).waitFor();
      await typeQuery(page, '{ userCount }');
      expect(await run(page)).toEqual(expected);

      const sent = record.requests.filter((request) => request.method === 'POST');
      const last = await sent[sent.length - 1].headers();
      expect(last.authorization).toBe(`Bearer ${token.accessToken}`);

      // Kept in the browser's localStorage: still there after a reload.
      await page.reload();
      await page.locator(QUERY_EDITOR).waitFor();
      expect(await page.getByLabel('Access token').inputValue()).toBe(token.accessToken);
      expect(await run(page)).toEqual(expected);

      await page.getByRole('button', { name: 'Forget' }).click();
      expect(await page.locator('#token-state').innerText()).toBe('No token: the public schema');
      expectOnlyOwnOrigin(record);
      expect(await record.violations()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a refused token as a GraphQL error', async () => {
    const { page, close } = await openPage('/api');
    try {
      await page.getByLabel('Access token').fill('not-a-token');
      await page.getByRole('button', { name: 'Use token' }).click();
      await page.locator(QUERY_EDITOR).waitFor();
      const refusal = {
        errors: [{ message: 'Invalid Authorization header', extensions: { status: 400 } }],
      };
      // Fetching the schema fails first, and GraphiQL shows why in the result pane.
      await eventually('the schema fetch error', async () =>
        withoutSpaces(await editorValue(page, RESULT_VIEWER)) ===
        withoutSpaces(JSON.stringify(refusal))
          ? true
          : undefined,
      );
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          (response.request().postData() ?? '').includes('ping'),
      );
      await page.locator('.graphiql-execute-button').click();
      expect((await answered).status()).toBe(400);
      expect(JSON.parse(await editorValue(page, RESULT_VIEWER))).toEqual(refusal);
    } finally {
      await close();
    }
  });

  it('lists schemas and tokens on the control panel, manages tokens, and hands one to the playground', async () => {
    const listed = await createToken('Listed token', 'partner');
    const { page, record, close } = await openPage('/content/admin');
    try {
      await page.getByLabel('User').fill('admin');
      await page.getByLabel('Password').fill('wrong');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Wrong user name or password.').waitFor();

      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const tokens = page.locator('#tokens tbody');
      await tokens.locator('tr[data-name="Listed token"]').waitFor();
      expect(await tokens.locator('tr[data-name="Listed token"] td').allInnerTexts()).toEqual(
        expect.arrayContaining(['Listed token', 'partner', 'yes', 'never']),
      );
      const schemas = page.locator('#schemas tbody');
      await schemas.locator('tr[data-handle="editorial"]').waitFor();
      expect(await schemas.locator('tr').count()).toBe(3);
      expect(await schemas.locator('tr[data-handle="partner"] td').allInnerTexts()).toEqual(
        expect.arrayContaining(['Partner', 'partner', 'no', 'yes', 'never', '1']),
      );

      // Disable: the token is refused at once; then delete it (the page asks first).
      const listedRow = tokens.locator('tr[data-name="Listed token"]');
      await listedRow.getByRole('button', { name: 'Disable' }).click();
      await listedRow.getByRole('button', { name: 'Enable' }).waitFor();
      const refused = await fetch(`${service.httpUrl}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${listed.accessToken}`,
        },
        body: JSON.stringify({ query: '{ ping }' }),
      });
      expect(refused.status).toBe(400);
      page.once('dialog', (dialog) => void dialog.accept());
      await listedRow.getByRole('button', { name: 'Delete' }).click();
      await listedRow.waitFor({ state: 'detached' });

      await page.getByLabel('Name').fill('From the panel');
      await page.getByLabel('Schema').selectOption('editorial');
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.locator('#new-token-result').waitFor();
      const shown = await page.locator('#new-token-value').innerText();
      expect(shown).toMatch(/^[\w-]{32}$/);
      await tokens.locator('tr[data-name="From the panel"]').waitFor();

      await page.getByRole('button', { name: 'Use it in the playground' }).click();
      await page.waitForURL(`${service.httpUrl}/graphql`);
      await page.locator(QUERY_EDITOR).waitFor();
      expect(await page.getByLabel('Access token').inputValue()).toBe(shown);
      await typeQuery(page, '{ userCount }');
      expect(await run(page)).toEqual({ data: { userCount: expect.any(Number) } });
      expectOnlyOwnOrigin(record);
      expect(await record.violations()).toEqual([]);
    } finally {
      await close();
    }
  });
});
