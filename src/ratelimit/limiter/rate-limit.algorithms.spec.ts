import { ManualClock } from '../../infra/clock/clock';
import { MemoryCounterStore } from '../../infra/counters/memory-counter-store';
import { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { loadSettings } from '../../settings/settings.loader';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { compileRules } from '../rules/compiler';
import { parseRuleFile } from '../rules/rule-file.parser';
import { RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { Code, RateLimitRequest } from './rate-limit.model';
import { RateLimitService } from './rate-limit.service';

const RULES = `
domain: algo
descriptors:
  - key: five_minutes
    rate_limit: {unit: minute, unit_multiplier: 5, requests_per_unit: 3}
  - key: sliding
    rate_limit: {unit: minute, requests_per_unit: 10, algorithm: sliding_window}
  - key: bucket
    rate_limit: {unit: second, requests_per_unit: 1, algorithm: token_bucket, burst: 3}
  - key: user
    rate_limits:
      - {unit: second, requests_per_unit: 3, name: user_burst}
      - {unit: minute, requests_per_unit: 5, name: user_minute}
  - key: replacing
    rate_limit: {unit: minute, requests_per_unit: 100, replaces: [{name: user_minute}]}
`;

/** A service on the memory store with a fixed clock at the start of a 5-minute window. */
function harness(env: Record<string, string> = {}) {
  const registry = new StatsRegistry();
  const ruleStats = new RuleStatsFactory(registry);
  const holder = new RuleConfigHolder();
  holder.replace(
    compileRules([{ name: 'algo.yaml', document: parseRuleFile('algo.yaml', RULES) }], {
      mergeDomainConfig: false,
      statsFor: (key, ruleKey) => ruleStats.forKey(key, ruleKey),
    }),
  );
  const clock = new ManualClock(1_800_000_000_000); // a multiple of 300 s
  const store = new MemoryCounterStore(clock, 100_000, new Counter('evicted'));
  const service = new RateLimitService(
    loadSettings(env),
    holder,
    store,
    clock,
    ruleStats,
    new ServiceStats(registry),
    registry,
  );
  const call = (key: string, value = 'v', hitsAddend?: number) =>
    service.shouldRateLimit({
      domain: 'algo',
      descriptors: [{ entries: [{ key, value }], limit: undefined, hitsAddend }],
      hitsAddend: 0,
    } satisfies RateLimitRequest);
  const stat = (name: string) => registry.counter(`ratelimit.service.rate_limit.${name}`).value;
  return { clock, call, stat, service };
}

describe('unit_multiplier', () => {
  it('counts in windows of unit × multiplier aligned to the epoch', async () => {
    const { clock, call } = harness();
    clock.advance(200_000); // 200 s into the 300 s window
    for (let i = 0; i < 3; i++) expect((await call('five_minutes')).overallCode).toBe(Code.OK);
    const over = await call('five_minutes');
    expect(over.overallCode).toBe(Code.OVER_LIMIT);
    expect(over.statuses[0].durationUntilReset).toBe(100);
    clock.advance(100_000); // the next 5-minute window
    expect((await call('five_minutes')).statuses[0].limitRemaining).toBe(2);
  });
});

describe('sliding window', () => {
  it('carries the previous window into the estimate, fading as the window advances', async () => {
    const { clock, call } = harness();
    for (let i = 0; i < 10; i++) await call('sliding');
    expect((await call('sliding')).overallCode).toBe(Code.OVER_LIMIT); // 11 counted
    clock.advance(60_000 + 30_000); // half into the next window: 11 × 0.5 → 6 estimated
    const half = await call('sliding');
    expect(half.overallCode).toBe(Code.OK);
    expect(half.statuses[0].limitRemaining).toBe(3); // ceil(5.5) + 1 = 7
    clock.advance(27_000); // 95 % in: ceil(0.55) + 1 + 1 = 3
    expect((await call('sliding')).statuses[0].limitRemaining).toBe(7);
  });

  it('says how long until one more request fits', async () => {
    const { clock, call } = harness();
    clock.advance(30_000);
    for (let i = 0; i < 10; i++) await call('sliding');
    const over = await call('sliding');
    // 11 now, 30 s in: the window must end (30 s) and 11 fade to 9 (1 − 9/11 of 60 s ≈ 11 s).
    expect(over.statuses[0].durationUntilReset).toBe(41);
  });
});

describe('token bucket', () => {
  it('gives its burst, refuses without taking, refills continuously', async () => {
    const { clock, call } = harness();
    for (const remaining of [2, 1, 0]) {
      const response = await call('bucket');
      expect(response.statuses[0]).toMatchObject({ code: Code.OK, limitRemaining: remaining });
    }
    const refused = await call('bucket');
    expect(refused.statuses[0]).toMatchObject({ code: Code.OVER_LIMIT, limitRemaining: 0 });
    expect(refused.statuses[0].durationUntilReset).toBe(3); // 3 tokens at 1/s
    clock.advance(1_500);
    const refilled = await call('bucket');
    expect(refilled.statuses[0]).toMatchObject({ code: Code.OK, limitRemaining: 0 }); // 1.5 − 1
    clock.advance(10_000);
    expect((await call('bucket', 'v', 0)).statuses[0].limitRemaining).toBe(3);
    expect((await call('bucket', 'v', 2)).statuses[0].limitRemaining).toBe(1);
    expect((await call('bucket', 'v', 2)).statuses[0].code).toBe(Code.OVER_LIMIT);
  });

  it('keeps a refused key in the local cache only until enough tokens are back', async () => {
    const { clock, call, stat } = harness({ LOCAL_CACHE_SIZE_IN_BYTES: '100000' });
    for (let i = 0; i < 4; i++) await call('bucket');
    await call('bucket');
    expect(stat('algo.bucket.over_limit_with_local_cache')).toBe(1);
    clock.advance(1_000); // one token back
    expect((await call('bucket')).statuses[0].code).toBe(Code.OK);
  });
});

describe('rate_limits', () => {
  it('counts every limit; the least remaining decides, then the first over in file order', async () => {
    const { call, stat } = harness();
    const first = await call('user');
    expect(first.statuses[0]).toMatchObject({
      code: Code.OK,
      limitRemaining: 2,
      currentLimit: expect.objectContaining({ name: 'user_burst' }),
    });
    await call('user');
    await call('user');
    const over = await call('user');
    expect(over.statuses[0]).toMatchObject({
      code: Code.OVER_LIMIT,
      currentLimit: expect.objectContaining({ name: 'user_burst' }),
    });
    expect(stat('algo.user.user_burst.over_limit')).toBe(1);
    expect(stat('algo.user.user_minute.total_hits')).toBe(4);
    expect(stat('algo.user.total_hits')).toBe(4);
    expect(stat('algo.user.over_limit')).toBe(1);
  });

  it('the later limit decides when only it is over', async () => {
    const { clock, call } = harness();
    for (let i = 0; i < 5; i++) {
      clock.advance(1_000); // a fresh second each time: the burst limit never fills
      await call('user');
    }
    clock.advance(1_000);
    const over = await call('user');
    expect(over.statuses[0]).toMatchObject({
      code: Code.OVER_LIMIT,
      currentLimit: expect.objectContaining({ name: 'user_minute' }),
    });
  });

  it('names every limit in RateLimit-Policy and the deciding one in RateLimit', async () => {
    const { call } = harness({ LIMIT_RESPONSE_HEADERS_ENABLED: 'true' });
    const response = await call('user');
    expect(response.responseHeadersToAdd).toEqual([
      { key: 'RateLimit-Limit', value: '3' },
      { key: 'RateLimit-Remaining', value: '2' },
      { key: 'RateLimit-Reset', value: '1' },
      { key: 'RateLimit-Policy', value: '"user_burst";q=3;w=1, "user_minute";q=5;w=60' },
      { key: 'RateLimit', value: '"user_burst";r=2;t=1' },
    ]);
  });

  it('replaces removes a rule when any of its limits is named', async () => {
    const { service } = harness();
    const response = await service.shouldRateLimit({
      domain: 'algo',
      descriptors: [
        { entries: [{ key: 'user', value: 'u' }], limit: undefined, hitsAddend: undefined },
        { entries: [{ key: 'replacing', value: 'r' }], limit: undefined, hitsAddend: undefined },
      ],
      hitsAddend: 0,
    });
    expect(response.statuses[0].currentLimit).toBeUndefined();
    expect(response.statuses[1].limitRemaining).toBe(99);
  });
});
