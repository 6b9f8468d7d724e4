import { randomBytes } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { startContentDemo, type ContentDemoWorld } from '../support/content-demo-world';
import { eventually } from '../support/eventually';
import { GrafanaApi } from '../support/grafana-api';
import { GraphqlClient } from '../support/graphql-client';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database';
import { startRedis, type RedisServer } from '../support/redis/servers';
import { PROJECT_ROOT, ServiceProcess, startService } from '../support/service-process';

/**
 * Issue 8, item 4: the limits of spec §6 answered with Craft's messages over HTTP, and the result
 * cache observed through the store's query count (`content.store.queries` on the debug /stats):
 * a repeated query costs nothing, a content or model change makes it cost again, on every
 * instance sharing the cache.
 */

const GRAPHQL = { extensions: { category: 'graphql' } };

/** A figure of the debug listener's /stats (0 when not registered yet). */
async function stat(service: ServiceProcess, name: string): Promise<number> {
  const text = await (await fetch(`${service.debugUrl}/stats`)).text();
  const match = new RegExp(`^${name.replace(/\./g, '\\.')}: (\\d+)$`, 'm').exec(text);
  return match === null ? 0 : Number(match[1]);
}

/** The answer to an operation and the store queries it cost. */
async function measured(
  service: ServiceProcess,
  send: () => Promise<{ status: number; body: unknown }>,
): Promise<{ status: number; body: unknown; queries: number }> {
  const before = await stat(service, 'content.store.queries');
  const { status, body } = await send();
  return { status, body, queries: (await stat(service, 'content.store.queries')) - before };
}

/** 1 + 4 relation fields (25 + 1 each) + 10 for the list: 115. */
const FOUR_RELATIONS = `{ entries(section: "news") { title ... on news_article_Entry {
  heroImage { url } newsCategories { title } relatedArticles { title } keywords { title } } } }`;
/** Depth 3 (`children` nested three times); complexity 86. */
const DEEP = '{ entries(section: "pages") { children { children { children { title } } } } }';
const LIST =
  '{ entries(section: "news") { title ... on news_article_Entry { heroImage { url } newsCategories { title } } } }';

describe('GraphQL limits over HTTP', () => {
  let world: ContentDemoWorld;
  let editorial: GraphqlClient;

  beforeAll(async () => {
    world = await startContentDemo({
      env: {
        GRAPHQL_MAX_COMPLEXITY: '100',
        GRAPHQL_MAX_DEPTH: '2',
        GRAPHQL_MAX_BATCH_SIZE: '2',
        GRAPHQL_INTROSPECTION: 'false',
        GRAPHQL_MAX_RESULTS: '3',
      },
    });
    editorial = await world.clientFor('editorial');
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('refuses an operation over GRAPHQL_MAX_COMPLEXITY with Craft’s message', async () => {
    const { status, body } = await world.gql.post({ query: FOUR_RELATIONS });
    expect(status).toBe(200);
    expect(body).toEqual({
      errors: [{ message: 'Max query complexity should be 100 but got 115.', ...GRAPHQL }],
    });
    // Arguments count, from variables too: relatedTo adds 10 to the list.
    const query = 'query ($r: [QueryArgument]) { entries(relatedTo: $r) { title } }';
    expect((await world.gql.post({ query, variables: { r: null } })).body).toMatchObject({
      data: { entries: expect.any(Array) },
    });
    const small = `{ entries(section: "news", limit: 1) { title ... on news_article_Entry {
      heroImage { url } newsCategories { title } relatedArticles { title } } } }`;
    expect((await world.gql.post({ query: small })).body).toMatchObject({ data: {} });
  });

  it('refuses an operation deeper than GRAPHQL_MAX_DEPTH', async () => {
    expect((await world.gql.post({ query: DEEP })).body).toEqual({
      errors: [{ message: 'Max query depth should be 2 but got 3.', ...GRAPHQL }],
    });
    const both = `{ entries { children { children { children { title } } } }
      ... on Query { more: entries { ... on news_article_Entry { heroImage { url } relatedArticles { title } } } } }`;
    expect((await world.gql.post({ query: both })).body).toEqual({
      errors: [
        { message: 'Max query complexity should be 100 but got 148.', ...GRAPHQL },
        { message: 'Max query depth should be 2 but got 3.', ...GRAPHQL },
      ],
    });
  });

  it('refuses introspection for the public schema and tokens, not for admins', async () => {
    const query = '{ __schema { queryType { name } } }';
    const refused = {
      errors: [
        {
          message:
            'GraphQL introspection is not allowed, but the query contained __schema or __type',
          locations: [{ line: 1, column: 3 }],
          ...GRAPHQL,
        },
      ],
    };
    expect((await world.gql.post({ query })).body).toEqual(refused);
    expect((await editorial.post({ query })).body).toEqual(refused);
    // `__typename` is not introspection.
    expect((await world.gql.post({ query: '{ __typename ping }' })).body).toEqual({
      data: { __typename: 'Query', ping: 'pong' },
    });
    // Craft's control panel GraphiQL: an admin choosing the schema may introspect, deeply too.
    const basic = `Basic ${Buffer.from('admin:content-admin-secret').toString('base64')}`;
    const admin = await world.gql.post(
      { query: '{ __schema { types { fields { type { ofType { ofType { name } } } } } } }' },
      { headers: { authorization: basic, 'x-craft-gql-schema': 'public' } },
    );
    expect(admin.body).toMatchObject({ data: { __schema: { types: expect.any(Array) } } });
  });

  it('refuses a batch larger than GRAPHQL_MAX_BATCH_SIZE with HTTP 400', async () => {
    const two = await world.gql.post([{ query: '{ping}' }, { query: '{ping}' }]);
    expect([two.status, two.body]).toEqual([
      200,
      [{ data: { ping: 'pong' } }, { data: { ping: 'pong' } }],
    ]);
    const three = await world.gql.post([
      { query: '{ping}' },
      { query: '{ping}' },
      { query: '{ping}' },
    ]);
    expect([three.status, three.body]).toEqual([
      400,
      {
        name: 'Bad Request',
        message: 'No more than 2 GraphQL queries can be executed in a single batch.',
        code: 0,
        status: 400,
      },
    ]);
  });

  it('caps every element query at GRAPHQL_MAX_RESULTS', async () => {
    const { body } = await world.gql.post({
      query: '{ some: entries(limit: 10) { id } all: entries { id } entryCount }',
    });
    const data = (body as { data: { some: unknown[]; all: unknown[]; entryCount: number } }).data;
    expect(data.some).toHaveLength(3);
    expect(data.all).toHaveLength(3);
    // Counts are not lists: they stay whole (Yii's count() drops the limit).
    expect(data.entryCount).toBeGreaterThan(3);
  });
});

describe('GraphQL result cache (memory, one instance)', () => {
  let world: ContentDemoWorld;

  beforeAll(async () => {
    world = await startContentDemo();
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('answers a repeated query without the store, and the same', async () => {
    const first = await measured(world.service, () => world.gql.post({ query: LIST }));
    expect(first.queries).toBeGreaterThan(0);
    expect(first.body).toMatchObject({ data: { entries: expect.any(Array) } });
    const hits = await stat(world.service, 'content.graphql_cache.hits');
    const again = await measured(world.service, () => world.gql.post({ query: LIST }));
    expect(again).toEqual({ ...first, queries: 0 });
    // GET with the same query text is the same request.
    const get = await measured(world.service, () => world.gql.get({ query: LIST }));
    expect(get).toEqual({ ...first, queries: 0 });
    expect(await stat(world.service, 'content.graphql_cache.hits')).toBe(hits + 2);
  });

  it('skips the cache for X-Craft-Gql-Cache: no-cache, other variables and other schemas', async () => {
    const query = 'query ($limit: Int) { entries(limit: $limit) { title } }';
    await world.gql.post({ query, variables: { limit: 2 } });
    const noCache = await measured(world.service, () =>
      world.gql.post(
        { query, variables: { limit: 2 } },
        { headers: { 'x-craft-gql-cache': 'no-cache' } },
      ),
    );
    expect(noCache.queries).toBeGreaterThan(0);
    const other = await measured(world.service, () =>
      world.gql.post({ query, variables: { limit: 1 } }),
    );
    expect(other.queries).toBeGreaterThan(0);
    const partner = await world.clientFor('partner');
    const scoped = await measured(world.service, () =>
      partner.post({ query, variables: { limit: 2 } }),
    );
    expect(scoped.queries).toBeGreaterThan(0);
    expect(
      (await measured(world.service, () => partner.post({ query, variables: { limit: 2 } })))
        .queries,
    ).toBe(0);
  });

  it('costs again after the model changes', async () => {
    await world.gql.post({ query: LIST });
    expect((await measured(world.service, () => world.gql.post({ query: LIST }))).queries).toBe(0);
    const graphqlYaml = join(world.projectDir, 'graphql.yaml');
    world.writeProjectFile(
      'graphql.yaml',
      readFileSync(graphqlYaml, 'utf8').replace('name: Partner', 'name: Partner (renamed)'),
    );
    await eventually(
      'the model change to be applied',
      async () => {
        const { body } =
          await world.api.get<{ handle: string; name: string }[]>('/api/content/schemas');
        return body.find((schema) => schema.handle === 'partner')?.name === 'Partner (renamed)'
          ? true
          : undefined;
      },
      15_000,
    );
    expect(
      (await measured(world.service, () => world.gql.post({ query: LIST }))).queries,
    ).toBeGreaterThan(0);
    expect((await measured(world.service, () => world.gql.post({ query: LIST }))).queries).toBe(0);
  });
});

/** A schema that may create news articles (Craft 4 mutation scopes). */
const WRITER_SCHEMA = [
  'graphqlSchemas:',
  '  - handle: writer',
  '    name: Writer',
  '    scope: [sections.news:read, entrytypes.news.article:read, entrytypes.news.article:create]',
  '',
].join('\n');

describe('GraphQL result cache shared through Redis by two instances on one PostgreSQL', () => {
  let redis: RedisServer;
  let database: PostgresDatabase;
  let root: string;
  let a: ServiceProcess;
  let b: ServiceProcess;
  const prefix = `i8c-${randomBytes(4).toString('hex')}:`;

  /** Each instance watches its own copy of the model, so that one can change alone. */
  const projectOf = (name: string) => join(root, name, 'project');

  async function start(name: string, seed: boolean): Promise<ServiceProcess> {
    const project = projectOf(name);
    mkdirSync(join(root, name, 'data'), { recursive: true });
    cpSync(join(PROJECT_ROOT, 'config', 'content', 'project'), project, { recursive: true });
    writeFileSync(join(project, 'writer.yaml'), WRITER_SCHEMA);
    return startService({
      DATA_DIR: join(root, name, 'data'),
      DATABASE_URL: database.url,
      ADMIN_PASSWORD: 'content-admin-secret',
      CONTENT_PROJECT_DIR: project,
      // Instances of one site share the asset files (and so the model's version).
      CONTENT_VOLUMES_DIR: join(root, 'volumes'),
      CONTENT_SEED_DIR: seed ? join(PROJECT_ROOT, 'config', 'content', 'seed') : 'none',
      // The cache follows the counters to Redis (GRAPHQL_CACHE_BACKEND=auto).
      BACKEND_TYPE: 'kvstore',
      KVSTORE_URL: redis.url,
      CACHE_KEY_PREFIX: prefix,
      LOG_LEVEL: 'warn',
    });
  }

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'shared-cache-'));
    redis = await startRedis();
    database = await createPostgresDatabase('shared_cache');
    a = await start('a', true);
    b = await start('b', false);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
    await redis?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves on one instance what the other cached, and invalidates on both', async () => {
    const onA = new GraphqlClient(a.httpUrl);
    const onB = new GraphqlClient(b.httpUrl);
    const first = await measured(a, () => onA.post({ query: LIST }));
    expect(first.queries).toBeGreaterThan(0);
    expect(await measured(a, () => onA.post({ query: LIST }))).toEqual({ ...first, queries: 0 });
    // B never ran the query: the result comes from Redis.
    expect(await measured(b, () => onB.post({ query: LIST }))).toEqual({ ...first, queries: 0 });
    const client = new Redis({ host: redis.host, port: redis.port });
    try {
      expect(await client.exists(`${prefix}graphql:generation`)).toBe(1);
      expect((await client.keys(`${prefix}graphql:entry:*`)).length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }

    // A's model changes (only A watches this copy): A invalidates the shared cache, and B, whose
    // model and so whose cache key did not change, misses too.
    const yaml = join(projectOf('a'), 'graphql.yaml');
    const temporary = join(projectOf('a'), '.graphql.yaml.tmp');
    writeFileSync(temporary, readFileSync(yaml, 'utf8').replace('name: Partner', 'name: Changed'));
    renameSync(temporary, yaml);
    const adminA = new GrafanaApi(a.httpUrl, { basic: ['admin', 'content-admin-secret'] });
    await eventually(
      'A to apply its model change',
      async () => {
        const { body } =
          await adminA.get<{ handle: string; name: string }[]>('/api/content/schemas');
        return body.find((schema) => schema.handle === 'partner')?.name === 'Changed'
          ? true
          : undefined;
      },
      15_000,
    );
    const afterChange = await measured(b, () => onB.post({ query: LIST }));
    expect(afterChange).toEqual({ ...first, queries: first.queries });
    expect(await measured(b, () => onB.post({ query: LIST }))).toEqual({ ...first, queries: 0 });
  });

  it('a mutation on one instance makes the other answer the new content', async () => {
    const onA = new GraphqlClient(a.httpUrl);
    const adminB = new GrafanaApi(b.httpUrl, { basic: ['admin', 'content-admin-secret'] });
    const created = await adminB.post<{ accessToken: string }>('/api/content/tokens', {
      name: 'writer',
      schema: 'writer',
    });
    expect(created.status).toBe(201);
    const writerOnB = new GraphqlClient(b.httpUrl).withToken(created.body.accessToken);
    const titles = '{ entries(section: "news") { title } }';
    const before = await measured(a, () => onA.post({ query: titles }));
    // The repeat is an early answer (early-answers.ts), confirmed with Redis.
    const early = await stat(a, 'content.graphql_cache.early_answers');
    expect((await measured(a, () => onA.post({ query: titles }))).queries).toBe(0);
    expect(await stat(a, 'content.graphql_cache.early_answers')).toBe(early + 1);
    const saved = await writerOnB.post({
      query:
        'mutation { save_news_article_Entry(title: "Fresh from B", slug: "fresh-from-b") { title } }',
    });
    expect(saved.body).toEqual({ data: { save_news_article_Entry: { title: 'Fresh from B' } } });
    const after = await measured(a, () => onA.post({ query: titles }));
    expect(after.queries).toBeGreaterThan(0);
    expect(after.body).not.toEqual(before.body);
    expect(JSON.stringify(after.body)).toContain('Fresh from B');
    expect((await measured(a, () => onA.post({ query: titles }))).queries).toBe(0);
  });
});
