import { CounterIncrement, CounterStore } from '../../infra/counters/counter-store.port';
import { Code } from './rate-limit.model';
import { d, harness, req } from './service-harness.fixtures';

// Counter keys, the local over-limit cache, stop-increment mode and batching (./decision-plan).
describe('RateLimitService.shouldRateLimit', () => {
  it('adds CACHE_KEY_PREFIX to every counter key', async () => {
    const keys: string[] = [];
    const recording = new (class extends CounterStore {
      readonly kind = 'recording';
      increment(batch: readonly CounterIncrement[]): Promise<number[]> {
        keys.push(...batch.map((b) => b.key));
        return Promise.resolve(batch.map(() => 1));
      }
      read(counters: readonly CounterIncrement[]): Promise<number[]> {
        return Promise.resolve(counters.map(() => 0));
      }
    })();
    const { service } = harness({ CACHE_KEY_PREFIX: 'prefix:' }, undefined, recording);
    await service.shouldRateLimit(
      req('test-domain', [d([['key2', 'value2']]), d([['key3', 'x']])]),
    );
    expect(keys).toEqual(['prefix:test-domain_key2_value2_2220', 'prefix:test-domain_key3_x_0']);
  });

  describe('with scripted store counts (docs/testing.md Redis cache facts)', () => {
    /** A store answering preset counts, recording what it was sent. */
    class ScriptedStore extends CounterStore {
      readonly kind = 'scripted';
      readonly increments: CounterIncrement[][] = [];
      readonly reads: CounterIncrement[][] = [];
      constructor(
        private readonly counts: number[][],
        private readonly current: number[][] = [],
      ) {
        super();
      }
      increment(batch: readonly CounterIncrement[]): Promise<number[]> {
        this.increments.push([...batch]);
        return Promise.resolve(this.counts.shift()!);
      }
      read(counters: readonly CounterIncrement[]): Promise<number[]> {
        this.reads.push([...counters]);
        return Promise.resolve(this.current.shift()!);
      }
    }
    const HOURLY = `
domain: d
descriptors:
  - {key: k15, rate_limit: {unit: hour, requests_per_unit: 15}}
  - {key: k14, rate_limit: {unit: hour, requests_per_unit: 14}}
  - {key: shadow, shadow_mode: true, rate_limit: {unit: hour, requests_per_unit: 15}}
`;

    it('the local over-limit cache answers a key known to be over without the store', async () => {
      const store = new ScriptedStore([[11], [13], [16]]);
      const { service, stat, gauge } = harness({ LocalCacheSizeInBytes: '1000' }, [HOURLY], store);
      const call = () => service.shouldRateLimit(req('d', [d([['k15', 'x']])]));
      const gauges = () =>
        ['hitCount', 'missCount', 'lookupCount', 'expiredCount', 'entryCount'].map((g) =>
          gauge(`ratelimit.localcache.${g}`),
        );
      expect((await call()).statuses[0]).toMatchObject({ code: Code.OK, limitRemaining: 4 });
      expect(gauges()).toEqual([0, 1, 1, 0, 0]);
      expect((await call()).statuses[0]).toMatchObject({ code: Code.OK, limitRemaining: 2 });
      expect(stat('ratelimit.service.rate_limit.d.k15.near_limit')).toBe(1);
      expect(gauges()).toEqual([0, 2, 2, 0, 0]);
      expect((await call()).statuses[0]).toMatchObject({
        code: Code.OVER_LIMIT,
        limitRemaining: 0,
      });
      expect(gauges()).toEqual([0, 3, 3, 0, 1]);
      expect((await call()).statuses[0]).toMatchObject({
        code: Code.OVER_LIMIT,
        limitRemaining: 0,
      });
      expect(store.increments).toHaveLength(3);
      expect(stat('ratelimit.service.rate_limit.d.k15.over_limit')).toBe(2);
      expect(stat('ratelimit.service.rate_limit.d.k15.over_limit_with_local_cache')).toBe(1);
      expect(gauges()).toEqual([1, 3, 4, 0, 1]);
    });

    it('a local cache hit on a shadow rule answers OK and counts shadow_mode', async () => {
      const store = new ScriptedStore([[16]]);
      const { service, stat } = harness({ LocalCacheSizeInBytes: '1000' }, [HOURLY], store);
      await service.shouldRateLimit(req('d', [d([['shadow', 'x']])]));
      const cached = await service.shouldRateLimit(req('d', [d([['shadow', 'x']])]));
      expect(cached.overallCode).toBe(Code.OK);
      expect(store.increments).toHaveLength(1);
      expect(stat('ratelimit.service.rate_limit.d.shadow.shadow_mode')).toBe(2);
    });

    it('local cache entries expire with their window', async () => {
      const store = new ScriptedStore([[16], [1]]);
      const { service, clock, gauge } = harness({ LocalCacheSizeInBytes: '1000' }, [HOURLY], store);
      await service.shouldRateLimit(req('d', [d([['k15', 'x']])]));
      clock.set(3600_000);
      const next = await service.shouldRateLimit(req('d', [d([['k15', 'x']])]));
      expect(next.statuses[0]).toMatchObject({ code: Code.OK, limitRemaining: 14 });
      expect(store.increments).toHaveLength(2);
      expect(gauge('ratelimit.localcache.missCount')).toBe(2);
    });

    it('STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT counts only the keys that go over (docs/ratelimit.md#counting example)', async () => {
      const store = new ScriptedStore([[13, 15]], [[13, 13]]);
      const { service } = harness(
        { STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT: 'true' },
        [HOURLY],
        store,
      );
      const response = await service.shouldRateLimit(
        req('d', [d([['k15', 'x']]), d([['k14', 'x']])], 2),
      );
      expect(store.reads).toHaveLength(1);
      expect(store.increments[0].map((c) => c.hits)).toEqual([0, 2]);
      expect(response.statuses[0]).toMatchObject({ code: Code.OK, limitRemaining: 2 });
      expect(response.statuses[1]).toMatchObject({ code: Code.OVER_LIMIT, limitRemaining: 0 });
    });

    it('STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT counts nothing when a key is over in the local cache', async () => {
      const env = {
        STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT: 'true',
        LocalCacheSizeInBytes: '1000',
      };
      const scripted = new ScriptedStore([[16], [5]], [[15]]);
      const { service } = harness(env, [HOURLY], scripted);
      await service.shouldRateLimit(req('d', [d([['k15', 'x']])]));
      const both = await service.shouldRateLimit(req('d', [d([['k15', 'x']]), d([['k14', 'y']])]));
      expect(scripted.increments[1].map((c) => c.hits)).toEqual([0]);
      expect(both.statuses[0].code).toBe(Code.OVER_LIMIT);
      expect(both.statuses[1]).toMatchObject({ code: Code.OK, limitRemaining: 9 });
      expect(scripted.reads).toHaveLength(1);
    });

    it('sends every limited descriptor of a request in one store call', async () => {
      const store = new ScriptedStore([[1, 1, 1]]);
      const { service } = harness({}, [HOURLY], store);
      await service.shouldRateLimit(
        req('d', [
          d([['k15', 'a']]),
          d([['nothing', 'x']]),
          d([['k14', 'b']]),
          d([['shadow', 'c']]),
        ]),
      );
      expect(store.increments).toHaveLength(1);
      expect(store.increments[0].map((c) => c.key)).toEqual([
        'd_k15_a_0',
        'd_k14_b_0',
        'd_shadow_c_0',
      ]);
    });
  });
});
