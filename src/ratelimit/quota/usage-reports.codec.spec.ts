import {
  type BucketUsage,
  decodeResponse,
  decodeUsageReports,
  encodeResponse,
  encodeUsageReports,
  reportShape,
} from './usage-reports.codec';

const usages: BucketUsage[] = [
  { bucket: { name: 'api', tenant: 'acme' }, numRequestsAllowed: 7, numRequestsDenied: 2 },
  { bucket: { name: 'web' }, numRequestsAllowed: 0, numRequestsDenied: 0 },
];

describe('RLQS usage reports on the wire', () => {
  it.each(['repeated', 'map'] as const)('decodes the %s form of bucket_quota_usages', (shape) => {
    const bytes = encodeUsageReports({ domain: 'envoy', usages, shape });
    expect(reportShape(bytes)).toBe(shape);
    expect(decodeUsageReports(bytes)).toEqual({ domain: 'envoy', shape, usages });
  });

  it('tells the forms apart by the wire type of the first element’s field 1', () => {
    // Field 2, length 2, holding field 1 as a varint (a map key): the map form.
    expect(reportShape(Uint8Array.from([0x12, 0x02, 0x08, 0x05]))).toBe('map');
    // Field 2 holding field 1 as a length-delimited BucketId: the released, repeated form.
    expect(reportShape(Uint8Array.from([0x12, 0x02, 0x0a, 0x00]))).toBe('repeated');
    // A domain only (the first report may carry no usage): either decodes the same.
    const domainOnly = Uint8Array.from([0x0a, 0x01, 0x65]);
    expect(decodeUsageReports(domainOnly)).toEqual({ domain: 'e', shape: 'repeated', usages: [] });
  });

  it('encodes assignments and abandons as Envoy reads them', () => {
    const bytes = encodeResponse([
      {
        bucket: { name: 'api' },
        assignment: { ttlSeconds: 10, strategy: { blanketRule: 'ALLOW_ALL' } },
      },
      {
        bucket: { name: 'a' },
        assignment: { ttlSeconds: 3, strategy: { blanketRule: 'DENY_ALL' } },
      },
      {
        bucket: { name: 'b' },
        assignment: { ttlSeconds: 10, strategy: { requestsPerTimeUnit: { requests: 5, unit: 2 } } },
      },
      {
        bucket: { name: 'c' },
        assignment: {
          ttlSeconds: 10,
          strategy: { tokenBucket: { maxTokens: 9, tokensPerFill: 3, fillIntervalSeconds: 300 } },
        },
      },
      { bucket: { name: 'd' }, abandon: true },
    ]);
    expect(decodeResponse(bytes)).toEqual({
      bucketAction: [
        {
          bucketId: { bucket: { name: 'api' } },
          bucketAction: 'quotaAssignmentAction',
          quotaAssignmentAction: {
            assignmentTimeToLive: { seconds: 10 },
            // ALLOW_ALL is enum 0: still sent, so the oneof names it.
            rateLimitStrategy: { blanketRule: 'ALLOW_ALL', strategy: 'blanketRule' },
          },
        },
        {
          bucketId: { bucket: { name: 'a' } },
          bucketAction: 'quotaAssignmentAction',
          quotaAssignmentAction: {
            assignmentTimeToLive: { seconds: 3 },
            rateLimitStrategy: { blanketRule: 'DENY_ALL', strategy: 'blanketRule' },
          },
        },
        {
          bucketId: { bucket: { name: 'b' } },
          bucketAction: 'quotaAssignmentAction',
          quotaAssignmentAction: {
            assignmentTimeToLive: { seconds: 10 },
            rateLimitStrategy: {
              requestsPerTimeUnit: { requestsPerTimeUnit: 5, timeUnit: 'MINUTE' },
              strategy: 'requestsPerTimeUnit',
            },
          },
        },
        {
          bucketId: { bucket: { name: 'c' } },
          bucketAction: 'quotaAssignmentAction',
          quotaAssignmentAction: {
            assignmentTimeToLive: { seconds: 10 },
            rateLimitStrategy: {
              tokenBucket: {
                maxTokens: 9,
                tokensPerFill: { value: 3 },
                fillInterval: { seconds: 300 },
              },
              strategy: 'tokenBucket',
            },
          },
        },
        { bucketId: { bucket: { name: 'd' } }, bucketAction: 'abandonAction', abandonAction: {} },
      ],
    });
  });
});
