import { Unit } from '../../rules/rate-limit-unit';
import { Code, DescriptorStatus, RateLimitResponse } from '../../limiter/rate-limit.model';

/** proto3 JSON of RateLimitResponse: camelCase, enums by name, default values omitted. */
export function encodeJsonResponse(response: RateLimitResponse): Record<string, unknown> {
  const json: Record<string, unknown> = {
    overallCode: Code[response.overallCode],
    statuses: response.statuses.map(encodeStatus),
  };
  if (response.responseHeadersToAdd.length > 0) {
    json.responseHeadersToAdd = response.responseHeadersToAdd.map(({ key, value }) => ({
      key,
      value,
    }));
  }
  if (response.dynamicMetadata !== undefined) json.dynamicMetadata = response.dynamicMetadata;
  return json;
}

function encodeStatus(status: DescriptorStatus): Record<string, unknown> {
  const json: Record<string, unknown> = { code: Code[status.code] };
  const limit = status.currentLimit;
  if (limit !== undefined) {
    const currentLimit: Record<string, unknown> = {};
    if (limit.requestsPerUnit !== 0) currentLimit.requestsPerUnit = limit.requestsPerUnit;
    if (limit.unit !== Unit.UNKNOWN) currentLimit.unit = Unit[limit.unit];
    if (limit.name !== '') currentLimit.name = limit.name;
    json.currentLimit = currentLimit;
  }
  if (status.limitRemaining !== 0) json.limitRemaining = status.limitRemaining;
  if (status.durationUntilReset !== undefined) {
    json.durationUntilReset = `${status.durationUntilReset}s`;
  }
  return json;
}
