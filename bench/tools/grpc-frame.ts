import * as protoLoader from '@grpc/proto-loader';
import { join } from 'node:path';

/**
 * A ShouldRateLimit request as h2load sends it: the protobuf bytes behind gRPC's 5-byte frame
 * prefix (no compression flag, big-endian length).
 */
export function grpcFramedRequest(protoRoot: string, request: unknown): Buffer {
  const definition = protoLoader.loadSync('envoy/service/ratelimit/v3/rls.proto', {
    includeDirs: [protoRoot],
    keepCase: false,
    longs: Number,
    enums: Number,
    defaults: true,
  });
  const method = definition['envoy.service.ratelimit.v3.RateLimitService'] as Record<
    string,
    { requestSerialize: (value: unknown) => Buffer }
  >;
  const message = method.ShouldRateLimit.requestSerialize(request);
  const frame = Buffer.alloc(5 + message.length);
  frame.writeUInt32BE(message.length, 1);
  message.copy(frame, 5);
  return frame;
}

export const RATE_LIMIT_PATH = '/envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit';
export const protoRootOf = (projectRoot: string) => join(projectRoot, 'proto');
