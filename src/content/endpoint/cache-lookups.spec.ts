import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemorySharedCache } from '../../infra/cache/memory-shared-cache';
import { type CacheLookup, SharedCache } from '../../infra/cache/shared-cache.port';
import { ManualClock } from '../../infra/clock/clock';
import { schemaRequestHeaders } from '../../infra/http/craft-request/request-headers';
import { loadSettings } from '../../settings/settings.loader';
import { EarlyAnswers } from './early-answers';
import { endpoint, request, type EndpointWorld } from './graphql-endpoint.fixtures';

/** The result cache's store, recording the key of every lookup. */
class CountingCache extends SharedCache {
  readonly kind = 'memory';
  readonly keys: string[] = [];
  private readonly inner = new MemorySharedCache(new ManualClock(0), 1024 * 1024);

  lookup(namespace: string, key: string): Promise<CacheLookup> {
    this.keys.push(key);
    return this.inner.lookup(namespace, key);
  }
  override lookupNow(namespace: string, key: string): CacheLookup {
    this.keys.push(key);
    return this.inner.lookupNow(namespace, key);
  }
  store(namespace: string, key: string, generation: string, value: string, ttlMs: number) {
    return this.inner.store(namespace, key, generation, value, ttlMs);
  }
  invalidate(namespace: string) {
    return this.inner.invalidate(namespace);
  }
}

/**
 * The one answer path (cached-answers.ts): a request consults the result cache at most once for
 * its whole answer and once per operation, when the early answers (in front of the server) find
 * their entry gone and the route (the listener behind them) answers.
 */
describe('result cache lookups per request', () => {
  let store: CountingCache;
  let world: EndpointWorld;
  let server: Server;
  let base: string;

  beforeEach(async () => {
    store = new CountingCache();
    world = endpoint({ cache: true }, null, undefined, store);
    const settings = loadSettings({ ADMIN_PASSWORD: 'x' });
    const early = new EarlyAnswers(settings, world.answers, world.persisted, new ManualClock(0));
    // The route's part (graphql.route.ts): the endpoint's answer, remembered for early answers.
    server = createServer((raw, response) => {
      const url = raw.url ?? '';
      const headers = schemaRequestHeaders(raw.rawHeaders);
      const asked = request({
        method: 'GET',
        contentType: undefined,
        search: url.slice(url.indexOf('?') + 1),
        headers,
        seen: world.answers.seenEarly(raw),
      });
      void world.endpoint.answer(asked).then((answer) => {
        early.remember(
          { method: 'GET', url, contentType: undefined, body: undefined },
          headers,
          answer,
        );
        response.end(answer.body);
      });
    });
    early.install(server, ['/graphql']);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The keys one request looked up, in order. */
  const lookedUp = async (ask: () => Promise<unknown>) => {
    const before = store.keys.length;
    await ask();
    return store.keys.slice(before);
  };
  const get = () => fetch(`${base}/graphql?query=%7Bping%7D`).then((answer) => answer.text());

  it('looks up the whole answer once, early or routed, and each operation once', async () => {
    // First: no early answer yet; the route looks up the whole answer, then the operation.
    const first = await lookedUp(get);
    expect(first).toHaveLength(2);
    // Then: answered early, one lookup.
    expect(await lookedUp(get)).toEqual([first[0]]);
    // After an invalidation the early answers find the entry gone; the route takes their
    // lookup instead of looking up the whole answer again.
    await world.cache.invalidate();
    expect(await lookedUp(get)).toEqual(first);
    // A batch: its whole answer once, and each of its two operations once.
    const batch = await lookedUp(() =>
      world.endpoint.answer(
        request({ body: JSON.stringify([{ query: '{a}' }, { query: '{b}' }]) }),
      ),
    );
    expect([batch.length, new Set(batch).size]).toEqual([3, 3]);
  });
});
