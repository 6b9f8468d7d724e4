import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '../../infra/clock/clock';
import { loadSettings } from '../../settings/settings.loader';
import type { GraphqlResultCache } from '../cache/graphql-result-cache';
import type { PersistedQueries } from '../persisted/persisted-queries';
import { CachedAnswers } from './cached-answers';
import { EarlyAnswers } from './early-answers';
import type { EndpointAnswer } from './graphql-endpoint';

const NO_HEADERS = { authorization: [], craftAuthorization: undefined, gqlSchema: undefined };

/**
 * The index of early answers over a real HTTP server; the result cache is a map of entry texts
 * (what `holdsNow` compares with), the route a listener answering `routed`.
 */
describe('EarlyAnswers', () => {
  const held = new Map<string, string>();
  /** Memory answers at once; Redis after a round trip, or fails. */
  let store: 'memory' | 'redis' | 'failing' = 'memory';
  const cache = {
    wholeAnswer: (key: string, text: string) => {
      const yes = { held: held.get(key) === text };
      if (store === 'memory') return yes;
      if (store === 'redis') return new Promise((resolve) => setImmediate(() => resolve(yes)));
      return Promise.reject(new Error('Redis is away'));
    },
  } as unknown as GraphqlResultCache;
  const persisted = { allowListVersion: 1 };
  const clock = new ManualClock(1_000_000);
  let early: EarlyAnswers;
  let server: Server;
  let base: string;

  const start = async (env: Record<string, string> = {}) => {
    const settings = loadSettings({ ADMIN_PASSWORD: 'x', ...env });
    const answers = new CachedAnswers(settings, cache, persisted as PersistedQueries, clock);
    early = new EarlyAnswers(settings, answers, persisted as PersistedQueries, clock);
    server = createServer((_request, response) => response.end('routed'));
    early.install(server, ['/graphql']);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  /** A GET's whole answer as the endpoint gives it, its entry held by the cache. */
  const rememberGet = (url: string, body: string, untilChangeMs?: number | null) => {
    const whole = { key: `key ${url}`, text: `entry ${body}` };
    held.set(whole.key, whole.text);
    const answer: EndpointAnswer = {
      status: 200,
      body,
      whole,
      cacheable: {
        etag: '"e"',
        tags: ['content', 'section-news'],
        ...(untilChangeMs !== undefined && {
          cacheControl: 'public, max-age=60',
          untilChangeMs,
        }),
      },
    };
    early.remember(
      { method: 'GET', url, contentType: undefined, body: undefined },
      NO_HEADERS,
      answer,
    );
  };

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${url}`, { headers });
    return { text: await response.text(), cacheControl: response.headers.get('cache-control') };
  };

  beforeEach(() => {
    store = 'memory';
    held.clear();
    persisted.allowListVersion = 1;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a remembered GET only while the cache holds its entry and the allow-list is the same', async () => {
    await start();
    rememberGet('/graphql?query=a', '{"a":1}');
    rememberGet('/graphql?query=b', '{"b":1}');
    expect((await get('/graphql?query=a')).text).toBe('{"a":1}');
    expect((await get('/graphql?query=c')).text).toBe('routed');
    held.set('key /graphql?query=a', 'entry stored again');
    expect((await get('/graphql?query=a')).text).toBe('routed');
    persisted.allowListVersion = 2;
    expect((await get('/graphql?query=b')).text).toBe('routed');
  });

  it('keeps at most 1 000 answers, dropping the least recently used', async () => {
    await start();
    for (let i = 0; i < 1_000; i++) rememberGet(`/graphql?query=${i}`, `{"n":${i}}`);
    expect((await get('/graphql?query=0')).text).toBe('{"n":0}');
    rememberGet('/graphql?query=new', '{"n":"new"}');
    expect((await get('/graphql?query=1')).text).toBe('routed');
    expect((await get('/graphql?query=0')).text).toBe('{"n":0}');
    expect((await get('/graphql?query=new')).text).toBe('{"n":"new"}');
  });

  it('counts Cache-Control down to the next scheduled status change', async () => {
    await start({
      GRAPHQL_HTTP_CACHE_MAX_AGE: '60',
      GRAPHQL_HTTP_CACHE_STALE_WHILE_REVALIDATE: '30',
    });
    rememberGet('/graphql?query=soon', '{}', 45_000);
    rememberGet('/graphql?query=never', '{}', null);
    expect((await get('/graphql?query=soon')).cacheControl).toBe('public, max-age=45');
    clock.advance(30_000);
    expect((await get('/graphql?query=soon')).cacheControl).toBe('public, max-age=15');
    expect((await get('/graphql?query=never')).cacheControl).toBe(
      'public, max-age=60, stale-while-revalidate=30',
    );
  });

  it('leaves requests with a token or a cache header to the route, and stops when closing', async () => {
    await start();
    rememberGet('/graphql?query=a', '{"a":1}');
    expect((await get('/graphql?query=a', { authorization: 'Bearer t' })).text).toBe('routed');
    expect((await get('/graphql?query=a', { 'x-craft-gql-cache': 'no-cache' })).text).toBe(
      'routed',
    );
    early.close();
    expect((await get('/graphql?query=a')).text).toBe('routed');
  });

  it('waits for a store that answers later, and leaves the request to the route when it fails', async () => {
    await start();
    rememberGet('/graphql?query=a', '{"a":1}');
    store = 'redis';
    expect((await get('/graphql?query=a')).text).toBe('{"a":1}');
    held.delete('key /graphql?query=a');
    expect((await get('/graphql?query=a')).text).toBe('routed');
    rememberGet('/graphql?query=b', '{"b":1}');
    store = 'failing';
    expect((await get('/graphql?query=b')).text).toBe('routed');
  });

  it('is off with an API rate limit on GraphQL, request logs, or the result cache off', () => {
    const enabled = (env: Record<string, string>) => {
      const settings = loadSettings({ ADMIN_PASSWORD: 'x', ...env });
      const answers = new CachedAnswers(settings, cache, persisted as PersistedQueries, clock);
      return new EarlyAnswers(settings, answers, persisted as PersistedQueries, clock).enabled;
    };
    expect(enabled({})).toBe(true);
    expect(enabled({ LOG_LEVEL: 'debug' })).toBe(false);
    expect(enabled({ GRAPHQL_CACHE: 'false' })).toBe(false);
    expect(enabled({ API_RATE_LIMIT_DOMAIN: 'api', API_RATE_LIMIT_ROUTES: 'graphql' })).toBe(false);
    expect(enabled({ API_RATE_LIMIT_DOMAIN: 'api', API_RATE_LIMIT_ROUTES: 'teams' })).toBe(true);
  });
});
