import { join } from 'node:path';
import { Reader, Root, type Type } from 'protobufjs';

/**
 * The RLQS messages on the wire. Usage reports come in two shapes under one field number: every
 * Envoy release sends `repeated BucketQuotaUsage bucket_quota_usages = 2`, Envoy's newest proto
 * declares `map<uint64, BucketQuotaUsage>` there. Each element of field 2 is a message whose field
 * 1 is the bucket id (length-delimited) in the repeated form and the map key (a varint) in the map
 * form: the first element's field 1 wire type says which shape the whole message has.
 */

export interface BucketUsage {
  /** The bucket's key/value pairs (Envoy's `BucketId.bucket`). */
  readonly bucket: Readonly<Record<string, string>>;
  readonly numRequestsAllowed: number;
  readonly numRequestsDenied: number;
}

export interface UsageReports {
  readonly domain: string;
  readonly usages: readonly BucketUsage[];
  /** Which shape the client sent (for statistics and the docs' claim). */
  readonly shape: 'repeated' | 'map';
}

/** `RateLimitStrategy`, as the server assigns it. */
export type Strategy =
  | { readonly blanketRule: 'ALLOW_ALL' | 'DENY_ALL' }
  | { readonly requestsPerTimeUnit: { readonly requests: number; readonly unit: number } }
  | {
      readonly tokenBucket: {
        readonly maxTokens: number;
        readonly tokensPerFill: number;
        readonly fillIntervalSeconds: number;
      };
    };

export interface AssignmentAction {
  readonly bucket: Readonly<Record<string, string>>;
  readonly assignment: { readonly ttlSeconds: number; readonly strategy: Strategy };
}

export type BucketAction =
  AssignmentAction | { readonly bucket: Readonly<Record<string, string>>; readonly abandon: true };

const PROTO_ROOT = join(__dirname, '..', '..', '..', 'proto');
const PACKAGE = 'envoy.service.rate_limit_quota.v3';

function loadRoot(): Root {
  const root = new Root();
  root.resolvePath = (_origin, target) =>
    target.startsWith('google/protobuf/') ? target : join(PROTO_ROOT, target);
  root.loadSync(
    [
      'envoy/service/rate_limit_quota/v3/rlqs.proto',
      'envoy/service/rate_limit_quota/v3/rlqs_repeated.proto',
    ],
    { keepCase: false },
  );
  return root;
}

const root = loadRoot();
const mapReports = root.lookupType(`${PACKAGE}.RateLimitQuotaUsageReports`);
const repeatedReports = root.lookupType(`${PACKAGE}.released.RateLimitQuotaUsageReports`);
const responseType = root.lookupType(`${PACKAGE}.RateLimitQuotaResponse`);

const BLANKET = { ALLOW_ALL: 0, DENY_ALL: 1 } as const;

/** The shape of a usage report message: the wire type of its first element's field 1. */
export function reportShape(bytes: Uint8Array): 'repeated' | 'map' {
  const reader = Reader.create(bytes);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 2 && (tag & 7) === 2) {
      const length = reader.uint32();
      if (length === 0) return 'repeated';
      const element = Reader.create(bytes.subarray(reader.pos, reader.pos + length));
      const first = element.uint32();
      return first >>> 3 === 1 && (first & 7) === 0 ? 'map' : 'repeated';
    }
    reader.skipType(tag & 7);
  }
  return 'repeated';
}

interface DecodedUsage {
  bucketId?: { bucket?: Record<string, string> };
  numRequestsAllowed?: number;
  numRequestsDenied?: number;
}

export function decodeUsageReports(bytes: Uint8Array): UsageReports {
  const shape = reportShape(bytes);
  const type: Type = shape === 'map' ? mapReports : repeatedReports;
  const message = type.toObject(type.decode(bytes), { longs: Number, defaults: true }) as {
    domain: string;
    bucketQuotaUsages: DecodedUsage[] | Record<string, DecodedUsage>;
  };
  const list = Array.isArray(message.bucketQuotaUsages)
    ? message.bucketQuotaUsages
    : Object.values(message.bucketQuotaUsages);
  return {
    domain: message.domain,
    shape,
    usages: list.map((usage) => ({
      bucket: usage.bucketId?.bucket ?? {},
      numRequestsAllowed: usage.numRequestsAllowed ?? 0,
      numRequestsDenied: usage.numRequestsDenied ?? 0,
    })),
  };
}

/** Usage reports as a client sends them (tests, and grpc-js' client side of the definition). */
export function encodeUsageReports(reports: UsageReports): Buffer {
  const usages = reports.usages.map((usage) => ({
    bucketId: { bucket: usage.bucket },
    numRequestsAllowed: usage.numRequestsAllowed,
    numRequestsDenied: usage.numRequestsDenied,
    timeElapsed: { seconds: 1 },
  }));
  const type = reports.shape === 'map' ? mapReports : repeatedReports;
  const bucketQuotaUsages =
    reports.shape === 'map' ? Object.fromEntries(usages.map((u, i) => [String(i + 1), u])) : usages;
  return Buffer.from(
    type.encode(type.fromObject({ domain: reports.domain, bucketQuotaUsages })).finish(),
  );
}

export function encodeResponse(actions: readonly BucketAction[]): Buffer {
  const bucketAction = actions.map((action) =>
    'abandon' in action
      ? { bucketId: { bucket: action.bucket }, abandonAction: {} }
      : {
          bucketId: { bucket: action.bucket },
          quotaAssignmentAction: {
            assignmentTimeToLive: { seconds: action.assignment.ttlSeconds },
            rateLimitStrategy: strategyMessage(action.assignment.strategy),
          },
        },
  );
  return Buffer.from(responseType.encode(responseType.fromObject({ bucketAction })).finish());
}

function strategyMessage(strategy: Strategy): Record<string, unknown> {
  if ('blanketRule' in strategy) return { blanketRule: BLANKET[strategy.blanketRule] };
  if ('requestsPerTimeUnit' in strategy) {
    return {
      requestsPerTimeUnit: {
        requestsPerTimeUnit: strategy.requestsPerTimeUnit.requests,
        timeUnit: strategy.requestsPerTimeUnit.unit,
      },
    };
  }
  const bucket = strategy.tokenBucket;
  return {
    tokenBucket: {
      maxTokens: bucket.maxTokens,
      tokensPerFill: { value: bucket.tokensPerFill },
      fillInterval: { seconds: bucket.fillIntervalSeconds },
    },
  };
}

/** A response as Envoy reads it: plain objects with oneofs named (tests). */
export function decodeResponse(bytes: Uint8Array): Record<string, unknown> {
  return responseType.toObject(responseType.decode(bytes), {
    longs: Number,
    enums: String,
    oneofs: true,
  });
}
