import { RateLimitRule } from '../rules/tree';
import { Code, DescriptorStatus, HeaderValue } from './rate-limit.model';

export interface RateLimitHeaderNames {
  readonly limit: string;
  readonly remaining: string;
  readonly reset: string;
}

const UINT32_MAX = 4294967295;

/**
 * LIMIT_RESPONSE_HEADERS_ENABLED (docs/ratelimit.md#endpoints): limit, remaining and reset of one
 * descriptor — the one with the least remaining, except that a non-quota OVER_LIMIT one always wins
 * (the last such one). Descriptors without a limit (none matched, unlimited) are never chosen.
 */
export function rateLimitHeaders(
  statuses: readonly DescriptorStatus[],
  isQuota: (index: number) => boolean,
  names: RateLimitHeaderNames,
  /** Every limit of the request's descriptors: adds the IETF draft's two fields when given. */
  policies?: readonly RateLimitRule[],
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
  const reset = chosen.durationUntilReset ?? 0;
  const headers = [
    { key: names.limit, value: String(chosen.currentLimit!.requestsPerUnit) },
    { key: names.remaining, value: String(chosen.limitRemaining) },
    { key: names.reset, value: String(reset) },
  ];
  if (policies === undefined || policies.length === 0) return headers;
  const label = (chosen.currentLimit as RateLimitRule).label;
  headers.push(
    { key: 'RateLimit-Policy', value: policyField(policies) },
    { key: 'RateLimit', value: `${sfString(label)};r=${chosen.limitRemaining};t=${reset}` },
  );
  return headers;
}

/**
 * draft-ietf-httpapi-ratelimit-headers (-09/-10) `RateLimit-Policy`: a Structured Fields list of
 * every limit, `"<name>";q=<quota>;w=<window seconds>`, each named once.
 */
function policyField(policies: readonly RateLimitRule[]): string {
  const items: string[] = [];
  const seen = new Set<string>();
  for (const limit of policies) {
    const item = `${sfString(limit.label)};q=${limit.requestsPerUnit};w=${limit.windowSeconds}`;
    if (seen.has(item)) continue;
    seen.add(item);
    items.push(item);
  }
  return items.join(', ');
}

/** A Structured Fields string: printable ASCII, with `"` and `\` escaped; anything else dropped. */
function sfString(text: string): string {
  return `"${text.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '\\$&')}"`;
}
