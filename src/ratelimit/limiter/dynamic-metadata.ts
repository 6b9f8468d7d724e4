import { Unit } from '../rules/rate-limit-unit';
import { RateLimitRule } from '../rules/tree';
import { Code, DescriptorStatus, RateLimitRequest } from './rate-limit.model';

type Json = Record<string, unknown>;

/**
 * RESPONSE_DYNAMIC_METADATA (docs/ratelimit.md#endpoints): the request as the service saw it, plus
 * the metadata of every rule whose descriptor passed (not over limit, not unlimited), merged in
 * request order with the first value of a key winning and nested objects merged.
 */
export function dynamicMetadata(
  request: RateLimitRequest,
  statuses: readonly DescriptorStatus[],
  rules: readonly (RateLimitRule | undefined)[],
): Json {
  const metadata: Json = {
    domain: request.domain,
    descriptors: request.descriptors.map((descriptor) => {
      const described: Json = {
        entries: descriptor.entries.map(({ key, value }) => `${key}=${value}`),
      };
      if (descriptor.limit !== undefined) {
        described.limit = `requests_per_unit:${descriptor.limit.requestsPerUnit} unit:${Unit[descriptor.limit.unit]}`;
      }
      if (descriptor.hitsAddend !== undefined) described.hitsAddend = descriptor.hitsAddend;
      return described;
    }),
  };
  if (request.hitsAddend !== 0) metadata.hitsAddend = request.hitsAddend;
  let merged: Json | undefined;
  for (let i = 0; i < statuses.length; i++) {
    const ruleMetadata = rules[i]?.metadata;
    if (ruleMetadata == null || statuses[i].code === Code.OVER_LIMIT) continue;
    merged = mergeFirstWins(merged ?? {}, ruleMetadata);
  }
  if (merged !== undefined) metadata.metadata = merged;
  return metadata;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function mergeFirstWins(target: Json, source: Readonly<Json>): Json {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing === undefined) target[key] = isObject(value) ? mergeFirstWins({}, value) : value;
    else if (isObject(existing) && isObject(value)) mergeFirstWins(existing, value);
  }
  return target;
}
