import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { loadSettings } from '../../../settings/settings.loader';
import { HealthState } from '../../health/health-state';
import { RedisCounterStore } from './redis-counter-store';

/*
 * The expiry the Redis store puts on its counters, read back from a real Redis (the one on
 * 127.0.0.1:6379; keys under a random prefix): a counter must not outlive its window by more than
 * the jitter, and a later increment must not push its expiry out (which would never let it reset).
 */
const URL = '127.0.0.1:6379';

describe('RedisCounterStore expiry (real Redis)', () => {
  const prefix = `ttl-spec-${randomBytes(4).toString('hex')}:`;
  const admin = new Redis(6379, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
  const stores: RedisCounterStore[] = [];

  async function storeWith(env: Record<string, string>): Promise<RedisCounterStore> {
    const settings = loadSettings({ BACKEND_TYPE: 'kvstore', KVSTORE_URL: URL, ...env });
    const store = new RedisCounterStore(settings, new HealthState());
    stores.push(store);
    await store.onModuleInit();
    return store;
  }

  beforeAll(() => admin.connect());
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.onApplicationShutdown()));
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('a fixed window counter expires after its window, and later increments do not extend it', async () => {
    const store = await storeWith({ EXPIRATION_JITTER_MAX_SECONDS: '0' });
    const counter = { key: `${prefix}fixed`, hits: 1, windowSeconds: 60, windowEnd: 0 };
    expect(await store.increment([counter])).toEqual([1]);
    const first = await admin.pttl(counter.key);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60_000);
    await admin.pexpire(counter.key, 30_000); // as if half the window had passed
    expect(await store.increment([counter])).toEqual([2]);
    const later = await admin.pttl(counter.key);
    expect(later).toBeGreaterThan(0);
    expect(later).toBeLessThanOrEqual(30_000);
  });

  it('adds a jitter below EXPIRATION_JITTER_MAX_SECONDS to the window', async () => {
    const store = await storeWith({ EXPIRATION_JITTER_MAX_SECONDS: '5' });
    const ttls: number[] = [];
    for (let i = 0; i < 20; i++) {
      const key = `${prefix}jitter-${i}`;
      await store.increment([{ key, hits: 1, windowSeconds: 60, windowEnd: 0 }]);
      ttls.push(await admin.ttl(key));
    }
    for (const ttl of ttls) {
      expect(ttl).toBeGreaterThanOrEqual(59); // a second may tick between the write and the read
      expect(ttl).toBeLessThan(65);
    }
  });

  it('a sliding window and a token bucket expire too', async () => {
    const store = await storeWith({ EXPIRATION_JITTER_MAX_SECONDS: '0' });
    await store.increment([
      {
        key: `${prefix}slide-2`,
        previousKey: `${prefix}slide-1`,
        hits: 1,
        windowSeconds: 120,
        windowEnd: 0,
      },
      {
        key: `${prefix}bucket`,
        hits: 1,
        windowSeconds: 10,
        windowEnd: 0,
        bucket: { capacity: 5, refillPerMs: 0.0005, nowMs: Date.now() },
      },
    ]);
    const slide = await admin.pttl(`${prefix}slide-2`);
    expect(slide).toBeGreaterThan(0);
    expect(slide).toBeLessThanOrEqual(120_000);
    const bucket = await admin.pttl(`${prefix}bucket`);
    expect(bucket).toBeGreaterThan(0);
    expect(bucket).toBeLessThanOrEqual(10_000);
  });
});
