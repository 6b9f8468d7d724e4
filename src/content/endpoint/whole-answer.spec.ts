import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { echo, endpoint, postJson, request } from './graphql-endpoint.fixtures';

/**
 * Anonymous requests on the public schema are looked up whole, by their text, before they are
 * decoded (graphql-endpoint.ts, GraphqlResultCache.findAnswer): what such a lookup may answer.
 */
describe('GraphqlEndpoint answers kept whole', () => {
  const cached = { cache: true };
  const query = '{ping}';
  const hash = createHash('sha256').update(query).digest('hex');
  const apq = { persistedQuery: { version: 1, sha256Hash: hash } };
  const get = (search: Record<string, string>) =>
    request({
      method: 'GET',
      contentType: undefined,
      search: new URLSearchParams(search).toString(),
    });

  it('answers a repeated request text without running anything, with the same body', async () => {
    const world = endpoint(cached);
    const operations = jest.spyOn(world.cache, 'answer');
    const first = await world.answer(postJson({ query }));
    const second = await world.answer(postJson({ query }));
    expect(second).toEqual(first);
    // Both name the result cache entry the early answers check (early-answers.ts).
    expect(second).toEqual({
      status: 200,
      json: echo(query),
      whole: { key: expect.any(String), text: `[]\n${JSON.stringify(echo(query))}` },
    });
    // The second was not decoded into operations at all.
    expect([world.executor.runs, operations.mock.calls.length]).toEqual([1, 1]);
    // Another text of the same operation is decoded, and found in the result cache.
    await world.answer(request({ body: `  ${JSON.stringify({ query })}` }));
    expect([world.executor.runs, operations.mock.calls.length]).toEqual([1, 2]);
  });

  it('keeps a GET answer cacheable by a CDN, with the tags its first run recorded', async () => {
    const world = endpoint(cached);
    const operations = jest.spyOn(world.cache, 'answer');
    const search = { query, variables: JSON.stringify({ tags: ['section-news'] }) };
    const first = await world.answer(get(search));
    expect(first.cacheable).toEqual({ tags: ['content', 'section-news'] });
    expect(await world.answer(get(search))).toEqual(first);
    expect(operations).toHaveBeenCalledTimes(1);
  });

  it('runs again after an invalidation', async () => {
    const world = endpoint(cached);
    await world.answer(postJson({ query }));
    await world.cache.invalidate();
    await world.answer(postJson({ query }));
    expect(world.executor.runs).toBe(2);
  });

  it('is not used by a token, nor with X-Craft-Gql-Cache: no-cache', async () => {
    const world = endpoint(cached);
    const noCache = { authorization: [], craftAuthorization: undefined, gqlSchema: undefined };
    const skipping = request({
      body: JSON.stringify({ query }),
      headers: { ...noCache, gqlCache: 'no-cache' },
    });
    await world.answer(skipping);
    await world.answer(skipping);
    expect(world.executor.runs).toBe(2);
  });

  it('keeps no answer with errors, and none of a mutation', async () => {
    const world = endpoint(cached);
    for (let i = 0; i < 2; i++) {
      await world.answer(postJson({ query: '{boom}' }));
      await world.answer(postJson({ query: 'mutation { ping }' }));
    }
    expect(world.executor.runs).toBe(4);
  });

  it('does not keep a request that registers a persisted query: a repeat registers again', async () => {
    const world = endpoint(cached);
    const register = jest.spyOn(world.persistedStore, 'register');
    await world.answer(postJson({ query, extensions: apq }));
    await world.answer(postJson({ query, extensions: apq }));
    expect(register).toHaveBeenCalledTimes(2);
    // The operation itself still came from the result cache the second time.
    expect(world.executor.runs).toBe(1);
  });

  it('forgets what an allow-list that changed no longer holds', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'apq-whole-'));
    try {
      writeFileSync(join(directory, 'ping.graphql'), query);
      const world = endpoint({
        ...cached,
        persistedQueries: 'only',
        persistedQueriesDir: directory,
      });
      expect((await world.answer(postJson({ query }))).status).toBe(200);
      writeFileSync(join(directory, 'ping.graphql'), '{other}');
      world.allowList.reload();
      expect((await world.answer(postJson({ query }))).status).toBe(403);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
