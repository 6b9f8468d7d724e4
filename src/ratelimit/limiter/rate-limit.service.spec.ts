import { CounterIncrement, CounterStore } from '../../infra/counters/counter-store.port';
import { Unit } from '../rules/rate-limit-unit';
import { Code, InvalidRateLimitRequestError, RateLimitUnavailableError } from './rate-limit.model';
import { d, harness, req } from './service-harness.fixtures';

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

  describe('hits_addend (docs/ratelimit.md#counting)', () => {
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
});
