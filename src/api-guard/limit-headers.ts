import { UNIT_SECONDS, Code, DescriptorStatus, rateLimitHeaders } from '../ratelimit';
import { ApiLimitHeaderMode } from '../settings/api-guard.settings';

export type HeaderPairs = readonly (readonly [string, string])[];

const DRAFT_NAMES = {
  limit: 'RateLimit-Limit',
  remaining: 'RateLimit-Remaining',
  reset: 'RateLimit-Reset',
};

/** The headers describing the decision; none when no descriptor had a limit. */
export function apiLimitHeaders(
  statuses: readonly DescriptorStatus[],
  mode: ApiLimitHeaderMode,
  quotaModeEverywhere: boolean,
): HeaderPairs {
  const headers: [string, string][] = [];
  if (mode === 'draft' || mode === 'both') {
    const isQuota = (i: number) => quotaModeEverywhere || isQuotaLimit(statuses[i]);
    for (const { key, value } of rateLimitHeaders(statuses, isQuota, DRAFT_NAMES)) {
      headers.push([key, value]);
    }
  }
  if (mode === 'envoy' || mode === 'both') headers.push(...envoyHeaders(statuses));
  return headers;
}

/**
 * Envoy's X-RateLimit-*: remaining and reset of the descriptor with the least remaining (the
 * first of equals), and as limit its limit followed by every limit's quota policy,
 * `10, 10;w=60, 100;w=3600;name="per-ip"`.
 */
function envoyHeaders(statuses: readonly DescriptorStatus[]): [string, string][] {
  let least: DescriptorStatus | undefined;
  let policies = '';
  for (const status of statuses) {
    const limit = status.currentLimit;
    if (limit === undefined) continue;
    if (least === undefined || status.limitRemaining < least.limitRemaining) least = status;
    const window = UNIT_SECONDS[limit.unit];
    if (window > 0) {
      policies += `, ${limit.requestsPerUnit};w=${window}`;
      if (limit.name !== '') policies += `;name="${limit.name}"`;
    }
  }
  if (least === undefined) return [];
  return [
    ['X-RateLimit-Limit', `${least.currentLimit!.requestsPerUnit}${policies}`],
    ['X-RateLimit-Remaining', String(least.limitRemaining)],
    ['X-RateLimit-Reset', String(least.durationUntilReset ?? 0)],
  ];
}

/**
 * `Retry-After` of a refused request: when the last window that refused it ends, so that a
 * client waiting that long is not refused again by the same limits.
 */
export function retryAfterSeconds(statuses: readonly DescriptorStatus[]): number {
  let seconds = 1;
  for (const status of statuses) {
    if (status.code === Code.OVER_LIMIT && status.durationUntilReset !== undefined) {
      seconds = Math.max(seconds, status.durationUntilReset);
    }
  }
  return seconds;
}

/**
 * A configured limit is the rule object itself (RateLimitService hands its RateLimitRule out as
 * `currentLimit`), which says whether it is a quota; an override or no limit is not.
 */
function isQuotaLimit(status: DescriptorStatus): boolean {
  const limit = status.currentLimit as { quotaMode?: unknown } | undefined;
  return limit?.quotaMode === true;
}
