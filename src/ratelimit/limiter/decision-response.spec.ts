import { Unit } from '../rules/rate-limit-unit';
import { Code } from './rate-limit.model';
import { RateLimitService } from './rate-limit.service';
import { d, harness, req } from './service-harness.fixtures';

// Overall codes in quota mode, response headers and dynamic metadata (./decision-response).
describe('RateLimitService.shouldRateLimit', () => {
  describe('quota mode (docs/ratelimit.md#rules)', () => {
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

  describe('response headers and dynamic metadata (docs/ratelimit.md#endpoints)', () => {
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
