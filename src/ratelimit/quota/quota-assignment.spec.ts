import { Code, type DescriptorStatus } from '../limiter/rate-limit.model';
import { compileYaml, entries } from '../rules/rules.fixtures';
import { Unit } from '../rules/rate-limit-unit';
import { type AssignmentPolicy, quotaAction } from './quota-assignment';

const { ruleSet } = compileYaml([
  `
domain: d
descriptors:
  - key: plain
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: shadow
    shadow_mode: true
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: free
    rate_limit: { unlimited: true }
  - key: several
    rate_limits:
      - { unit: second, requests_per_unit: 5 }
      - { unit: hour, requests_per_unit: 3600 }
      - { unit: minute, requests_per_unit: 120 }
  - key: bucket
    rate_limit: { unit: second, requests_per_unit: 2, algorithm: token_bucket, burst: 20 }
  - key: weekly
    rate_limit: { unit: week, requests_per_unit: 7 }
`,
]);
const domain = ruleSet.domain('d')!;
const status = (limitRemaining: number): DescriptorStatus => ({
  code: Code.OK,
  currentLimit: undefined,
  limitRemaining,
  durationUntilReset: 40,
});
const over: DescriptorStatus = { ...status(0), code: Code.OVER_LIMIT };
const bucket = { b: '1' };
const envoy: AssignmentPolicy = { ttlSeconds: 10, requestsPerTimeUnit: false, noRule: 'ALLOW_ALL' };
const act = (key: string, given = status(10), fraction = 1, policy = envoy) =>
  quotaAction(bucket, domain.match(entries([key, 'x'])), given, fraction, policy);
const strategyOf = (key: string, given = status(10), fraction = 1, policy = envoy) =>
  act(key, given, fraction, policy).assignment.strategy;

describe('the quota assignment of a bucket', () => {
  it("gives a token bucket by default (Envoy's filter enforces no other): the share of what remains, refilled with the share of the limit", () => {
    expect(act('plain', status(7))).toEqual({
      bucket,
      assignment: {
        ttlSeconds: 10,
        strategy: { tokenBucket: { maxTokens: 7, tokensPerFill: 10, fillIntervalSeconds: 60 } },
      },
    });
    expect(strategyOf('plain', status(7), 1 / 3)).toEqual({
      tokenBucket: { maxTokens: 2, tokensPerFill: 3, fillIntervalSeconds: 60 },
    });
    // Shares by demand: 60 % of what remains and of the limit.
    expect(strategyOf('plain', status(7), 0.6)).toEqual({
      tokenBucket: { maxTokens: 4, tokensPerFill: 6, fillIntervalSeconds: 60 },
    });
    // A share is at least one request.
    expect(strategyOf('plain', status(1), 1 / 50)).toEqual({
      tokenBucket: { maxTokens: 1, tokensPerFill: 1, fillIntervalSeconds: 60 },
    });
  });

  it('gives requests per time unit only when asked, and where the window is one unit', () => {
    const units = { ...envoy, requestsPerTimeUnit: true };
    expect(strategyOf('plain', status(7), 1 / 2, units)).toEqual({
      requestsPerTimeUnit: { requests: 5, unit: Unit.MINUTE },
    });
    expect(strategyOf('weekly', status(7), 1, units)).toEqual({
      tokenBucket: { maxTokens: 7, tokensPerFill: 7, fillIntervalSeconds: 604800 },
    });
  });

  it('denies all until the window resets once the shared budget is spent, at most for the TTL', () => {
    expect(act('plain', over)).toEqual({
      bucket,
      assignment: { ttlSeconds: 10, strategy: { blanketRule: 'DENY_ALL' } },
    });
    expect(act('plain', { ...over, durationUntilReset: 4 }).assignment.ttlSeconds).toBe(4);
  });

  it('allows all when unlimited or in shadow mode; without a rule, as configured', () => {
    expect(strategyOf('free')).toEqual({ blanketRule: 'ALLOW_ALL' });
    expect(strategyOf('shadow', over)).toEqual({ blanketRule: 'ALLOW_ALL' });
    expect(quotaAction(bucket, undefined, undefined, 1, envoy).assignment.strategy).toEqual({
      blanketRule: 'ALLOW_ALL',
    });
    expect(
      quotaAction(bucket, undefined, undefined, 1, { ...envoy, noRule: 'DENY_ALL' }).assignment
        .strategy,
    ).toEqual({ blanketRule: 'DENY_ALL' });
  });

  it("takes the tightest of several limits, and a token bucket rule's burst", () => {
    expect(strategyOf('several', status(3600))).toEqual({
      tokenBucket: { maxTokens: 3600, tokensPerFill: 3600, fillIntervalSeconds: 3600 },
    });
    expect(strategyOf('bucket', status(15), 1 / 2)).toEqual({
      tokenBucket: { maxTokens: 7, tokensPerFill: 1, fillIntervalSeconds: 1 },
    });
  });
});
