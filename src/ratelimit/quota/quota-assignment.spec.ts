import { Code, type DescriptorStatus } from '../limiter/rate-limit.model';
import { compileYaml, entries } from '../rules/rules.fixtures';
import { Unit } from '../rules/rate-limit-unit';
import { quotaAction } from './quota-assignment';

const { ruleSet } = compileYaml([
  `
domain: d
descriptors:
  - key: plain
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: shadow
    shadow_mode: true
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: several
    rate_limits:
      - { unit: second, requests_per_unit: 5 }
      - { unit: hour, requests_per_unit: 3600 }
      - { unit: minute, requests_per_unit: 120 }
  - key: weekly
    rate_limit: { unit: week, requests_per_unit: 7 }
`,
]);
const domain = ruleSet.domain('d')!;
const ok: DescriptorStatus = {
  code: Code.OK,
  currentLimit: undefined,
  limitRemaining: 3,
  durationUntilReset: 40,
};
const over: DescriptorStatus = { ...ok, code: Code.OVER_LIMIT, limitRemaining: 0 };
const bucket = { b: '1' };
const act = (key: string, status = ok, subscribers = 1) =>
  quotaAction(bucket, domain.match(entries([key, 'x'])), status, subscribers, 10);

describe('the quota assignment of a bucket', () => {
  it('shares the limit between the streams watching the bucket', () => {
    expect(act('plain')).toEqual({
      bucket,
      assignment: {
        ttlSeconds: 10,
        strategy: { requestsPerTimeUnit: { requests: 10, unit: Unit.MINUTE } },
      },
    });
    expect(act('plain', ok, 3).assignment).toMatchObject({
      strategy: { requestsPerTimeUnit: { requests: 3 } },
    });
    expect(act('plain', ok, 50).assignment).toMatchObject({
      strategy: { requestsPerTimeUnit: { requests: 1 } },
    });
  });

  it('denies all until the window resets once the shared budget is spent, at most for the TTL', () => {
    expect(act('plain', over)).toEqual({
      bucket,
      assignment: { ttlSeconds: 10, strategy: { blanketRule: 'DENY_ALL' } },
    });
    expect(act('plain', { ...over, durationUntilReset: 4 }).assignment.ttlSeconds).toBe(4);
  });

  it('allows all without a rule, and in shadow mode (which never limits)', () => {
    for (const action of [quotaAction(bucket, undefined, undefined, 1, 10), act('shadow', over)])
      expect(action).toEqual({
        bucket,
        assignment: { ttlSeconds: 10, strategy: { blanketRule: 'ALLOW_ALL' } },
      });
  });

  it('takes the tightest of several limits, and a token bucket where no unit fits', () => {
    expect(act('several').assignment).toMatchObject({
      strategy: { requestsPerTimeUnit: { requests: 3600, unit: Unit.HOUR } },
    });
    expect(act('weekly').assignment).toMatchObject({
      strategy: { tokenBucket: { maxTokens: 7, tokensPerFill: 7, fillIntervalSeconds: 604800 } },
    });
  });
});
