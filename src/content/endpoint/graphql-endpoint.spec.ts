import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorySharedCache } from '../../infra/cache/memory-shared-cache';
import { ManualClock } from '../../infra/clock/clock';
import { GENERIC_FAILURE } from './graphql-endpoint';
import { echo, endpoint, postJson, request } from './graphql-endpoint.fixtures';

describe('GraphqlEndpoint', () => {
  let errorLog: jest.SpyInstance;
  beforeEach(() => {
    errorLog = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errorLog.mockRestore());

  it('runs one operation against the selected schema', async () => {
    expect(await endpoint().answer(postJson({ query: '{ping}', variables: { a: 1 } }))).toEqual({
      status: 200,
      json: echo('{ping}', { a: 1 }),
    });
  });

  it('answers a list batch in order and an object batch by key, each on its own', async () => {
    const list = await endpoint().answer(
      postJson([{ query: '{a}' }, { query: '' }, { query: '{b}' }]),
    );
    expect(list).toEqual({
      status: 200,
      json: [echo('{a}'), { errors: [{ message: 'No GraphQL query was supplied' }] }, echo('{b}')],
    });
    const keyed = await endpoint().answer(
      postJson({ z: { query: '{z}' }, a: { query: '{boom}' }, __proto__x: { query: '{p}' } }),
    );
    expect(keyed.json).toEqual({
      z: echo('{z}'),
      a: { errors: [{ message: GENERIC_FAILURE }] },
      __proto__x: echo('{p}'),
    });
    expect(Object.keys(keyed.json as object)).toEqual(['z', 'a', '__proto__x']);
  });

  it('keeps a __proto__ batch key as a key', async () => {
    const answer = await endpoint().answer(request({ body: '{"__proto__":{"query":"{p}"}}' }));
    expect(Object.getOwnPropertyNames(answer.json)).toEqual(['__proto__']);
  });

  it('answers no query with a GraphQL error at HTTP 200', async () => {
    for (const body of ['', '{}', '{"query":"   "}']) {
      expect(await endpoint().answer(request({ body }))).toEqual({
        status: 200,
        json: { errors: [{ message: 'No GraphQL query was supplied' }] },
      });
    }
  });

  it('hides the reason of a refused or failed operation outside devMode', async () => {
    const bad = postJson({ query: '{a}', variables: 'not json' });
    expect((await endpoint().answer(bad)).json).toEqual({ errors: [{ message: GENERIC_FAILURE }] });
    expect((await endpoint({ devMode: true }).answer(bad)).json).toEqual({
      errors: [{ message: 'The variables must be a JSON object' }],
    });
    expect((await endpoint({ devMode: true }).answer(postJson({ query: '{boom}' }))).json).toEqual({
      errors: [{ message: 'executor defect' }],
    });
  });

  it('answers controller errors as Yii bodies, token errors before query errors', async () => {
    expect(await endpoint().answer(request({ search: 'variables=nope', body: '' }))).toEqual({
      status: 400,
      json: {
        name: 'Bad Request',
        message: 'The variables param must be valid JSON',
        code: 0,
        status: 400,
      },
    });
    const badToken = request({
      search: 'variables=nope',
      headers: {
        authorization: ['Bearer nope'],
        craftAuthorization: undefined,
        gqlSchema: undefined,
      },
    });
    expect((await endpoint().answer(badToken)).json).toEqual({
      name: 'Bad Request',
      message: 'Invalid Authorization header',
      code: 0,
      status: 400,
    });
  });

  it('answers 404 Page not found when GraphQL is off, and OPTIONS empty before any check', async () => {
    expect(await endpoint({ enabled: false }).answer(postJson({ query: '{ping}' }))).toEqual({
      status: 404,
      json: { name: 'Not Found', message: 'Page not found.', code: 0, status: 404 },
    });
    const preflight = request({
      method: 'OPTIONS',
      headers: {
        authorization: ['Bearer nope'],
        craftAuthorization: undefined,
        gqlSchema: undefined,
      },
    });
    expect(await endpoint().answer(preflight)).toEqual({ status: 200 });
  });

  describe('HTTP caching', () => {
    const get = (query: string, variables?: object) =>
      request({
        method: 'GET',
        contentType: undefined,
        search: new URLSearchParams({
          query,
          ...(variables !== undefined && { variables: JSON.stringify(variables) }),
        }).toString(),
      });

    it('an anonymous GET on the public schema is cacheable, with the tags its reads recorded', async () => {
      const answer = await endpoint().answer(
        get('{ping}', { tags: ['section-news', 'element-1'] }),
      );
      expect(answer).toEqual({
        status: 200,
        json: echo('{ping}', { tags: ['section-news', 'element-1'] }),
        cacheable: { tags: ['content', 'section-news', 'element-1'] },
      });
    });

    it('Cache-Control with GRAPHQL_HTTP_CACHE_MAX_AGE, cut by the next status change', async () => {
      const settings = { httpCacheMaxAge: 60, httpCacheStaleWhileRevalidate: 30 };
      expect((await endpoint(settings).answer(get('{ping}'))).cacheable).toEqual({
        tags: ['content'],
        cacheControl: 'public, max-age=60, stale-while-revalidate=30',
        untilChangeMs: null,
      });
      // The endpoint's clock reads 0: a post date 75 s ahead leaves 60 + 15.
      const ahead = (ms: number) => endpoint(settings, new Date(ms)).answer(get('{ping}'));
      expect((await ahead(75_000)).cacheable?.cacheControl).toBe(
        'public, max-age=60, stale-while-revalidate=15',
      );
      expect((await ahead(45_000)).cacheable?.cacheControl).toBe('public, max-age=45');
    });

    it('POSTs and answers with errors are not cacheable', async () => {
      expect((await endpoint().answer(postJson({ query: '{ping}' }))).cacheable).toBeUndefined();
      expect((await endpoint().answer(get('{boom}'))).cacheable).toBeUndefined();
      expect((await endpoint().answer(get('  '))).cacheable).toBeUndefined();
    });
  });

  describe('Automatic Persisted Queries', () => {
    const query = '{ping}';
    const hash = createHash('sha256').update(query).digest('hex');
    const apq = (sha256Hash: unknown, version: unknown = 1) => ({
      persistedQuery: { version, sha256Hash },
    });
    const getByHash = (sha256Hash: string) =>
      request({
        method: 'GET',
        search: new URLSearchParams({
          extensions: JSON.stringify(apq(sha256Hash)),
          variables: JSON.stringify({ tags: ['section:news'] }),
        }).toString(),
      });
    const notFound = {
      errors: [
        { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
      ],
    };

    it('answers an unknown hash PersistedQueryNotFound, uncached, then runs it once registered', async () => {
      const shared = new MemorySharedCache(new ManualClock(0), 1024 * 1024);
      const server = endpoint({}, null, shared);
      expect(await server.answer(getByHash(hash))).toEqual({
        status: 200,
        json: notFound,
        cacheControl: 'private, no-cache, must-revalidate',
      });
      expect(await server.answer(postJson({ query, extensions: apq(hash) }))).toEqual({
        status: 200,
        json: echo(query),
      });
      // Another instance sharing the store knows it; a GET by hash is cacheable with its tags.
      expect(await endpoint({}, null, shared).answer(getByHash(hash))).toEqual({
        status: 200,
        json: echo(query, { tags: ['section:news'] }),
        cacheable: { tags: ['content', 'section:news'] },
      });
      expect(await server.answer(postJson({ extensions: apq(hash) }))).toEqual({
        status: 200,
        json: echo(query),
      });
    });

    it('does not register a query that failed to validate', async () => {
      const shared = new MemorySharedCache(new ManualClock(0), 1024 * 1024);
      const server = endpoint({}, null, shared);
      const bad = '{boom}';
      const badHash = createHash('sha256').update(bad).digest('hex');
      await server.answer(postJson({ query: bad, extensions: apq(badHash) }));
      expect((await server.answer(postJson({ extensions: apq(badHash) }))).json).toEqual(notFound);
    });

    it('refuses a hash that is not the query’s sha256 with HTTP 400, and other versions', async () => {
      expect(
        await endpoint().answer(postJson({ query: '{other}', extensions: apq(hash) })),
      ).toEqual({
        status: 400,
        json: {
          errors: [
            { message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST' } },
          ],
        },
      });
      expect(await endpoint().answer(postJson({ query, extensions: apq(hash, 2) }))).toEqual({
        status: 400,
        json: {
          errors: [
            {
              message: 'Unsupported persisted query version',
              extensions: { code: 'BAD_REQUEST' },
            },
          ],
        },
      });
    });

    it('answers PersistedQueryNotSupported to any persisted query when off', async () => {
      const off = endpoint({ persistedQueries: 'off' });
      const notSupported = {
        status: 200,
        json: {
          errors: [
            {
              message: 'PersistedQueryNotSupported',
              extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' },
            },
          ],
        },
        cacheControl: 'private, no-cache, must-revalidate',
      };
      expect(await off.answer(postJson({ query, extensions: apq(hash) }))).toEqual(notSupported);
      expect(await off.answer(getByHash(hash))).toEqual(notSupported);
      expect(await off.answer(postJson({ query }))).toEqual({ status: 200, json: echo(query) });
    });

    it('handles each operation of a batch alone, failures in place with HTTP 200', async () => {
      const answer = await endpoint().answer(
        postJson([
          { extensions: apq(hash) },
          { query, extensions: apq(hash) },
          { query: '{x}', extensions: apq(hash) },
          { extensions: apq(hash) },
        ]),
      );
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual([
        notFound,
        echo(query),
        {
          errors: [
            { message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST' } },
          ],
        },
        echo(query),
      ]);
    });

    it('with only, runs on the public schema what the allow-list holds, by hash or text', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'apq-allow-'));
      try {
        writeFileSync(join(directory, 'ping.graphql'), query);
        const only = endpoint({ persistedQueries: 'only', persistedQueriesDir: directory });
        expect(await only.answer(postJson({ extensions: apq(hash) }))).toEqual({
          status: 200,
          json: echo(query),
        });
        expect(await only.answer(postJson({ query }))).toEqual({ status: 200, json: echo(query) });
        const other = '{other}';
        const otherHash = createHash('sha256').update(other).digest('hex');
        expect((await only.answer(postJson({ extensions: apq(otherHash) }))).json).toEqual(
          notFound,
        );
        const refused = {
          status: 403,
          json: {
            errors: [
              {
                message: 'This operation is not on the persisted query allow-list',
                extensions: { code: 'PERSISTED_QUERY_NOT_LISTED' },
              },
            ],
          },
        };
        expect(await only.answer(postJson({ query: other }))).toEqual(refused);
        expect(await only.answer(postJson({ query: other, extensions: apq(otherHash) }))).toEqual(
          refused,
        );
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
});
