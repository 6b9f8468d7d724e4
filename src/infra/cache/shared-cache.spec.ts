import Redis from 'ioredis';
import { startRedis, type RedisServer } from '../../../test/support/redis/servers';
import { ManualClock } from '../clock/clock';
import { MemorySharedCache } from './memory-shared-cache';
import { RedisSharedCache } from './redis-shared-cache';
import { SharedCache, SharedCacheError } from './shared-cache.port';

/** The contract every adapter keeps: generations, stale stores, namespaces. */
function contract(make: () => Promise<SharedCache>) {
  let cache: SharedCache;
  beforeEach(async () => {
    cache = await make();
  });

  it('misses, then returns what was stored under the generation of the lookup', async () => {
    const first = await cache.lookup('ns', 'k');
    expect(first.value).toBeUndefined();
    // A new store may need one lookup to create its generation.
    const { generation } = first.generation === undefined ? await cache.lookup('ns', 'k') : first;
    expect(generation).toEqual(expect.any(String));
    await cache.store('ns', 'k', generation!, '{"data":1}\nline two', 60_000);
    expect(await cache.lookup('ns', 'k')).toEqual({ generation, value: '{"data":1}\nline two' });
    expect((await cache.lookup('ns', 'other')).value).toBeUndefined();
    // The value alone, as early answers read it (memory at once, Redis after its round trip).
    expect(await cache.lookupValue('ns', 'k')).toBe('{"data":1}\nline two');
    expect(await cache.lookupValue('ns', 'other')).toBeUndefined();
  });

  it('never serves an entry again after its namespace is invalidated', async () => {
    await cache.lookup('ns', 'k');
    const before = await cache.lookup('ns', 'k');
    await cache.store('ns', 'k', before.generation!, 'old', 60_000);
    await cache.lookup('other', 'k');
    const other = await cache.lookup('other', 'k');
    await cache.store('other', 'k', other.generation!, 'kept', 60_000);
    await cache.invalidate('ns');
    const after = await cache.lookup('ns', 'k');
    expect(after.value).toBeUndefined();
    expect(after.generation).not.toEqual(before.generation);
    expect((await cache.lookup('other', 'k')).value).toBe('kept');
  });

  it('does not serve a value computed before an invalidation (stored with the old generation)', async () => {
    await cache.lookup('ns', 'k');
    const { generation: old } = await cache.lookup('ns', 'k');
    await cache.invalidate('ns');
    await cache.store('ns', 'k', old!, 'stale', 60_000);
    expect((await cache.lookup('ns', 'k')).value).toBeUndefined();
  });
}

describe('MemorySharedCache', () => {
  const clock = new ManualClock(1_000_000);
  contract(() => Promise.resolve(new MemorySharedCache(clock, 1024)));

  it('expires entries after their TTL', async () => {
    const cache = new MemorySharedCache(clock, 1024);
    const { generation } = await cache.lookup('ns', 'k');
    await cache.store('ns', 'k', generation!, 'v', 1000);
    clock.advance(999);
    expect((await cache.lookup('ns', 'k')).value).toBe('v');
    // Read at once, not through a promise: what early answers rely on.
    expect(cache.lookupValue('ns', 'k')).toBe('v');
    clock.advance(1);
    expect(cache.lookupValue('ns', 'k')).toBeUndefined();
    expect((await cache.lookup('ns', 'k')).value).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('evicts the least recently used entries beyond its size', async () => {
    const cache = new MemorySharedCache(clock, 10);
    const { generation } = await cache.lookup('ns', 'a');
    await cache.store('ns', 'a', generation!, '1234', 60_000);
    await cache.store('ns', 'b', generation!, '1234', 60_000);
    await cache.lookup('ns', 'a'); // a is now the most recent
    await cache.store('ns', 'c', generation!, '1234', 60_000);
    expect((await cache.lookup('ns', 'b')).value).toBeUndefined();
    expect((await cache.lookup('ns', 'a')).value).toBe('1234');
    expect((await cache.lookup('ns', 'c')).value).toBe('1234');
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
    // Larger than the whole cache: not stored.
    await cache.store('ns', 'd', generation!, 'x'.repeat(11), 60_000);
    expect((await cache.lookup('ns', 'd')).value).toBeUndefined();
  });
});

describe('RedisSharedCache', () => {
  let server: RedisServer;
  let raw: Redis;
  const caches: RedisSharedCache[] = [];
  let prefix = 0;

  const make = (): RedisSharedCache => {
    const client = new Redis({
      host: server.host,
      port: server.port,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 1000,
      retryStrategy: () => 50,
    });
    const cache = new RedisSharedCache(client, `test${prefix++}:`, 'the test Redis');
    caches.push(cache);
    return cache;
  };

  beforeAll(async () => {
    server = await startRedis();
    raw = new Redis({ host: server.host, port: server.port });
  });
  afterEach(async () => {
    await Promise.all(caches.splice(0).map((cache) => cache.onApplicationShutdown()));
  });
  afterAll(async () => {
    raw.disconnect();
    await server.stop();
  });

  describe('contract', () => {
    contract(async () => {
      const cache = make();
      await cache.onModuleInit();
      return cache;
    });
  });

  it('shares entries and invalidations between instances through the store', async () => {
    // Two caches over the same keys (same prefix), as two instances.
    const twin = new RedisSharedCache(
      new Redis({ host: server.host, port: server.port, lazyConnect: true }),
      'shared:',
      'twin',
    );
    const first = new RedisSharedCache(
      new Redis({ host: server.host, port: server.port, lazyConnect: true }),
      'shared:',
      'first',
    );
    caches.push(twin, first);
    await Promise.all([twin, first].map((cache) => cache.onModuleInit()));
    await first.lookup('ns', 'k');
    const { generation } = await first.lookup('ns', 'k');
    await first.store('ns', 'k', generation!, 'value', 60_000);
    expect(await twin.lookup('ns', 'k')).toEqual({ generation, value: 'value' });
    expect(await raw.pttl('shared:ns:entry:k')).toBeGreaterThan(59_000);
    await twin.invalidate('ns');
    expect((await first.lookup('ns', 'k')).value).toBeUndefined();
  });

  it('answers with SharedCacheError while the store is down, and works again after', async () => {
    const cache = make();
    await cache.onModuleInit();
    await server.kill();
    await expect(cache.lookup('ns', 'k')).rejects.toBeInstanceOf(SharedCacheError);
    await expect(cache.invalidate('ns')).rejects.toBeInstanceOf(SharedCacheError);
    await server.restart();
    await raw.ping().catch(() => undefined);
    let answered = false;
    for (let i = 0; i < 100 && !answered; i++) {
      answered = await cache.lookup('ns', 'k').then(
        () => true,
        () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50)),
      );
    }
    expect(answered).toBe(true);
  });

  it('boots with the store down and connects once it is back', async () => {
    await server.kill();
    const cache = make();
    await cache.onModuleInit(); // logs, does not throw
    await expect(cache.lookup('ns', 'k')).rejects.toBeInstanceOf(SharedCacheError);
    await server.restart();
    let answered = false;
    for (let i = 0; i < 100 && !answered; i++) {
      answered = await cache.lookup('ns', 'k').then(
        () => true,
        () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50)),
      );
    }
    expect(answered).toBe(true);
  });
});
