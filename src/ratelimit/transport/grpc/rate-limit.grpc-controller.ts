import { Controller } from '@nestjs/common';
import { GrpcMethod, RpcException } from '@nestjs/microservices';
import { status as GrpcStatus } from '@grpc/grpc-js';
import {
  InvalidRateLimitRequestError,
  RateLimitUnavailableError,
} from '../../limiter/rate-limit.model';
import { RateLimitService } from '../../limiter/rate-limit.service';
import { GrpcRateLimitRequest, GrpcRateLimitResponse } from './grpc-messages';
import { fromGrpcRequest, toGrpcResponse } from './grpc-message.mapper';

/** `envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit`. */
@Controller()
export class RateLimitGrpcController {
  constructor(private readonly rateLimit: RateLimitService) {}

  @GrpcMethod('RateLimitService', 'ShouldRateLimit')
  async shouldRateLimit(request: GrpcRateLimitRequest): Promise<GrpcRateLimitResponse> {
    try {
      return toGrpcResponse(await this.rateLimit.shouldRateLimit(fromGrpcRequest(request)));
    } catch (error) {
      if (error instanceof InvalidRateLimitRequestError) {
        throw new RpcException({ code: GrpcStatus.INVALID_ARGUMENT, message: error.message });
      }
      if (error instanceof RateLimitUnavailableError) {
        throw new RpcException({ code: GrpcStatus.UNAVAILABLE, message: error.message });
      }
      throw error;
    }
  }
}
