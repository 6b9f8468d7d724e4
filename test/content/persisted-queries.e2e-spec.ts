import { createHash } from 'node:crypto';
import { GraphqlClient } from '../support/graphql-client';
import { type RedisServer, startRedis } from '../support/redis-servers';
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
