import { Entry } from '../../rules/tree';
import { StructMessage } from './struct-message';

/*
 * Shapes of the decoded and encoded protobuf messages as @grpc/proto-loader gives them with the
 * loader options of server.options.ts (camelCase, enums and longs as numbers, defaults on).
 */

export interface GrpcRateLimitRequest {
  domain: string;
  descriptors: GrpcDescriptor[];
  hitsAddend: number;
}

export interface GrpcDescriptor {
  entries: Entry[];
  limit: { requestsPerUnit: number; unit: number } | null;
  hitsAddend: { value: number } | null;
}

export interface GrpcDescriptorStatus {
  code: number;
  currentLimit?: { requestsPerUnit: number; unit: number; name: string };
  limitRemaining?: number;
  durationUntilReset?: { seconds: number };
}

export interface GrpcRateLimitResponse {
  overallCode: number;
  statuses: GrpcDescriptorStatus[];
  responseHeadersToAdd: { key: string; value: string }[];
  dynamicMetadata: StructMessage | undefined;
}
