import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eventually } from '../support/eventually';
import { type GraphqlAnswer, GraphqlClient } from '../support/graphql-client';
import { PROJECT_ROOT, type ServiceProcess } from '../support/service-process';
import { type CdnWorld, startCdnWorld, WebhookReceiver } from './fixtures/cdn-world';
import { runEndpoint, type Running } from './fixtures/endpoint-world';

/**
 * Issue 17, item 3: answers a CDN can cache. Anonymous GETs get a strong ETag over the bytes
 * sent, 304 for a matching If-None-Match, Cache-Control when GRAPHQL_HTTP_CACHE_MAX_AGE is set,
 * and Cache-Tag / Surrogate-Key naming what they read; every answer varies with the headers that
 * choose the schema; a write POSTs its tags to GRAPHQL_INVALIDATION_WEBHOOK (a receiver on a real
 * socket here), without waiting for it or failing with it.
 */

const ETAG = /^"[A-Za-z0-9_-]{22}"$/;
const SCHEMA_HEADERS = 'Authorization, X-Craft-Authorization, X-Craft-Gql-Schema';

/** A figure of the debug listener's /stats (0 when not registered yet). */
async function stat(service: ServiceProcess, name: string): Promise<number> {
  const text = await (await fetch(`${service.debugUrl}/stats`)).text();
  const match = new RegExp(`^${name.replace(/\./g, '\\.')}: (\\d+)$`, 'm').exec(text);
  return match === null ? 0 : Number(match[1]);
}

function tagsOf(answer: GraphqlAnswer): string[] {
  return (answer.headers.get('cache-tag') ?? '').split(',');
}

describe('HTTP caching without GRAPHQL_HTTP_CACHE_MAX_AGE', () => {
  let running: Running;
  let gql: GraphqlClient;

  beforeAll(async () => {
    running = await runEndpoint({}, { publicEnabled: true, postgres: false });
    gql = new GraphqlClient(running.service.httpUrl);
  });
  afterAll(async () => {
    await running?.stop();
  });

  it('an anonymous GET has an ETag and the content tag, but no Cache-Control', async () => {
    const answer = await gql.get({ query: '{ ping }' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toMatch(ETAG);
    expect(answer.headers.get('cache-control')).toBeNull();
    expect(answer.headers.get('cache-tag')).toBe('content');
    expect(answer.headers.get('surrogate-key')).toBe('content');
    expect(answer.headers.get('vary')).toBe(SCHEMA_HEADERS);
  });

  it('POSTs, token requests, errors and preflights vary too, and are not cacheable', async () => {
    const answers = [
      await gql.post({ query: '{ ping }' }),
      await gql.get({ query: '{ ping }' }, { token: 'not-a-token' }),
      await gql.get({ query: '{ ping' }),
      await gql.get({}),
      await gql.options(),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 200, 200, 200]);
    for (const answer of answers) {
      expect(answer.headers.get('vary')).toBe(SCHEMA_HEADERS);
      expect(answer.headers.get('etag')).toBeNull();
      expect(answer.headers.get('cache-control')).toBeNull();
      expect(answer.headers.get('cache-tag')).toBeNull();
    }
  });
});

describe('HTTP caching of the demo content, with max-age and the invalidation webhook', () => {
  const receiver = new WebhookReceiver();
  let world: CdnWorld;

  beforeAll(async () => {
    const url = await receiver.start();
    world = await startCdnWorld({
      GRAPHQL_HTTP_CACHE_MAX_AGE: '60',
      GRAPHQL_HTTP_CACHE_STALE_WHILE_REVALIDATE: '30',
      GRAPHQL_INVALIDATION_WEBHOOK: url,
    });
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
    await receiver.stop();
  });

  const NEWS = '{ entries(section: "news", limit: 3) { id title } }';
  const entryIds = (answer: GraphqlAnswer) =>
    (answer.body as { data: { entries: { id: string }[] } }).data.entries.map((entry) => entry.id);

  it('the same GET gets the same strong ETag, and Cache-Control public', async () => {
    const first = await world.gql.get({ query: NEWS });
    const second = await world.gql.get({ query: NEWS });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toMatch(ETAG);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.text).toBe(first.text);
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=60, stale-while-revalidate=30',
    );
    expect(first.headers.get('vary')).toBe(SCHEMA_HEADERS);
    // Another query, another ETag.
    const other = await world.gql.get({ query: '{ entries(section: "news", limit: 2) { id } }' });
    expect(other.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it('answers 304 without a body to a matching If-None-Match, keeping the caching headers', async () => {
    const full = await world.gql.get({ query: NEWS });
    const etag = full.headers.get('etag')!;
    for (const ifNoneMatch of [etag, `"elsewhere", W/${etag}`, '*']) {
      const answer = await world.gql.get(
        { query: NEWS },
        { headers: { 'if-none-match': ifNoneMatch } },
      );
      expect([answer.status, answer.text]).toEqual([304, '']);
      expect(answer.headers.get('etag')).toBe(etag);
      expect(answer.headers.get('cache-control')).toBe(full.headers.get('cache-control'));
      expect(answer.headers.get('vary')).toBe(SCHEMA_HEADERS);
      expect(answer.headers.get('cache-tag')).toBe(full.headers.get('cache-tag'));
    }
    const changed = await world.gql.get(
      { query: NEWS },
      { headers: { 'if-none-match': '"not-this-one"' } },
    );
    expect([changed.status, changed.text]).toEqual([200, full.text]);
  });

  it('POSTs and token GETs get no ETag and no Cache-Control', async () => {
    for (const answer of [
      await world.gql.post({ query: NEWS }),
      await world.editorial.get({ query: NEWS }),
      await world.editorial.post({ query: NEWS }),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('etag')).toBeNull();
      expect(answer.headers.get('cache-control')).toBeNull();
      expect(answer.headers.get('cache-tag')).toBeNull();
      expect(answer.headers.get('vary')).toBe(SCHEMA_HEADERS);
    }
  });

  it('Cache-Tag and Surrogate-Key name the sections read and the entries found', async () => {
    // The POST runs first: its entry in the result cache has the tags the GET answers with.
    const query = '{ entries(section: "news", limit: 3) { id title slug } }';
    await world.gql.post({ query });
    const hits = await stat(world.service, 'content.graphql_cache.hits');
    const answer = await world.gql.get({ query });
    expect(await stat(world.service, 'content.graphql_cache.hits')).toBe(hits + 1);
    const tags = tagsOf(answer);
    expect(tags[0]).toBe('content');
    expect(tags).toContain('section-news');
    const ids = entryIds(answer);
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(tags).toContain(`element-${id}`);
    expect(answer.headers.get('surrogate-key')).toBe(tags.join(' '));
    // A query of every section the public schema reads names them all.
    const all = tagsOf(await world.gql.get({ query: '{ entries(limit: 1) { id } }' }));
    expect(all).toEqual(expect.arrayContaining(['section-news', 'section-pages']));
  });

  it('a mutation changes the ETag of a query it affects, and the webhook gets its tags', async () => {
    const QUERY = '{ entries(section: "news", limit: 1, orderBy: "id") { id title } }';
    const before = await world.gql.get({ query: QUERY });
    const [id] = entryIds(before);
    const saved = await world.editorial.post({
      query: 'mutation ($id: ID) { save_news_article_Entry(id: $id, title: "Retitled") { title } }',
      variables: { id },
    });
    expect(saved.body).toEqual({ data: { save_news_article_Entry: { title: 'Retitled' } } });

    const after = await world.gql.get(
      { query: QUERY },
      { headers: { 'if-none-match': before.headers.get('etag')! } },
    );
    expect(after.status).toBe(200);
    expect(after.text).toContain('Retitled');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));

    const { value: call } = await eventually(
      'the webhook call of the mutation',
      () => receiver.callsNaming(`element-${id}`)[0],
    );
    expect(call.method).toBe('POST');
    expect(call.contentType).toBe('application/json');
    expect(call.tags).toEqual(
      expect.arrayContaining([`element-${id}`, 'section-news', 'content-overflow']),
    );
    // What the write purges is what the answer it changed was tagged with.
    expect(tagsOf(before)).toEqual(expect.arrayContaining([`element-${id}`, 'section-news']));
  });

  it('a failing receiver neither holds up nor fails the mutation; it is retried, then counted', async () => {
    let release!: () => void;
    receiver.hold = new Promise((resolve) => (release = resolve));
    receiver.statuses = [500, 500, 500, 500];
    const failuresBefore = await stat(world.service, 'content.invalidation_webhook.failures');
    const id = entryIds(await world.gql.get({ query: NEWS }))[1];
    // The receiver holds every call, and a try gives up after 5 s: a mutation that waited for the
    // webhook would answer only once all four tries had failed (the failure counted).
    const saved = await world.editorial.post({
      query: 'mutation ($id: ID) { save_news_article_Entry(id: $id, title: "Held") { title } }',
      variables: { id },
    });
    expect(await stat(world.service, 'content.invalidation_webhook.failures')).toBe(failuresBefore);
    expect(saved.body).toEqual({ data: { save_news_article_Entry: { title: 'Held' } } });
    await eventually('the held webhook call', () => receiver.callsNaming(`element-${id}`)[0]);
    receiver.hold = undefined;
    release();
    await eventually(
      'the webhook to give up',
      async () =>
        (await stat(world.service, 'content.invalidation_webhook.failures')) > failuresBefore
          ? true
          : undefined,
      20_000,
    );
    expect(receiver.callsNaming(`element-${id}`)).toHaveLength(4);
    expect(world.service.output()).toMatch(
      /invalidation webhook to 127\.0\.0\.1:\d+ failed 4 times/,
    );
    // The write stands.
    expect((await world.gql.get({ query: NEWS })).text).toContain('Held');
  });

  it('max-age stops at the next scheduled post date', async () => {
    const postDate = new Date(Date.now() + 45_000).toISOString();
    const saved = await world.editorial.post({
      query:
        'mutation ($d: DateTime) { save_news_article_Entry(title: "Soon", postDate: $d) { id } }',
      variables: { d: postDate },
    });
    expect(saved.status).toBe(200);
    expect((saved.body as { errors?: unknown }).errors).toBeUndefined();
    const answer = await world.gql.get({ query: NEWS });
    const cacheControl = answer.headers.get('cache-control') ?? '';
    expect(cacheControl).toMatch(/^public, (no-cache|max-age=\d+)$/);
    expect(Number(/max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0)).toBeLessThanOrEqual(45);
  });
});

describe('the invalidation webhook after content-import', () => {
  const receiver = new WebhookReceiver();
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    url = await receiver.start();
    dataDir = mkdtempSync(join(tmpdir(), 'content-cdn-import-'));
  });
  afterAll(async () => {
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('POSTs the content tag once the import committed, before the command exits', async () => {
    const dist = join(PROJECT_ROOT, dirname(process.env.SERVICE_MAIN ?? join('dist', 'main.js')));
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [join(dist, 'content', 'cli', 'content-import.js'), '--quiet', 'config/content/seed'],
        {
          cwd: PROJECT_ROOT,
          env: {
            PATH: process.env.PATH,
            DATA_DIR: dataDir,
            CONTENT_PROJECT_DIR: 'config/content/project',
            ADMIN_PASSWORD: 'admin-secret',
            GRAPHQL_INVALIDATION_WEBHOOK: url,
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      child.once('error', reject);
      child.once('close', resolve);
    });
    expect(code).toBe(0);
    expect(receiver.calls).toEqual([
      { method: 'POST', contentType: 'application/json', tags: ['content'] },
    ]);
  }, 180_000);
});
