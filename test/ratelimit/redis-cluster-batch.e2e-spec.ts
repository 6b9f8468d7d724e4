import { randomBytes } from 'node:crypto';
import { loadSettings } from '../../src/settings/settings.loader';
import { HealthState } from '../../src/infra/health/health-state';
import { RedisCounterStore } from '../../src/infra/counters/redis/redis-counter-store';
import { RedisCluster, startCluster } from '../support/redis/servers';

/*
 * A batch on a Redis cluster goes out as one script call per key: a key counted several times in
 * one decision must get its counts in batch order, and every counter its own result slots back,
 * whichever node (slot) its key lives on.
 */
describe('RedisCounterStore on a cluster: one decision with repeated and interleaved keys', () => {
  let cluster: RedisCluster;
  let store: RedisCounterStore;
  const prefix = `batch-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    cluster = await startCluster();
    const settings = loadSettings({
      BACKEND_TYPE: 'kvstore',
      KVSTORE_TYPE: 'cluster',
      KVSTORE_URL: cluster.url,
      EXPIRATION_JITTER_MAX_SECONDS: '0',
    });
    store = new RedisCounterStore(settings, new HealthState());
    await store.onModuleInit();
  }, 60_000);

  afterAll(async () => {
    await store?.onApplicationShutdown();
    await cluster?.stop();
  });

  it('counts each key in batch order and lays the results out per counter', async () => {
    // Hash tags put the sliding window's two keys in one slot; the names spread the keys over nodes.
    const sliding = {
      key: `{${prefix}-s}:2`,
      previousKey: `{${prefix}-s}:1`,
      hits: 1,
      windowSeconds: 120,
      windowEnd: 0,
    };
    const fixed = (name: string, hits = 1) => ({
      key: `${prefix}-${name}`,
      hits,
      windowSeconds: 60,
      windowEnd: 0,
    });
    const counts = await store.increment([
      sliding,
      fixed('a'),
      sliding,
      fixed('b', 5),
      fixed('a', 2),
      sliding,
      fixed('c'),
      fixed('a'),
    ]);
    expect(counts).toEqual([1, 0, 1, 2, 0, 5, 3, 3, 0, 1, 4]);
  });
});
