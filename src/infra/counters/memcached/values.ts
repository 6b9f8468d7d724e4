/**
 * memcached reads a relative expiration above 30 days as an absolute Unix time; a 30-day
 * ("month") or 365-day window plus jitter would then lie in 1970 and expire at once.
 */
export const MEMCACHED_MAX_RELATIVE_EXPIRY_SECONDS = 30 * 24 * 3600;

const DIGITS = /^\d+$/;

/**
 * A stored counter. memcached keeps incr results as decimal text (padded with spaces when a
 * decrement shortens it in place). Anything else counts as 0, as upstream does (fail open).
 * Counts beyond 2^53 saturate rather than wrap: such a counter is over any limit.
 */
export function parseCount(value: Buffer): number {
  const text = value.toString('latin1').trimEnd();
  if (!DIGITS.test(text)) return 0;
  const count = Number(text);
  return count > Number.MAX_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : count;
}

/** The expiration to send for a TTL: relative up to 30 days, absolute beyond. */
export function memcachedExpiry(ttlSeconds: number, nowSeconds: number): number {
  return ttlSeconds > MEMCACHED_MAX_RELATIVE_EXPIRY_SECONDS ? nowSeconds + ttlSeconds : ttlSeconds;
}

/** EXPIRATION_JITTER_MAX_SECONDS: a uniform integer in [0, max), 0 when max is 0. */
export function jitterSeconds(maxSeconds: number, random: () => number = Math.random): number {
  return maxSeconds > 0 ? Math.floor(random() * maxSeconds) : 0;
}
