import fc from 'fast-check';
import { Unit } from '../../rules/rate-limit-unit';
import { Code, DescriptorStatus, RateLimitResponse } from '../../limiter/rate-limit.model';
import { encodeJsonResponse } from './json-response.encoder';

/**
 * Differential test (docs/testing.md#property-tests): the text encoder writes the same bytes as
 * JSON.stringify of the proto3 JSON object the previous encoder built (kept here as the
 * reference), for any response, names and header values with any characters included.
 */
function referenceObject(response: RateLimitResponse): Record<string, unknown> {
  const json: Record<string, unknown> = {
    overallCode: Code[response.overallCode],
    statuses: response.statuses.map(referenceStatus),
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

function referenceStatus(status: DescriptorStatus): Record<string, unknown> {
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

const anyText = fc.string({ unit: 'binary' });
const code = fc.constantFrom(Code.UNKNOWN, Code.OK, Code.OVER_LIMIT);
const count = fc.oneof(
  fc.constant(0),
  fc.nat(),
  fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  fc.maxSafeNat(),
);
const status: fc.Arbitrary<DescriptorStatus> = fc.record({
  code,
  currentLimit: fc.option(
    fc.record({
      requestsPerUnit: count,
      unit: fc.integer({ min: 0, max: 7 }),
      name: fc.oneof(fc.constant(''), anyText),
    }),
    { nil: undefined },
  ),
  limitRemaining: count,
  durationUntilReset: fc.option(fc.nat(), { nil: undefined }),
});
const response: fc.Arbitrary<RateLimitResponse> = fc.record({
  overallCode: code,
  statuses: fc.array(status, { maxLength: 4 }),
  responseHeadersToAdd: fc.array(fc.record({ key: anyText, value: anyText }), { maxLength: 3 }),
  dynamicMetadata: fc.option(fc.dictionary(anyText, fc.jsonValue()), { nil: undefined }),
});

describe('encodeJsonResponse (property)', () => {
  it('writes the bytes JSON.stringify writes for the proto3 JSON object', () => {
    fc.assert(
      fc.property(response, (value) => {
        expect(encodeJsonResponse(value)).toBe(JSON.stringify(referenceObject(value)));
      }),
      { numRuns: 500 },
    );
  });

  it('answers the usual decision as upstream does', () => {
    const text = encodeJsonResponse({
      overallCode: Code.OVER_LIMIT,
      statuses: [
        {
          code: Code.OVER_LIMIT,
          currentLimit: { requestsPerUnit: 10, unit: Unit.MINUTE, name: '' },
          limitRemaining: 0,
          durationUntilReset: 42,
        },
        {
          code: Code.OK,
          currentLimit: undefined,
          limitRemaining: 0,
          durationUntilReset: undefined,
        },
      ],
      responseHeadersToAdd: [],
      dynamicMetadata: undefined,
    });
    expect(text).toBe(
      '{"overallCode":"OVER_LIMIT","statuses":[{"code":"OVER_LIMIT","currentLimit":{"requestsPerUnit":10,"unit":"MINUTE"},"durationUntilReset":"42s"},{"code":"OK"}]}',
    );
  });
});
