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

/**
 * The assignment for one bucket after its usage was counted (docs/rlqs.md): no rule, an unlimited
 * rule or shadow mode allow all; a rule whose budget is spent (the shared counter, which
 * ShouldRateLimit callers count into too) denies all until the window resets; otherwise each of the
 * `subscribers` streams of this process watching the bucket gets an equal share of the tightest
 * limit, as requests per time unit, or as a token bucket for token bucket rules and windows a
 * unit cannot name (`unit_multiplier`, weeks).
 */
export function quotaAction(
  bucket: Readonly<Record<string, string>>,
  applied: AppliedRule | undefined,
  status: DescriptorStatus | undefined,
  subscribers: number,
  ttlSeconds: number,
): AssignmentAction {
  const assign = (strategy: Strategy, ttl = ttlSeconds): AssignmentAction => ({
    bucket,
    assignment: { ttlSeconds: ttl, strategy },
  });
  const rule = applied?.rule;
  if (rule === undefined || rule.unlimited || rule.shadowMode)
    return assign({ blanketRule: 'ALLOW_ALL' });
  if (status?.code === Code.OVER_LIMIT)
    return assign(
      { blanketRule: 'DENY_ALL' },
      Math.max(1, Math.min(ttlSeconds, status.durationUntilReset ?? ttlSeconds)),
    );
  return assign(shareOf(tightest(rule), Math.max(1, subscribers)));
}

/** The limit allowing the fewest requests per second of a `rate_limits` rule (the rule alone else). */
function tightest(rule: RateLimitRule): RateLimitRule {
  const limits = rule.limits ?? [rule];
  return limits.reduce((a, b) =>
    b.requestsPerUnit / b.windowSeconds < a.requestsPerUnit / a.windowSeconds ? b : a,
  );
}

function shareOf(limit: RateLimitRule, subscribers: number): Strategy {
  const share = Math.max(1, Math.floor(limit.requestsPerUnit / subscribers));
  if (
    limit.algorithm !== Algorithm.TOKEN_BUCKET &&
    limit.unitMultiplier === 1 &&
    STRATEGY_UNITS.has(limit.unit)
  )
    return { requestsPerTimeUnit: { requests: share, unit: limit.unit } };
  const capacity =
    limit.algorithm === Algorithm.TOKEN_BUCKET
      ? Math.max(1, Math.floor(limit.burst / subscribers))
      : share;
  return {
    tokenBucket: {
      maxTokens: capacity,
      tokensPerFill: share,
      fillIntervalSeconds: limit.windowSeconds,
    },
  };
}
