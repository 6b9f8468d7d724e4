import { ManualClock } from '../../infra/clock/clock';
import { CounterIncrement, CounterStore } from '../../infra/counters/counter-store.port';
import { MemoryCounterStore } from '../../infra/counters/memory-counter-store';
import { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/stats-registry';
import { loadSettings } from '../../settings/settings.loader';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { Unit } from '../rules/rate-limit-unit';
import { compileRules } from '../rules/rule-compiler';
import { parseRuleFile } from '../rules/rule-file.parser';
import { BASIC_CONFIG } from '../rules/rules.fixtures';
import { RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import {
  Code,
  InvalidRateLimitRequestError,
  RateLimitRequest,
  RateLimitUnavailableError,
  RequestDescriptor,
} from './rate-limit.model';
import { RateLimitService } from './rate-limit.service';

const EXTRA_RULES = `
domain: extra
descriptors:
  - {key: free, rate_limit: {name: free_plan, unit: minute, requests_per_unit: 2}}
  - {key: promo, rate_limit: {unit: minute, requests_per_unit: 5, replaces: [{name: free_plan}]}}
  - {key: shadow, shadow_mode: true, rate_limit: {unit: minute, requests_per_unit: 1}}
  - {key: quota, quota_mode: true, rate_limit: {unit: minute, requests_per_unit: 1}}
  - {key: regular, rate_limit: {unit: minute, requests_per_unit: 1}}
  - {key: unlimited, rate_limit: {unlimited: true}}
`;

function harness(
  env: Record<string, string> = {},
  rules: string[] | null = [BASIC_CONFIG, EXTRA_RULES],
  store?: CounterStore,
) {
  const settings = loadSettings(env);
  const registry = new StatsRegistry();
  const ruleStats = new RuleStatsFactory(registry);
  const holder = new RuleConfigHolder();
  if (rules) {
    holder.replace(
      compileRules(
        rules.map((text, i) => ({
          name: `f${i}.yaml`,
          document: parseRuleFile(`f${i}.yaml`, text),
        })),
        { mergeDomainConfig: false, statsFor: (key) => ruleStats.forKey(key) },
      ),
    );
  }
  const clock = new ManualClock(2222_000);
  const memory = new MemoryCounterStore(clock, 100_000, new Counter('evicted'));
  const service = new RateLimitService(
    settings,
    holder,
    store ?? memory,
    clock,
    ruleStats,
    new ServiceStats(registry),
    registry,
  );
  const stat = (name: string) => registry.counter(name).value;
  const gauge = (name: string) => registry.snapshot().find(([n]) => n === name)?.[1];
  return { service, clock, memory, stat, gauge };
}

const d = (
  pairs: [string, string][],
  extra: Partial<RequestDescriptor> = {},
): RequestDescriptor => ({
  entries: pairs.map(([key, value]) => ({ key, value })),
  limit: undefined,
  hitsAddend: undefined,
  ...extra,
});
const req = (
  domain: string,
  descriptors: RequestDescriptor[],
  hitsAddend = 0,
): RateLimitRequest => ({
  domain,
  descriptors,
  hitsAddend,
});

describe('RateLimitService.shouldRateLimit', () => {
  it('answers one status per descriptor with limit, remaining and reset', async () => {
    const { service } = harness();
    const response = await service.shouldRateLimit(
      req('test-domain', [
        d([['key2', 'a']]),
        d([
          ['key1', 'value1'],
          ['subkey1', 'x'],
        ]),
        d([['nothing', 'here']]),
      ]),
    );
    expect(response.overallCode).toBe(Code.OK);
    expect(response.statuses).toEqual([
      {
        code: Code.OK,
        currentLimit: expect.objectContaining({ requestsPerUnit: 20, unit: Unit.MINUTE, name: '' }),
        limitRemaining: 19,
        durationUntilReset: 58,
      },
      {
        code: Code.OK,
        currentLimit: expect.objectContaining({ requestsPerUnit: 5, unit: Unit.SECOND }),
        limitRemaining: 4,
        durationUntilReset: 1,
      },
      { code: Code.OK, currentLimit: undefined, limitRemaining: 0, durationUntilReset: undefined },
    ]);
  });

  it('the 21st call to a 20/minute rule is OVER_LIMIT, and the next window starts fresh', async () => {
    const { service, clock, stat } = harness();
    const call = () => service.shouldRateLimit(req('test-domain', [d([['key2', 'user']])]));
    for (let i = 1; i <= 20; i++) {
      const response = await call();
      expect(response.overallCode).toBe(Code.OK);
      expect(response.statuses[0].limitRemaining).toBe(20 - i);
    }
    const over = await call();
    expect(over.overallCode).toBe(Code.OVER_LIMIT);
    expect(over.statuses[0]).toMatchObject({
      code: Code.OVER_LIMIT,
      limitRemaining: 0,
      durationUntilReset: 58,
    });
    expect(stat('ratelimit.service.rate_limit.test-domain.key2.total_hits')).toBe(21);
    expect(stat('ratelimit.service.rate_limit.test-domain.key2.over_limit')).toBe(1);
    expect(stat('ratelimit.service.rate_limit.test-domain.key2.near_limit')).toBe(4);
    expect(stat('ratelimit.service.rate_limit.test-domain.key2.within_limit')).toBe(20);
    clock.set(2280_000);
    expect((await call()).statuses[0]).toMatchObject({
      code: Code.OK,
      limitRemaining: 19,
      durationUntilReset: 60,
    });
  });

  it('keeps a counter per value for a key-only rule', async () => {
    const { service } = harness();
    await service.shouldRateLimit(req('test-domain', [d([['key2', 'a']])]));
    const other = await service.shouldRateLimit(req('test-domain', [d([['key2', 'b']])]));
    expect(other.statuses[0].limitRemaining).toBe(19);
  });

  it('an unknown domain is OK for every descriptor and counted as domain_not_found', async () => {
    const { service, stat } = harness();
    const response = await service.shouldRateLimit(
      req('foo_domain', [d([['a', 'b']]), d([['c', 'd']])]),
    );
    expect(response.overallCode).toBe(Code.OK);
    expect(response.statuses.map((s) => s.code)).toEqual([Code.OK, Code.OK]);
    expect(stat('ratelimit.service.rate_limit.foo_domain.domain_not_found')).toBe(2);
  });

  it.each([
    [req('', [d([['a', 'b']])]), 'rate limit domain must not be empty'],
    [req('test-domain', []), 'rate limit descriptor list must not be empty'],
    [
      req('test-domain', [d([['a', 'b']], { limit: { requestsPerUnit: 1, unit: Unit.UNKNOWN } })]),
      'descriptors[0].limit: unit must be one of SECOND, MINUTE, HOUR, DAY, MONTH, YEAR',
    ],
  ])('rejects a bad request: %#', async (request, message) => {
    const { service, stat } = harness();
    await expect(service.shouldRateLimit(request)).rejects.toThrow(
      new InvalidRateLimitRequestError(message),
    );
    expect(stat('ratelimit.service.call.should_rate_limit.service_error')).toBe(1);
  });

  it('rejects more descriptors than MAX_DESCRIPTORS_PER_REQUEST', async () => {
    const { service } = harness({ MAX_DESCRIPTORS_PER_REQUEST: '3' });
    const four = Array.from({ length: 4 }, () => d([['key2', 'x']]));
    await expect(service.shouldRateLimit(req('test-domain', four))).rejects.toThrow(
      'rate limit descriptor list has 4 descriptors; at most 3 are allowed',
    );
  });

  it('fails as unavailable while no configuration is loaded', async () => {
    const { service } = harness({}, null);
    await expect(service.shouldRateLimit(req('test-domain', [d([['key2', 'x']])]))).rejects.toThrow(
      new RateLimitUnavailableError('no rate limit configuration loaded'),
    );
  });

  it('fails as unavailable when the store fails, and counts redis_error', async () => {
    const failing = new (class extends CounterStore {
      readonly kind = 'broken';
      increment(_batch: readonly CounterIncrement[]): Promise<number[]> {
        return Promise.reject(new Error('connection refused'));
      }
      read(): Promise<number[]> {
        return Promise.reject(new Error('connection refused'));
      }
    })();
    const { service, stat } = harness({}, undefined, failing);
    await expect(service.shouldRateLimit(req('test-domain', [d([['key2', 'x']])]))).rejects.toThrow(
      'counter store (broken) failed: connection refused',
    );
    expect(stat('ratelimit.service.call.should_rate_limit.redis_error')).toBe(1);
  });

  it('unlimited rules answer uint32 max without touching the store', async () => {
    const { service, memory } = harness();
    const response = await service.shouldRateLimit(req('test-domain', [d([['key6', 'x']])]));
    expect(response.statuses[0]).toEqual({
      code: Code.OK,
      currentLimit: undefined,
      limitRemaining: 4294967295,
      durationUntilReset: undefined,
    });
    expect(memory.size).toBe(0);
  });

  it('a replacing rule drops the replaced one within the same request only', async () => {
    const { service, stat } = harness();
    const both = await service.shouldRateLimit(
      req('extra', [d([['free', 'u']]), d([['promo', 'u']])]),
    );
    expect(both.statuses[0]).toEqual({
      code: Code.OK,
      currentLimit: undefined,
      limitRemaining: 0,
      durationUntilReset: undefined,
    });
    expect(both.statuses[1].limitRemaining).toBe(4);
    expect(stat('ratelimit.service.rate_limit.extra.free.total_hits')).toBe(0);
    const alone = await service.shouldRateLimit(req('extra', [d([['free', 'u']])]));
    expect(alone.statuses[0].limitRemaining).toBe(1);
  });

  it('a shadow rule reports OK over its limit and counts shadow_mode', async () => {
    const { service, stat } = harness();
    await service.shouldRateLimit(req('extra', [d([['shadow', 'u']])]));
    const second = await service.shouldRateLimit(req('extra', [d([['shadow', 'u']])]));
    expect(second.overallCode).toBe(Code.OK);
    expect(second.statuses[0]).toMatchObject({ code: Code.OK, limitRemaining: 0 });
    expect(stat('ratelimit.service.rate_limit.extra.shadow.shadow_mode')).toBe(1);
    expect(stat('ratelimit.service.rate_limit.extra.shadow.over_limit')).toBe(1);
  });

  it('global SHADOW_MODE turns the overall verdict OK but keeps statuses', async () => {
    const { service, stat } = harness({ SHADOW_MODE: 'true' });
    await service.shouldRateLimit(req('extra', [d([['regular', 'u']])]));
    const second = await service.shouldRateLimit(req('extra', [d([['regular', 'u']])]));
    expect(second.overallCode).toBe(Code.OK);
    expect(second.statuses[0].code).toBe(Code.OVER_LIMIT);
    expect(stat('ratelimit.service.global_shadow_mode')).toBe(1);
  });

  describe('quota mode (spec §3.8)', () => {
    const exhaust = async (service: RateLimitService, key: string) => {
      await service.shouldRateLimit(req('extra', [d([[key, 'used']])]));
    };

    it('regular OK + quota OVER (the only quota descriptor) is OVER_LIMIT', async () => {
      const { service } = harness();
      await exhaust(service, 'quota');
      const response = await service.shouldRateLimit(
        req('extra', [d([['regular', 'fresh']]), d([['quota', 'used']])]),
      );
      expect(response.overallCode).toBe(Code.OVER_LIMIT);
    });

    it('regular OVER + quota OK is OVER_LIMIT', async () => {
      const { service } = harness();
      await exhaust(service, 'regular');
      const response = await service.shouldRateLimit(
        req('extra', [d([['regular', 'used']]), d([['quota', 'fresh']])]),
      );
      expect(response.overallCode).toBe(Code.OVER_LIMIT);
    });

    it('with global QUOTA_MODE, one of two over is OK and the status keeps OVER_LIMIT', async () => {
      const { service } = harness({ QUOTA_MODE: 'true' });
      await exhaust(service, 'regular');
      const response = await service.shouldRateLimit(
        req('extra', [d([['regular', 'used']]), d([['quota', 'fresh']])]),
      );
      expect(response.overallCode).toBe(Code.OK);
      expect(response.statuses[0].code).toBe(Code.OVER_LIMIT);
    });

    it('with global QUOTA_MODE, all over is OVER_LIMIT, and SHADOW_MODE softens it', async () => {
      const quota = harness({ QUOTA_MODE: 'true' });
      await exhaust(quota.service, 'regular');
      await exhaust(quota.service, 'quota');
      const both = [d([['regular', 'used']]), d([['quota', 'used']])];
      expect((await quota.service.shouldRateLimit(req('extra', both))).overallCode).toBe(
        Code.OVER_LIMIT,
      );

      const shadowed = harness({ QUOTA_MODE: 'true', SHADOW_MODE: 'true' });
      await exhaust(shadowed.service, 'regular');
      await exhaust(shadowed.service, 'quota');
      expect((await shadowed.service.shouldRateLimit(req('extra', both))).overallCode).toBe(
        Code.OK,
      );
      expect(shadowed.stat('ratelimit.service.global_shadow_mode')).toBe(1);
    });
  });

  describe('hits_addend (spec §1.4)', () => {
    it('uses the request addend for every descriptor', async () => {
      const { service, stat } = harness();
      const response = await service.shouldRateLimit(req('test-domain', [d([['key2', 'x']])], 5));
      expect(response.statuses[0].limitRemaining).toBe(15);
      expect(stat('ratelimit.service.rate_limit.test-domain.key2.total_hits')).toBe(5);
    });

    it('a descriptor addend of 0 checks without consuming', async () => {
      const { service } = harness();
      await service.shouldRateLimit(req('test-domain', [d([['key2', 'x']])], 20));
      const check = await service.shouldRateLimit(
        req('test-domain', [d([['key2', 'x']], { hitsAddend: 0 })]),
      );
      expect(check.statuses[0]).toMatchObject({ code: Code.OK, limitRemaining: 0 });
      await service.shouldRateLimit(req('test-domain', [d([['key2', 'x']])]));
      const after = await service.shouldRateLimit(
        req('test-domain', [d([['key2', 'x']], { hitsAddend: 0 })]),
      );
      expect(after.statuses[0].code).toBe(Code.OVER_LIMIT);
    });
  });

  describe('request overrides (spec §3.3)', () => {
    it('replace matching entirely and share the counter of the same entries', async () => {
      const { service, stat } = harness();
      const limit = { requestsPerUnit: 10, unit: Unit.DAY };
      const first = await service.shouldRateLimit(
        req('test-domain', [
          d(
            [
              ['key1', 'value1'],
              ['subkey1', 'something'],
            ],
            { limit },
          ),
        ]),
      );
      expect(first.statuses[0]).toMatchObject({
        currentLimit: { requestsPerUnit: 10, unit: Unit.DAY, name: '' },
        limitRemaining: 9,
      });
      const changed = { requestsPerUnit: 42, unit: Unit.HOUR };
      await service.shouldRateLimit(
        req('test-domain', [
          d(
            [
              ['key1', 'value1'],
              ['subkey1', 'something'],
            ],
            { limit: changed },
          ),
        ]),
      );
      expect(
        stat('ratelimit.service.rate_limit.test-domain.key1_value1.subkey1_something.total_hits'),
      ).toBe(2);
    });

    it('apply to entries no rule matches, but not in an unknown domain', async () => {
      const { service } = harness();
      const limit = { requestsPerUnit: 1, unit: Unit.MINUTE };
      const known = await service.shouldRateLimit(
        req('test-domain', [d([['nothing', 'here']], { limit })]),
      );
      expect(known.statuses[0].limitRemaining).toBe(0);
      const unknown = await service.shouldRateLimit(
        req('foo_domain', [d([['nothing', 'here']], { limit })]),
      );
      expect(unknown.statuses[0].currentLimit).toBeUndefined();
    });
  });

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

  describe('with scripted store counts (spec §10.5 Redis cache facts)', () => {
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

    it('STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT counts only the keys that go over (spec §4.3 example)', async () => {
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

  describe('response headers and dynamic metadata (spec §4.9, §1.5)', () => {
    const METADATA_RULES = `
domain: meta
descriptors:
  - key: key1
    value: value1
    descriptors:
      - {key: subkey1, metadata: {name: service_1}, rate_limit: {unit: second, requests_per_unit: 5}}
  - key: key2
    quota_mode: true
    metadata: {service_with_quota: {name: service_2}, name: other}
    rate_limit: {unit: minute, requests_per_unit: 1}
  - key: key3
    metadata: {service_with_quota: {tier: gold}, some_other_name: service_3}
    rate_limit: {unit: minute, requests_per_unit: 10}
  - {key: ten, rate_limit: {unit: minute, requests_per_unit: 10, name: key_name}}
`;

    it('the worked example: a MINUTE rule over limit at t=2222 gives 10, 0, 58, with custom names', async () => {
      const env = {
        LIMIT_RESPONSE_HEADERS_ENABLED: 'true',
        LIMIT_LIMIT_HEADER: 'A-Ratelimit-Limit',
        LIMIT_REMAINING_HEADER: 'A-Ratelimit-Remaining',
        LIMIT_RESET_HEADER: 'A-Ratelimit-Reset',
      };
      const { service } = harness(env, [METADATA_RULES]);
      const request = req('meta', [d([['ten', 'x']], { hitsAddend: 11 }), d([['unmatched', 'y']])]);
      const response = await service.shouldRateLimit(request);
      expect(response.overallCode).toBe(Code.OVER_LIMIT);
      expect(response.responseHeadersToAdd).toEqual([
        { key: 'A-Ratelimit-Limit', value: '10' },
        { key: 'A-Ratelimit-Remaining', value: '0' },
        { key: 'A-Ratelimit-Reset', value: '58' },
        { key: 'RateLimit-Policy', value: '"key_name";q=10;w=60' },
        { key: 'RateLimit', value: '"key_name";r=0;t=58' },
      ]);
    });

    it('default header names, the descriptor with the least remaining, none without a limit', async () => {
      const { service } = harness({ LIMIT_RESPONSE_HEADERS_ENABLED: 'true' }, [METADATA_RULES]);
      const response = await service.shouldRateLimit(
        req('meta', [d([['ten', 'a']]), d([['key3', 'b']], { hitsAddend: 4 })]),
      );
      expect(response.responseHeadersToAdd).toEqual([
        { key: 'RateLimit-Limit', value: '10' },
        { key: 'RateLimit-Remaining', value: '6' },
        { key: 'RateLimit-Reset', value: '58' },
        { key: 'RateLimit-Policy', value: '"key_name";q=10;w=60, "key3_0";q=10;w=60' },
        { key: 'RateLimit', value: '"key3_0";r=6;t=58' },
      ]);
      const none = await service.shouldRateLimit(req('meta', [d([['unmatched', 'x']])]));
      expect(none.responseHeadersToAdd).toEqual([]);
      const off = await harness({}, [METADATA_RULES]).service.shouldRateLimit(
        req('meta', [d([['ten', 'a']])]),
      );
      expect(off.responseHeadersToAdd).toEqual([]);
    });

    it('describes the request: domain, entries, overrides, addends', async () => {
      const { service } = harness({ RESPONSE_DYNAMIC_METADATA: 'true' }, [METADATA_RULES]);
      const response = await service.shouldRateLimit(
        req(
          'meta',
          [
            d([['test_key', 'test_val']]),
            d([['k', 'v']], { limit: { requestsPerUnit: 3, unit: Unit.MINUTE }, hitsAddend: 0 }),
          ],
          5,
        ),
      );
      expect(response.dynamicMetadata).toEqual({
        domain: 'meta',
        descriptors: [
          { entries: ['test_key=test_val'] },
          { entries: ['k=v'], limit: 'requests_per_unit:3 unit:MINUTE', hitsAddend: 0 },
        ],
        hitsAddend: 5,
      });
      const off = await harness({}, [METADATA_RULES]).service.shouldRateLimit(
        req('meta', [d([['ten', 'a']])]),
      );
      expect(off.dynamicMetadata).toBeUndefined();
    });

    it('merges the metadata of passed descriptors, first value wins, nested objects merge', async () => {
      const { service } = harness({ RESPONSE_DYNAMIC_METADATA: 'true' }, [METADATA_RULES]);
      const response = await service.shouldRateLimit(
        req('meta', [
          d([
            ['key1', 'value1'],
            ['subkey1', 'x'],
          ]),
          d([['key2', 'y']]),
          d([['key3', 'z']]),
        ]),
      );
      expect(response.dynamicMetadata!.metadata).toEqual({
        name: 'service_1',
        service_with_quota: { name: 'service_2', tier: 'gold' },
        some_other_name: 'service_3',
      });
    });

    it('with QUOTA_MODE, an over-limit quota descriptor contributes no metadata and the verdict stays OK', async () => {
      const { service } = harness({ RESPONSE_DYNAMIC_METADATA: 'true', QUOTA_MODE: 'true' }, [
        METADATA_RULES,
      ]);
      await service.shouldRateLimit(req('meta', [d([['key2', 'used']])]));
      const response = await service.shouldRateLimit(
        req('meta', [
          d([
            ['key1', 'value1'],
            ['subkey1', 'x'],
          ]),
          d([['key2', 'used']]),
        ]),
      );
      expect(response.overallCode).toBe(Code.OK);
      expect(response.statuses[1].code).toBe(Code.OVER_LIMIT);
      expect(response.dynamicMetadata!.metadata).toEqual({ name: 'service_1' });
    });
  });
});
