import { createHash } from 'node:crypto';
import { type GraphqlAnswer, GraphqlClient } from '../support/graphql-client';
import type { ServiceProcess } from '../support/service-process';
import { type CdnWorld, startCdnWorld } from './fixtures/cdn-world';
import { runEndpoint, type Running } from './fixtures/endpoint-world';

/**
 * Issue 17, item 4: whole answers sent again before routing (src/content/endpoint/early-answers.ts).
 * What the early path sends must be what the route would have sent, byte for byte, and it must
 * stop the moment the result cache no longer holds the answer.
 */

const EARLY = 'content.graphql_cache.early_answers';
const NEWS = '{ entries(section: "news", limit: 3, orderBy: "id") { id title } }';

async function stat(service: ServiceProcess, name: string): Promise<number> {
  const text = await (await fetch(`${service.debugUrl}/stats`)).text();
  const match = new RegExp(`^${name.replace(/\./g, '\\.')}: (\\d+)$`, 'm').exec(text);
  return match === null ? 0 : Number(match[1]);
}

/** Every header but those Node adds to each answer itself. */
function headersOf(answer: GraphqlAnswer): [string, string][] {
  return [...answer.headers].filter(
    ([name]) => !['date', 'connection', 'keep-alive'].includes(name),
  );
}

/** The status, headers and body of an answer, for comparing two. */
function whole(answer: GraphqlAnswer) {
  return { status: answer.status, headers: headersOf(answer), text: answer.text };
}

describe('early answers, on the demo content with GRAPHQL_HTTP_CACHE_MAX_AGE', () => {
  let world: CdnWorld;
  let early: () => Promise<number>;

  beforeAll(async () => {
    world = await startCdnWorld({
      GRAPHQL_HTTP_CACHE_MAX_AGE: '60',
      GRAPHQL_HTTP_CACHE_STALE_WHILE_REVALIDATE: '30',
      // A POST past the 64 KiB early answers read must reach the route whole: its query text
      // is let through the public text cap (16 KiB by default) for that.
      GRAPHQL_PUBLIC_MAX_QUERY_BYTES: String(128 * 1024),
    });
    early = () => stat(world.service, EARLY);
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
  });

  it('a repeated GET is answered early with the same status, headers and bytes', async () => {
    const first = await world.gql.get({ query: NEWS });
    expect(first.status).toBe(200);
    const before = await early();
    const second = await world.gql.get({ query: NEWS });
    expect(await early()).toBe(before + 1);
    expect(whole(second)).toEqual(whole(first));
    expect(second.headers.get('cache-control')).toBe(
      'public, max-age=60, stale-while-revalidate=30',
    );
  });

  it('an early 304 carries what the route’s 304 carries', async () => {
    const full = await world.gql.get({ query: NEWS });
    const etag = full.headers.get('etag')!;
    const routed = await world.gql.get(
      { query: NEWS },
      { headers: { 'if-none-match': etag, 'x-craft-gql-cache': 'no-cache' } },
    );
    const before = await early();
    const answered = await world.gql.get({ query: NEWS }, { headers: { 'if-none-match': etag } });
    expect(await early()).toBe(before + 1);
    expect(whole(answered)).toEqual(whole(routed));
    expect([answered.status, answered.text]).toEqual([304, '']);
  });

  it('a repeated POST is answered early; other POSTs, read first, reach the route whole', async () => {
    const first = await world.gql.post({ query: NEWS });
    const before = await early();
    const second = await world.gql.post({ query: NEWS });
    expect(await early()).toBe(before + 1);
    expect(whole(second)).toEqual(whole(first));

    // Misses: the body read before routing is what the route parses.
    const other = await world.gql.post({ query: '{ entries(section: "news", limit: 1) { id } }' });
    expect(other.status).toBe(200);
    expect((other.body as { data: { entries: unknown[] } }).data.entries).toHaveLength(1);
    const padded = `{ ping }\n#${'x'.repeat(70 * 1024)}`;
    expect((await world.gql.post({ query: padded })).body).toEqual({ data: { ping: 'pong' } });
    expect((await world.gql.post({ query: padded })).body).toEqual({ data: { ping: 'pong' } });
    const broken = await world.gql.postRaw('{"query":', 'application/json');
    expect(broken.status).toBe(400);
    expect(await early()).toBe(before + 1);
  });

  it('a body that is not UTF-8 is refused every time, never answered as the text it decodes to', async () => {
    const valid = JSON.stringify({ query: '{ ping }', variables: { note: '\ufffd' } });
    const bytes = Buffer.from(valid);
    const malformed = Buffer.from(valid.replace('\ufffd', 'X'));
    malformed[malformed.indexOf('X')] = 0xff;
    const post = async (body: Buffer) => {
      const response = await fetch(`${world.service.httpUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      return { status: response.status, text: await response.text() };
    };
    expect((await post(bytes)).status).toBe(200);
    expect((await post(bytes)).status).toBe(200);
    const refused = await post(malformed);
    expect(refused.status).toBe(400);
    expect(await post(malformed)).toEqual(refused);
  });

  it('requests choosing the schema or the cache, and browsers asking for the playground, take the route', async () => {
    const hash = createHash('sha256').update(NEWS).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
    await world.gql.post({ query: NEWS, extensions });
    await world.gql.get({ extensions });
    const before = await early();
    expect((await world.gql.get({ extensions })).status).toBe(200);
    expect(await early()).toBe(before + 1);

    const page = await world.gql.get({ extensions }, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const uncached = await world.gql.get(
      { extensions },
      { headers: { 'x-craft-gql-cache': 'no-cache' } },
    );
    expect(uncached.status).toBe(200);
    const token = await world.editorial.get({ query: NEWS });
    expect(token.headers.get('etag')).toBeNull();
    expect(await early()).toBe(before + 1);
  });

  it('a write stops the early answers of what it changed at once', async () => {
    const ids = (answer: GraphqlAnswer) =>
      (answer.body as { data: { entries: { id: string }[] } }).data.entries.map((e) => e.id);
    const listed = await world.gql.get({ query: NEWS });
    await world.gql.get({ query: NEWS });
    await world.gql.post({ query: NEWS });
    await world.gql.post({ query: NEWS });
    const saved = await world.editorial.post({
      query:
        'mutation ($id: ID) { save_news_article_Entry(id: $id, title: "Early no more") { title } }',
      variables: { id: ids(listed)[0] },
    });
    expect(saved.body).toEqual({ data: { save_news_article_Entry: { title: 'Early no more' } } });
    const before = await early();
    expect((await world.gql.get({ query: NEWS })).text).toContain('Early no more');
    expect((await world.gql.post({ query: NEWS })).text).toContain('Early no more');
    expect(await early()).toBe(before);
  });
});

describe('early answers: CORS per origin, and off where something else must see the request', () => {
  let running: Running | undefined;

  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it('an allow-list of origins: the early answer has the CORS headers of its own origin', async () => {
    running = await runEndpoint(
      { GRAPHQL_ALLOWED_ORIGINS: 'https://a.example,https://b.example' },
      { publicEnabled: true, postgres: false },
    );
    const gql = new GraphqlClient(running.service.httpUrl);
    const from = (origin: string) => ({ headers: { origin } });
    const routedB = await gql.get(
      { query: '{ ping }' },
      { headers: { origin: 'https://b.example', 'x-craft-gql-cache': 'no-cache' } },
    );
    await gql.get({ query: '{ ping }' }, from('https://a.example'));
    const before = await stat(running.service, EARLY);
    const earlyB = await gql.get({ query: '{ ping }' }, from('https://b.example'));
    const earlyC = await gql.get({ query: '{ ping }' }, from('https://c.example'));
    expect(await stat(running.service, EARLY)).toBe(before + 2);
    expect(whole(earlyB)).toEqual(whole(routedB));
    expect(earlyB.headers.get('access-control-allow-origin')).toBe('https://b.example');
    expect(earlyC.headers.get('access-control-allow-origin')).toBeNull();
    expect(earlyC.headers.get('vary')).toBe(
      'Origin, Authorization, X-Craft-Authorization, X-Craft-Gql-Schema',
    );
  });

  it('with request logs (LOG_LEVEL=debug) every request takes the route', async () => {
    running = await runEndpoint({ LOG_LEVEL: 'debug' }, { publicEnabled: true, postgres: false });
    const gql = new GraphqlClient(running.service.httpUrl);
    for (let i = 0; i < 3; i++) expect((await gql.get({ query: '{ ping }' })).status).toBe(200);
    expect(await stat(running.service, 'content.graphql_cache.hits')).toBeGreaterThan(0);
    expect(await stat(running.service, EARLY)).toBe(0);
  });
});
