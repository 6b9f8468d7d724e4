import { Code, DescriptorStatus, HeaderValue } from './rate-limit.model';

export interface RateLimitHeaderNames {
  readonly limit: string;
  readonly remaining: string;
  readonly reset: string;
}

const UINT32_MAX = 4294967295;

/**
 * LIMIT_RESPONSE_HEADERS_ENABLED (spec §4.9): limit, remaining and reset of one descriptor — the
 * one with the least remaining, except that a non-quota OVER_LIMIT one always wins (the last such
 * one). Descriptors without a limit (none matched, unlimited) are never chosen.
 */
export function rateLimitHeaders(
  statuses: readonly DescriptorStatus[],
  isQuota: (index: number) => boolean,
  names: RateLimitHeaderNames,
): HeaderValue[] {
  let chosen: DescriptorStatus | undefined;
  let least = UINT32_MAX;
  for (let i = 0; i < statuses.length; i++) {
    const status = statuses[i];
    if (status.currentLimit === undefined) continue;
    if (status.code === Code.OVER_LIMIT && !isQuota(i)) {
      chosen = status;
      least = status.limitRemaining;
    } else if (status.limitRemaining < least) {
      chosen = status;
      least = status.limitRemaining;
    }
  }
  if (chosen === undefined) return [];
  return [
    { key: names.limit, value: String(chosen.currentLimit!.requestsPerUnit) },
    { key: names.remaining, value: String(chosen.limitRemaining) },
    { key: names.reset, value: String(chosen.durationUntilReset ?? 0) },
  ];
}
