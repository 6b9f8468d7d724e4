import { RuleStats } from '../stats/rule-stats';

export interface LimitOutcome {
  readonly overLimit: boolean;
  readonly remaining: number;
}

/**
 * The near/over/within arithmetic of docs/ratelimit.md#counting for one limited descriptor. `after`
 * includes this request's hits. The near threshold uses float32 math like the upstream service.
 */
export function decideLimit(
  limit: number,
  hits: number,
  after: number,
  nearLimitRatio: number,
  shadow: boolean,
  stats: RuleStats,
): LimitOutcome {
  const before = after - hits;
  const nearThreshold = Math.floor(Math.fround(Math.fround(limit) * Math.fround(nearLimitRatio)));
  stats.totalHits.add(hits);
  if (after > limit) {
    if (before >= limit) {
      stats.overLimit.add(hits);
    } else {
      stats.overLimit.add(after - limit);
      stats.nearLimit.add(limit - Math.max(nearThreshold, before));
    }
    if (shadow) stats.shadowMode.add(before >= limit ? hits : after - limit);
    return OVER;
  }
  stats.withinLimit.add(hits);
  if (after > nearThreshold) {
    stats.nearLimit.add(before >= nearThreshold ? hits : after - nearThreshold);
  }
  return { overLimit: false, remaining: limit - after };
}

/**
 * A key the local cache knows is over: counted as over without asking the store
 * (docs/ratelimit.md#counting).
 */
export function decideFromLocalCache(
  hits: number,
  shadow: boolean,
  stats: RuleStats,
): LimitOutcome {
  recordOverLimit(hits, shadow, stats);
  stats.overLimitWithLocalCache.add(hits);
  return OVER;
}

/** Every hit over the limit (a token bucket that could not give them). */
export function recordOverLimit(hits: number, shadow: boolean, stats: RuleStats): void {
  stats.totalHits.add(hits);
  stats.overLimit.add(hits);
  if (shadow) stats.shadowMode.add(hits);
}

const OVER: LimitOutcome = Object.freeze({ overLimit: true, remaining: 0 });
