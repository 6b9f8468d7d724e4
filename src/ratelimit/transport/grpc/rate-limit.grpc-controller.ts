import { Controller } from '@nestjs/common';
import { GrpcMethod, RpcException } from '@nestjs/microservices';
import { Metadata } from '@grpc/grpc-js';
import { StatsRegistry } from '../../../infra/stats/registry';
import { DecisionTracer } from '../../../infra/tracing/decision-tracer';
import { grpcMetadataGetter } from '../../../infra/tracing/trace-carriers';
import { Tracing } from '../../../infra/tracing/tracing';
import { RateLimitService } from '../../limiter/rate-limit.service';
import { GrpcMethodStats } from '../../stats/grpc-method-stats';
import { tracedDecision } from '../traced-decision';
import { grpcDecisionError } from './decision-error';
import { GrpcRateLimitRequest, GrpcRateLimitResponse } from './messages';
import { fromGrpcRequest, toGrpcResponse } from './message.mapper';

/**
 * `envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit` as Nest declares it: the transport
 * needs a handler for the service when it builds the server. Once the server runs,
 * RateLimitGrpcHandler takes the method over with the same behaviour and no Nest layer.
 */
@Controller()
export class RateLimitGrpcController {
  private readonly stats: GrpcMethodStats;
  private readonly tracer: DecisionTracer | undefined;

  constructor(
    private readonly rateLimit: RateLimitService,
    registry: StatsRegistry,
    tracing: Tracing,
  ) {
    this.stats = GrpcMethodStats.shouldRateLimit(registry);
    this.tracer = tracing.decisions;
  }

  @GrpcMethod('RateLimitService', 'ShouldRateLimit')
  async shouldRateLimit(
    request: GrpcRateLimitRequest,
    metadata: Metadata,
  ): Promise<GrpcRateLimitResponse> {
    const startedAt = this.stats.started();
    try {
      const decision = fromGrpcRequest(request);
      const response =
        this.tracer === undefined
          ? await this.rateLimit.shouldRateLimit(decision)
          : await tracedDecision(
              this.tracer,
              'grpc',
              metadata,
              grpcMetadataGetter,
              this.rateLimit,
              decision,
            );
      return toGrpcResponse(response);
    } catch (error) {
      throw new RpcException(grpcDecisionError(error as Error));
    } finally {
      this.stats.finished(startedAt);
    }
  }
}
