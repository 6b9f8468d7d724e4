import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  InvalidRateLimitRequestError,
  RateLimitUnavailableError,
} from '../../limiter/rate-limit.model';

/** The gRPC status of a failed decision: the request's fault, or no decision possible now. */
export function grpcDecisionError(error: Error): { code: GrpcStatus; message: string } {
  if (error instanceof InvalidRateLimitRequestError) {
    return { code: GrpcStatus.INVALID_ARGUMENT, message: error.message };
  }
  if (error instanceof RateLimitUnavailableError) {
    return { code: GrpcStatus.UNAVAILABLE, message: error.message };
  }
  return { code: GrpcStatus.UNKNOWN, message: error.message };
}
