import { Unit } from '../rules/rate-limit-unit';
import { Code } from './rate-limit.model';
import { d, harness, req } from './service-harness.fixtures';

// Matching as the service does it: `replaces` and request overrides (./rule-resolution).
describe('RateLimitService.shouldRateLimit', () => {
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

  describe('request overrides (docs/ratelimit.md#rules)', () => {
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
});
