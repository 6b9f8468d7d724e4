import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { GraphqlClient } from '../support/graphql-client';
import { type RedisServer, startRedis } from '../support/redis/servers';
import { PONG, runEndpoint, type Running } from './fixtures/endpoint-world';

/**
 * Issue 17, item 2: Automatic Persisted Queries as Apollo clients speak them, over real sockets:
 * a hash without its query is PersistedQueryNotFound until a request carrying both registers it;
 * then a GET by hash runs it and is cacheable (ETag, 304); a hash that is not the query's sha256
 * is refused; GRAPHQL_PERSISTED_QUERIES=off answers PersistedQueryNotSupported; with Redis as the
 * shared cache, a query registered on one instance is found on another.
 */

const QUERY = '{ ping }';
const HASH = createHash('sha256').update(QUERY).digest('hex');
const extensions = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });
const NOT_FOUND = {
  errors: [
    { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
  ],
};
const UNCACHED = 'private, no-cache, must-revalidate';

describe('Automatic Persisted Queries (auto, the default)', () => {
  let running: Running;
  let gql: GraphqlClient;

  beforeAll(async () => {
    running = await runEndpoint({}, { publicEnabled: true, postgres: false });
    gql = new GraphqlClient(running.service.httpUrl);
  });
  afterAll(async () => {
    await running?.stop();
  });

  it('a GET by an unknown hash is not found and uncached; registered, it runs and gets an ETag', async () => {
    const missing = await gql.get({ extensions: extensions(HASH) });
    expect([missing.status, missing.body]).toEqual([200, NOT_FOUND]);
    expect(missing.headers.get('cache-control')).toBe(UNCACHED);
    expect(missing.headers.get('etag')).toBeNull();

    const registered = await gql.post({ query: QUERY, extensions: extensions(HASH) });
    expect([registered.status, registered.body]).toEqual([200, PONG]);

    const byHash = await gql.get({ extensions: extensions(HASH) });
    expect([byHash.status, byHash.body]).toEqual([200, PONG]);
    const etag = byHash.headers.get('etag');
    expect(etag).not.toBeNull();
    expect(byHash.headers.get('cache-tag')).toBe('content');
    const revalidated = await gql.get(
      { extensions: extensions(HASH) },
      { headers: { 'if-none-match': etag ?? '' } },
    );
    expect(revalidated.status).toBe(304);
    // POST by hash too.
    expect((await gql.post({ extensions: extensions(HASH) })).body).toEqual(PONG);
  });

  it('refuses a hash that is not the query’s sha256, with Apollo’s 400', async () => {
    const other = createHash('sha256').update('{ other }').digest('hex');
    const answer = await gql.post({ query: QUERY, extensions: extensions(other) });
    expect([answer.status, answer.body]).toEqual([
      400,
      {
        errors: [
          { message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST' } },
        ],
      },
    ]);
    // Nothing was registered under it.
    expect((await gql.get({ extensions: extensions(other) })).body).toEqual(NOT_FOUND);
  });
});

describe('GRAPHQL_PERSISTED_QUERIES=off', () => {
  let running: Running;

  beforeAll(async () => {
    running = await runEndpoint(
      { GRAPHQL_PERSISTED_QUERIES: 'off' },
      { publicEnabled: true, postgres: false },
    );
  });
  afterAll(async () => {
    await running?.stop();
  });

  it('answers PersistedQueryNotSupported to any persisted query, and runs plain ones', async () => {
    const gql = new GraphqlClient(running.service.httpUrl);
    const notSupported = {
      errors: [
        {
          message: 'PersistedQueryNotSupported',
          extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' },
        },
      ],
    };
    for (const answer of [
      await gql.post({ query: QUERY, extensions: extensions(HASH) }),
      await gql.get({ extensions: extensions(HASH) }),
    ]) {
      expect([answer.status, answer.body]).toEqual([200, notSupported]);
      expect(answer.headers.get('cache-control')).toBe(UNCACHED);
    }
    expect((await gql.post({ query: QUERY })).body).toEqual(PONG);
  });
});

describe('two instances sharing one Redis', () => {
  let redis: RedisServer;
  let first: Running;
  let second: Running;

  beforeAll(async () => {
    redis = await startRedis();
    const env = { GRAPHQL_CACHE_BACKEND: 'kvstore', KVSTORE_URL: redis.url };
    first = await runEndpoint(env, { publicEnabled: true, postgres: false });
    second = await runEndpoint(env, { publicEnabled: true, postgres: false });
    // Two boots on a shared, loaded machine.
  }, 240_000);
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await redis?.stop();
  });

  it('a hash registered on one is found on the other', async () => {
    const one = new GraphqlClient(first.service.httpUrl);
    const other = new GraphqlClient(second.service.httpUrl);
    expect((await other.get({ extensions: extensions(HASH) })).body).toEqual(NOT_FOUND);
    expect((await one.post({ query: QUERY, extensions: extensions(HASH) })).body).toEqual(PONG);
    const byHash = await other.get({ extensions: extensions(HASH) });
    expect([byHash.status, byHash.body]).toEqual([200, PONG]);
  });
});

describe('GRAPHQL_PERSISTED_QUERIES=only', () => {
  const LISTED = '{ ping }\n';
  const LISTED_HASH = createHash('sha256').update(LISTED).digest('hex');
  const OTHER = 'query Other { ping }';
  const NOT_LISTED = {
    errors: [
      {
        message: 'This operation is not on the persisted query allow-list',
        extensions: { code: 'PERSISTED_QUERY_NOT_LISTED' },
      },
    ],
  };
  let directory: string;
  let running: Running;
  let gql: GraphqlClient;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'apq-allow-list-'));
    writeFileSync(join(directory, 'ping.graphql'), LISTED);
    running = await runEndpoint(
      { GRAPHQL_PERSISTED_QUERIES: 'only', GRAPHQL_PERSISTED_QUERIES_DIR: directory },
      { publicEnabled: true, postgres: false },
    );
    gql = new GraphqlClient(running.service.httpUrl);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('serves a listed operation by hash (cacheable) or text, and refuses others with 403', async () => {
    const byHash = await gql.get({ extensions: extensions(LISTED_HASH) });
    expect([byHash.status, byHash.body]).toEqual([200, PONG]);
    expect(byHash.headers.get('etag')).not.toBeNull();
    expect((await gql.post({ query: LISTED })).body).toEqual(PONG);
    const refused = await gql.post({ query: OTHER });
    expect([refused.status, refused.body]).toEqual([403, NOT_LISTED]);
    const otherHash = createHash('sha256').update(OTHER).digest('hex');
    expect((await gql.get({ extensions: extensions(otherHash) })).body).toEqual(NOT_FOUND);
  });

  it('a request without a valid credential is anonymous whatever headers it carries: the allow-list applies and it registers nothing (issue 29)', async () => {
    const otherHash = createHash('sha256').update(OTHER).digest('hex');
    const basic = `Basic ${Buffer.from('nobody:wrong').toString('base64')}`;
    const junk: Record<string, string>[] = [
      { authorization: 'x' },
      { authorization: '' },
      { authorization: basic },
      { authorization: 'Bearer __PUBLIC__' },
      { 'x-craft-authorization': 'nothing' },
    ];
    for (const headers of junk) {
      const plain = await gql.post({ query: OTHER }, { headers });
      expect([headers, plain.status, plain.body]).toEqual([headers, 403, NOT_LISTED]);
      const registering = await gql.post(
        { query: OTHER, extensions: extensions(otherHash) },
        { headers },
      );
      expect([headers, registering.status, registering.body]).toEqual([headers, 403, NOT_LISTED]);
      const byHash = await gql.get({ extensions: extensions(otherHash) }, { headers });
      expect([headers, byHash.body]).toEqual([headers, NOT_FOUND]);
    }
    // Listed operations still run for them.
    expect((await gql.post({ query: LISTED }, { headers: { authorization: 'x' } })).body).toEqual(
      PONG,
    );
  });

  it('lets a token send any query', async () => {
    const created = await running.api.post<{ accessToken: string }>('/api/content/tokens', {
      name: 'Partner site',
      schema: 'partner',
    });
    expect(created.status).toBe(201);
    const answer = await gql.post({ query: OTHER }, { token: created.body.accessToken });
    expect([answer.status, answer.body]).toEqual([200, PONG]);
  });

  it('reloads the list on change, and keeps it when a file is bad', async () => {
    writeFileSync(join(directory, 'other.graphql'), OTHER);
    await eventually('the added file is allowed', async () =>
      (await gql.post({ query: OTHER })).status === 200 ? true : undefined,
    );
    writeFileSync(join(directory, 'broken.json'), '{nope');
    writeFileSync(join(directory, 'third.graphql'), '{ __typename }');
    // The broken manifest stops every reload: the third query stays refused, the others served.
    await eventually('the broken manifest is reported', () =>
      running.service.output().includes('not loaded, keeping the 2 operations') ? true : undefined,
    );
    expect((await gql.post({ query: '{ __typename }' })).status).toBe(403);
    expect((await gql.post({ query: OTHER })).body).toEqual(PONG);
  });
});
