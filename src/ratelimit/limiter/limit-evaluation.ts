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
  const { windowSeconds, shadowMode } = limit;
  const hits = counter.hits;
  switch (limit.algorithm) {
    case Algorithm.FIXED_WINDOW: {
      const outcome = decideLimit(
        limit.requestsPerUnit,
        hits,
        results[at],
        context.nearLimitRatio,
        shadowMode,
        stats,
      );
      return {
        overLimit: outcome.overLimit,
        remaining: outcome.remaining,
        resetSeconds: secondsUntilReset(context.nowSecond, windowSeconds),
        overUntilMs: outcome.overLimit ? counter.windowEnd * 1000 : 0,
      };
    }
    case Algorithm.SLIDING_WINDOW: {
      const windowMs = windowSeconds * 1000;
      const elapsed = (context.nowMs % windowMs) / windowMs;
      const current = results[at];
      const previous = results[at + 1];
      const estimate = slidingEstimate(current, previous, elapsed);
      const limitCount = limit.requestsPerUnit;
      const outcome = decideLimit(
        limitCount,
        hits,
        estimate,
        context.nearLimitRatio,
        shadowMode,
        stats,
      );
      const wait = slidingSecondsUntilAllowed(
        limitCount,
        current,
        previous,
        elapsed,
        windowSeconds,
      );
      return {
        overLimit: outcome.overLimit,
        remaining: outcome.remaining,
        resetSeconds: wait,
        // Certainly over until then: the estimate only falls with time.
        overUntilMs: outcome.overLimit && wait > 1 ? context.nowMs + (wait - 1) * 1000 : 0,
      };
    }
    case Algorithm.TOKEN_BUCKET: {
      const { capacity, refillPerMs } = counter.bucket!;
      const taken = results[at] === 1;
      const tokens = results[at + 1] / TOKEN_SCALE;
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
  }
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
