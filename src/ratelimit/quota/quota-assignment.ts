import { Code, type DescriptorStatus } from '../limiter/rate-limit.model';
import { Algorithm } from '../rules/algorithm';
import { Unit } from '../rules/rate-limit-unit';
import type { AppliedRule, RateLimitRule } from '../rules/tree';
import type { AssignmentAction, Strategy } from './usage-reports.codec';

/** Units `RequestsPerTimeUnit` can name (envoy.type.v3.RateLimitUnit); others go as a token bucket. */
const STRATEGY_UNITS: ReadonlySet<Unit> = new Set([
  Unit.SECOND,
  Unit.MINUTE,
  Unit.HOUR,
  Unit.DAY,
  Unit.MONTH,
  Unit.YEAR,
]);

/** How assignments are made (settings.rlqs). */
export interface AssignmentPolicy {
  readonly ttlSeconds: number;
  /** Assign `requests_per_time_unit` where a unit fits; else always a token bucket. */
  readonly requestsPerTimeUnit: boolean;
  readonly noRule: 'ALLOW_ALL' | 'DENY_ALL';
}

/**
 * The assignment for one bucket after its usage was counted (docs/rlqs.md): no rule gets the
 * configured blanket rule; an unlimited rule or shadow mode allow all; a rule whose budget is
 * spent (the shared counter, which ShouldRateLimit callers count into too) denies all until the
 * window resets; otherwise the bucket gets its `fraction` (0 to 1] of the limit (QuotaShares: its
 * demand over the demand of every Envoy reporting the counter): a token bucket holding that share of
 * what remains of the window and refilled with that share of the limit each window (Envoy's filter
 * enforces token buckets only), or with `requestsPerTimeUnit` its share of the limit per unit where
 * the window is one unit. A share is at least one request.
 */
export function quotaAction(
  bucket: Readonly<Record<string, string>>,
  applied: AppliedRule | undefined,
  status: DescriptorStatus | undefined,
  fraction: number,
  policy: AssignmentPolicy,
): AssignmentAction {
  const assign = (strategy: Strategy, ttl = policy.ttlSeconds): AssignmentAction => ({
    bucket,
    assignment: { ttlSeconds: ttl, strategy },
  });
  const rule = applied?.rule;
  if (rule === undefined) return assign({ blanketRule: policy.noRule });
  if (rule.unlimited || rule.shadowMode) return assign({ blanketRule: 'ALLOW_ALL' });
  if (status?.code === Code.OVER_LIMIT) {
    return assign(
      { blanketRule: 'DENY_ALL' },
      Math.max(1, Math.min(policy.ttlSeconds, status.durationUntilReset ?? policy.ttlSeconds)),
    );
  }
  const limit = tightest(rule);
  const remaining = status?.limitRemaining ?? limit.burst;
  return assign(shareOf(limit, remaining, fraction, policy.requestsPerTimeUnit));
}

/** The limit allowing the fewest requests per second of a `rate_limits` rule (the rule alone else). */
function tightest(rule: RateLimitRule): RateLimitRule {
  const limits = rule.limits ?? [rule];
  return limits.reduce((a, b) =>
    b.requestsPerUnit / b.windowSeconds < a.requestsPerUnit / a.windowSeconds ? b : a,
  );
}

function shareOf(
  limit: RateLimitRule,
  remaining: number,
  fraction: number,
  requestsPerTimeUnit: boolean,
): Strategy {
  // The epsilon keeps 3 × (1/3) at 1.
  const share = (n: number) => Math.max(1, Math.floor(n * fraction + 1e-9));
  if (
    requestsPerTimeUnit &&
    limit.algorithm !== Algorithm.TOKEN_BUCKET &&
    limit.unitMultiplier === 1 &&
    STRATEGY_UNITS.has(limit.unit)
  ) {
    return { requestsPerTimeUnit: { requests: share(limit.requestsPerUnit), unit: limit.unit } };
  }
  return {
    tokenBucket: {
      maxTokens: share(Math.min(limit.burst, remaining)),
      tokensPerFill: share(limit.requestsPerUnit),
      fillIntervalSeconds: Math.max(1, limit.windowSeconds),
    },
  };
}
