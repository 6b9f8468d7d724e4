import { toStruct } from './struct-message';
import {
  RateLimitRequest,
  RateLimitResponse,
  RequestDescriptor,
} from '../../limiter/rate-limit.model';
import {
  GrpcDescriptor,
  GrpcDescriptorStatus,
  GrpcRateLimitRequest,
  GrpcRateLimitResponse,
} from './messages';

export function fromGrpcRequest(request: GrpcRateLimitRequest): RateLimitRequest {
  return {
    domain: request.domain,
    descriptors: request.descriptors.map(fromGrpcDescriptor),
    hitsAddend: request.hitsAddend,
  };
}

function fromGrpcDescriptor(descriptor: GrpcDescriptor): RequestDescriptor {
  return {
    entries: descriptor.entries,
    limit: descriptor.limit ?? undefined,
    hitsAddend: descriptor.hitsAddend === null ? undefined : descriptor.hitsAddend.value,
  };
}

export function toGrpcResponse(response: RateLimitResponse): GrpcRateLimitResponse {
  return {
    overallCode: response.overallCode,
    statuses: response.statuses.map((status) => {
      // Zero values are left out, as proto3 writers do: protobufjs would put them on the wire.
      const encoded: GrpcDescriptorStatus = { code: status.code };
      if (status.limitRemaining !== 0) encoded.limitRemaining = status.limitRemaining;
      // The rule object carries extra fields; protobuf encoding reads only the three it knows.
      if (status.currentLimit !== undefined) encoded.currentLimit = status.currentLimit;
      if (status.durationUntilReset !== undefined) {
        encoded.durationUntilReset = { seconds: status.durationUntilReset };
      }
      return encoded;
    }),
    responseHeadersToAdd:
      response.responseHeadersToAdd as GrpcRateLimitResponse['responseHeadersToAdd'],
    dynamicMetadata:
      response.dynamicMetadata === undefined ? undefined : toStruct(response.dynamicMetadata),
  };
}
