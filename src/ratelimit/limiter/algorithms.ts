/*
 * The arithmetic of the sliding window and the token bucket (docs/algorithms.md), apart from any
 * store: the stores only count, these functions turn counts into decisions. Every time is the
 * service clock's, passed in.
 */

/** Float noise (0.7 * 10 = 7.000000000000001) must not round a whole count up. */
const EPSILON = 1e-9;

/**
 * The sliding window counter's estimate after this request, rounded up to a whole count: over a
 * whole-number limit exactly when the real estimate is (ceil(x) > L ⟺ x > L), and `L − estimate`
 * is the whole number of requests left.
 */
export function slidingEstimate(
  current: number,
  previous: number,
  elapsedFraction: number,
): number {
  return current + Math.max(0, Math.ceil(previous * (1 - elapsedFraction) - EPSILON));
}

/**
 * Whole seconds until the estimate admits one more request, capped at the window length: while
 * the current window's count alone admits it, the previous window's weight has to fade enough;
 * otherwise the current window has to end and then fade in turn. 0 when one more fits now.
 */
export function slidingSecondsUntilAllowed(
  limit: number,
  current: number,
  previous: number,
  elapsedFraction: number,
  windowSeconds: number,
): number {
  if (slidingEstimate(current, previous, elapsedFraction) + 1 <= limit) return 0;
  let waitFraction: number;
  if (current + 1 <= limit && previous > 0) {
    // previous × (1 − f) + current + 1 ≤ limit
    waitFraction = 1 - (limit - 1 - current) / previous - elapsedFraction;
  } else if (limit >= 1 && current > 0) {
    // In the next window: current × (1 − g) + 1 ≤ limit
    waitFraction = 1 - elapsedFraction + (1 - (limit - 1) / current);
  } else {
    waitFraction = 1;
  }
  return Math.min(windowSeconds, Math.max(1, Math.ceil(waitFraction * windowSeconds - EPSILON)));
}

/** Whole seconds until a bucket holding `tokens` is full again (0 when it is). */
export function tokenSecondsUntilFull(
  capacity: number,
  tokens: number,
  refillPerMs: number,
): number {
  if (tokens >= capacity || refillPerMs <= 0) return tokens >= capacity ? 0 : Infinity;
  return Math.ceil((capacity - tokens) / refillPerMs / 1000 - EPSILON);
}

/** Milliseconds until `hits` tokens are there again (the local over-limit cache's hold). */
export function tokenMsUntilAvailable(hits: number, tokens: number, refillPerMs: number): number {
  if (tokens >= hits) return 0;
  if (refillPerMs <= 0) return Infinity;
  return Math.ceil((hits - tokens) / refillPerMs);
}
