import { Controller } from '@nestjs/common';
import { GrpcMethod, RpcException } from '@nestjs/microservices';

/**
 * `envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit` as Nest declares it: Nest's gRPC
 * transport builds a service only for methods it has a handler for. It is never called:
 * RateLimitGrpcServer replaces the method with RateLimitGrpcHandler when it builds the service
 * (no Observable, execution context or promise per decision; docs/benchmarks.md).
 */
@Controller()
export class RateLimitGrpcController {
  @GrpcMethod('RateLimitService', 'ShouldRateLimit')
  shouldRateLimit(): never {
    throw new RpcException('ShouldRateLimit is served by RateLimitGrpcHandler');
  }
}
