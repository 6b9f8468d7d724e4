import type { UntypedHandleCall } from '@grpc/grpc-js';
import { GrpcOptions, ServerGrpc } from '@nestjs/microservices';

/**
 * Nest's gRPC transport, unchanged (it creates, starts, secures and drains the grpc-js server),
 * except that `ShouldRateLimit` is served by a handler given here instead of through Nest's
 * controller layer: no Observable, execution context or promise per decision (docs/benchmarks.md).
 */
export class RateLimitGrpcServer extends ServerGrpc {
  constructor(
    options: GrpcOptions['options'],
    private readonly shouldRateLimit: UntypedHandleCall,
  ) {
    super(options);
  }

  override async createService(grpcService: unknown, name: string): Promise<object> {
    const service = (await super.createService(grpcService, name)) as Record<string, unknown>;
    if (name.endsWith('.RateLimitService') || name === 'RateLimitService') {
      for (const method of Object.keys(service))
        if (method.toLowerCase() === 'shouldratelimit') service[method] = this.shouldRateLimit;
    }
    return service;
  }
}
