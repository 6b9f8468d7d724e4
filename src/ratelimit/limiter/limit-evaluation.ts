import { CounterIncrement, TOKEN_SCALE } from '../../infra/counters/counter-store.port';
import { Algorithm } from '../rules/algorithm';
import { RateLimitRule } from '../rules/tree';
import { RuleStats } from '../stats/rule-stats';
import {
  slidingEstimate,
  slidingSecondsUntilAllowed,
  tokenMsUntilAvailable,
  tokenSecondsUntilFull,
} from './algorithms';
import { secondsUntilReset } from './fixed-window';
import { decideLimit, recordOverLimit } from './limit-decision';

/** One limit's verdict for one descriptor. */
export interface LimitEvaluation {
  readonly overLimit: boolean;
  readonly remaining: number;
  /** Whole seconds, as durationUntilReset. */
  readonly resetSeconds: number;
  /** Until when the local over-limit cache may answer for the key; 0: not over. */
  readonly overUntilMs: number;
}

/** The decision's inputs a limit needs besides its own counter results. */
export interface EvaluationContext {
  readonly nowMs: number;
  readonly nowSecond: number;
  readonly nearLimitRatio: number;
}

/**
 * A limit's verdict from the store's results at `at` (laid out as `resultSlots`), recording the
 * per-rule statistics into `stats`.
 */
export function evaluateLimit(
  limit: RateLimitRule,
  counter: CounterIncrement,
  results: readonly number[],
  at: number,
  context: EvaluationContext,
  stats: RuleStats,
): LimitEvaluation {
  switch (limit.algorithm) {
    case Algorithm.FIXED_WINDOW:
      return fixedWindow(limit, counter, results[at], context, stats);
    case Algorithm.SLIDING_WINDOW:
      return slidingWindow(limit, counter, results[at], results[at + 1], context, stats);
    case Algorithm.TOKEN_BUCKET:
      return tokenBucket(limit, counter, results[at] === 1, results[at + 1], context, stats);
  }
}

/** A fixed window: the count of this window against the limit. */
function fixedWindow(
  limit: RateLimitRule,
  counter: CounterIncrement,
  count: number,
  context: EvaluationContext,
  stats: RuleStats,
): LimitEvaluation {
  const outcome = decideLimit(
    limit.requestsPerUnit,
    counter.hits,
    count,
    context.nearLimitRatio,
    limit.shadowMode,
    stats,
  );
  return {
    overLimit: outcome.overLimit,
    remaining: outcome.remaining,
    resetSeconds: secondsUntilReset(context.nowSecond, limit.windowSeconds),
    overUntilMs: outcome.overLimit ? counter.windowEnd * 1000 : 0,
  };
}

/** A sliding window: this window's count and the previous one's, weighted by the time elapsed. */
function slidingWindow(
  limit: RateLimitRule,
  counter: CounterIncrement,
  current: number,
  previous: number,
  context: EvaluationContext,
  stats: RuleStats,
): LimitEvaluation {
  const { windowSeconds } = limit;
  const windowMs = windowSeconds * 1000;
  const elapsed = (context.nowMs % windowMs) / windowMs;
  const estimate = slidingEstimate(current, previous, elapsed);
  const limitCount = limit.requestsPerUnit;
  const outcome = decideLimit(
    limitCount,
    counter.hits,
    estimate,
    context.nearLimitRatio,
    limit.shadowMode,
    stats,
  );
  const wait = slidingSecondsUntilAllowed(limitCount, current, previous, elapsed, windowSeconds);
  return {
    overLimit: outcome.overLimit,
    remaining: outcome.remaining,
    resetSeconds: wait,
    // Certainly over until then: the estimate only falls with time.
    overUntilMs: outcome.overLimit && wait > 1 ? context.nowMs + (wait - 1) * 1000 : 0,
  };
}

/** A token bucket: whether the store took the hits, and the tokens left (scaled). */
function tokenBucket(
  limit: RateLimitRule,
  counter: CounterIncrement,
  taken: boolean,
  scaledTokens: number,
  context: EvaluationContext,
  stats: RuleStats,
): LimitEvaluation {
  const { windowSeconds, shadowMode } = limit;
  const hits = counter.hits;
  const { capacity, refillPerMs } = counter.bucket!;
  const tokens = scaledTokens / TOKEN_SCALE;
  const untilFull = tokenSecondsUntilFull(capacity, tokens, refillPerMs);
  // A bucket that never refills (requests_per_unit 0) reports its window instead.
  const full = Number.isFinite(untilFull) ? untilFull : windowSeconds;
  if (taken) {
    const used = capacity - Math.floor(tokens);
    decideLimit(capacity, hits, used, context.nearLimitRatio, shadowMode, stats);
    return {
      overLimit: false,
      remaining: Math.floor(tokens),
      resetSeconds: full,
      overUntilMs: 0,
    };
  }
  recordOverLimit(hits, shadowMode, stats);
  const wait = tokenMsUntilAvailable(hits, tokens, refillPerMs);
  return {
    overLimit: true,
    remaining: Math.floor(tokens),
    resetSeconds: full,
    overUntilMs: Number.isFinite(wait)
      ? context.nowMs + wait
      : context.nowMs + windowSeconds * 1000,
  };
}

/**
 * `rate_limits`: the limit that decides a descriptor is the first one over its limit in file
 * order, otherwise the one with the least remaining (the first of equals).
 */
export function decidingLimit(evaluations: readonly LimitEvaluation[]): number {
  let least = 0;
  for (let i = 0; i < evaluations.length; i++) {
    if (evaluations[i].overLimit) return i;
    if (evaluations[i].remaining < evaluations[least].remaining) least = i;
  }
  return least;
}
