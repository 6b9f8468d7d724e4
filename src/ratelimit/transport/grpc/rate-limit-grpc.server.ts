import type { Server, ServiceDefinition, UntypedHandleCall } from '@grpc/grpc-js';
import { GrpcOptions, ServerGrpc } from '@nestjs/microservices';

/**
 * Nest's gRPC transport, unchanged (it creates, starts, secures and drains the grpc-js server),
 * except that `ShouldRateLimit` is served by a handler given here instead of through Nest's
 * controller layer: no Observable, execution context or promise per decision (docs/benchmarks.md);
 * and the rate limit quota service, which Nest's transport has no bidirectional handler shape for
 * without Observables, is added beside it.
 */
export class RateLimitGrpcServer extends ServerGrpc {
  constructor(
    options: GrpcOptions['options'],
    private readonly shouldRateLimit: UntypedHandleCall,
    /** Envoy's rate limit quota service (docs/rlqs.md), on the same listener. */
    private readonly quota?: {
      readonly definition: ServiceDefinition;
      readonly handle: UntypedHandleCall;
    },
  ) {
    super(options);
  }

  override async bindEvents(): Promise<void> {
    await super.bindEvents();
    // Nest types its grpc-js server loosely; it is grpc-js' Server.
    const server = this.grpcClient as Server;
    if (this.quota !== undefined) {
      server.addService(this.quota.definition, {
        StreamRateLimitQuotas: this.quota.handle,
      });
    }
  }

  override async createService(grpcService: unknown, name: string): Promise<object> {
    const service = (await super.createService(grpcService, name)) as Record<string, unknown>;
    if (name.endsWith('.RateLimitService') || name === 'RateLimitService') {
      for (const method of Object.keys(service)) {
        if (method.toLowerCase() === 'shouldratelimit') service[method] = this.shouldRateLimit;
      }
    }
    return service;
  }
}
