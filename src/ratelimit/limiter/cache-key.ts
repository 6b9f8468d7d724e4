import { Algorithm } from '../rules/algorithm';
import { Entry, RateLimitRule } from '../rules/tree';

/**
 * `<prefix><domain>_<key>_<value>_..._` from the request entries (docs/ratelimit.md#counting); a
 * share_threshold pattern stands in for the value where the rule shares one counter. The counter
 * keys add to it.
 */
export function cacheKeyBase(
  prefix: string,
  domain: string,
  entries: readonly Entry[],
  sharedValues: readonly (string | undefined)[] | undefined,
): string {
  let key = prefix + domain + '_';
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const value = sharedValues?.[i] ?? entry.value;
    key += entry.key + '_' + value + '_';
  }
  return key;
}

/** Upstream's key (`<base><windowStart>`): a single fixed-window limit, as upstream counts it. */
export function cacheKey(
  prefix: string,
  domain: string,
  entries: readonly Entry[],
  sharedValues: readonly (string | undefined)[] | undefined,
  windowStartSecond: number,
): string {
  return cacheKeyBase(prefix, domain, entries, sharedValues) + windowStartSecond;
}

const ALGORITHM_LETTER: Readonly<Record<Algorithm, string>> = {
  [Algorithm.FIXED_WINDOW]: 'f',
  [Algorithm.SLIDING_WINDOW]: 's',
  [Algorithm.TOKEN_BUCKET]: 't',
};

/**
 * The key of one limit of this service's extensions (docs/algorithms.md):
 * `{<base>}<index><algorithm letter><window seconds>[_<window start>]`. The braces are a Redis
 * Cluster hash tag: every counter of one descriptor lives in one slot. Keys of upstream-style
 * rules never take this form, so they keep upstream's keys.
 */
export function limitKey(
  base: string,
  limit: RateLimitRule,
  index: number,
  windowStartSecond: number | undefined,
): string {
  const key = '{' + base + '}' + index + ALGORITHM_LETTER[limit.algorithm] + limit.windowSeconds;
  return windowStartSecond === undefined ? key : key + '_' + windowStartSecond;
}

/** Whether a limit counts under upstream's key. */
export function usesUpstreamKey(limit: RateLimitRule): boolean {
  return limit.limits === undefined && limit.algorithm === Algorithm.FIXED_WINDOW;
}
