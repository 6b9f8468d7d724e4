import {
  CounterIncrement,
  CounterStore,
  resultSlots,
} from '../../infra/counters/counter-store.port';
import { Counter } from '../../infra/stats/counter';
import { Algorithm } from '../rules/algorithm';
import { AppliedRule, RateLimitRule } from '../rules/tree';
import { RuleStats } from '../stats/rule-stats';
import { limitKey, usesUpstreamKey } from './cache-key';
import { windowStart } from './fixed-window';
import { EvaluationContext, evaluateLimit } from './limit-evaluation';
import { Resolution } from './rule-resolution';

/**
 * A decision between matching and counting: every limit's counter, in descriptor and limit order.
 * `firstCounter[i]` is descriptor i's first counter, -1 when nothing is counted for it; a
 * descriptor the local over-limit cache answered has `cachedLimit[i]` ≥ 0 (the limit that is over).
 */
export interface Plan {
  readonly resolutions: readonly Resolution[];
  readonly counters: CounterIncrement[];
  readonly firstCounter: Int32Array;
  readonly cachedLimit: Int32Array | undefined;
  readonly nowMs: number;
}

export function contextOf(plan: Plan, nearLimitRatio: number): EvaluationContext {
  return {
    nowMs: plan.nowMs,
    nowSecond: Math.floor(plan.nowMs / 1000),
    nearLimitRatio,
  };
}

/** The counter of one limit at this time: its key, this request's hits, and its expiry. */
export function counterOf(
  limit: RateLimitRule,
  index: number,
  base: string,
  hits: number,
  nowMs: number,
  nowSecond: number,
): CounterIncrement {
  const window = limit.windowSeconds;
  switch (limit.algorithm) {
    case Algorithm.FIXED_WINDOW: {
      const start = windowStart(nowSecond, window);
      return {
        key: usesUpstreamKey(limit) ? base + start : limitKey(base, limit, index, start),
        hits,
        windowSeconds: window,
        windowEnd: start + window,
        previousKey: undefined,
        bucket: undefined,
        limit: limit.requestsPerUnit,
      };
    }
    case Algorithm.SLIDING_WINDOW: {
      const start = windowStart(nowSecond, window);
      return {
        key: limitKey(base, limit, index, start),
        hits,
        // Read as the previous window during the next one.
        windowSeconds: 2 * window,
        windowEnd: start + 2 * window,
        previousKey: limitKey(base, limit, index, start - window),
        bucket: undefined,
        limit: limit.requestsPerUnit,
      };
    }
    case Algorithm.TOKEN_BUCKET:
      return {
        key: limitKey(base, limit, index, undefined),
        hits,
        // An empty bucket is full again after this long: then its state is worthless.
        windowSeconds: Math.max(
          1,
          Math.ceil((window * limit.burst) / Math.max(1, limit.requestsPerUnit)),
        ),
        windowEnd: 0,
        previousKey: undefined,
        limit: undefined,
        bucket: {
          capacity: limit.burst,
          refillPerMs: limit.requestsPerUnit / (window * 1000),
          nowMs,
        },
      };
  }
}

/**
 * STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT (docs/ratelimit.md#counting): when a key of the request
 * is already over (local cache) nothing is counted; when some would go over, only those are
 * counted. Per limit; a token bucket never takes what it does not have, so it is left as it is.
 */
export async function withoutIncrementsBeyondLimits(
  store: CounterStore,
  plan: Plan,
  nearLimitRatio: number,
): Promise<CounterIncrement[]> {
  const { counters } = plan;
  if (plan.cachedLimit !== undefined) return counters.map((counter) => ({ ...counter, hits: 0 }));
  const current = await store.read(counters);
  const limits = countedLimits(plan);
  const context = contextOf(plan, nearLimitRatio);
  let at = 0;
  let anyOver = false;
  const overs = counters.map((counter, j) => {
    const limit = limits[j];
    const results = current.slice(at, at + resultSlots(counter));
    at += resultSlots(counter);
    if (limit.algorithm === Algorithm.TOKEN_BUCKET) return true;
    // What the stored counts would say after this request's hits.
    results[0] += counter.hits;
    const over = evaluateLimit(limit, counter, results, 0, context, NO_STATS).overLimit;
    anyOver ||= over;
    return over;
  });
  if (!anyOver) return counters;
  return counters.map((counter, j) => (overs[j] ? counter : { ...counter, hits: 0 }));
}

/** The limit of every planned counter, in counter order. */
function countedLimits(plan: Plan): RateLimitRule[] {
  const limits: RateLimitRule[] = [];
  plan.resolutions.forEach((applied, i) => {
    if (plan.firstCounter[i] < 0) return;
    const { rule } = applied as AppliedRule;
    limits.push(...(rule.limits ?? [rule]));
  });
  return limits;
}

/** Statistics nobody reads: stop-increment mode's look ahead (and the console) must not count. */
const scratch = new Counter('unread');
export const NO_STATS: RuleStats = {
  key: '',
  totalHits: scratch,
  overLimit: scratch,
  nearLimit: scratch,
  withinLimit: scratch,
  overLimitWithLocalCache: scratch,
  shadowMode: scratch,
};
