import { Controller } from '@nestjs/common';
import { GrpcMethod, RpcException } from '@nestjs/microservices';
import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
import { StatsRegistry } from '../../../infra/stats/stats-registry';
import { DecisionTracer } from '../../../infra/tracing/decision-tracer';
import { grpcMetadataGetter } from '../../../infra/tracing/trace-carriers';
import { Tracing } from '../../../infra/tracing/tracing';
import {
  Code,
  InvalidRateLimitRequestError,
  RateLimitRequest,
  RateLimitResponse,
  RateLimitUnavailableError,
} from '../../limiter/rate-limit.model';
import { RateLimitService } from '../../limiter/rate-limit.service';
import { GrpcMethodStats } from '../../stats/grpc-method-stats';
import { GrpcRateLimitRequest, GrpcRateLimitResponse } from './grpc-messages';
import { fromGrpcRequest, toGrpcResponse } from './grpc-message.mapper';

/** `envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit`. */
@Controller()
export class RateLimitGrpcController {
  private readonly stats: GrpcMethodStats;
  /** Undefined unless TRACING_ENABLED: decided once here, so an untraced call does no span work. */
  private readonly tracer: DecisionTracer | undefined;

  constructor(
    private readonly rateLimit: RateLimitService,
    registry: StatsRegistry,
    tracing: Tracing,
  ) {
    this.stats = new GrpcMethodStats(registry, 'ShouldRateLimit');
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
          : await this.traced(this.tracer, decision, metadata);
      return toGrpcResponse(response);
    } catch (error) {
      if (error instanceof InvalidRateLimitRequestError) {
        throw new RpcException({ code: GrpcStatus.INVALID_ARGUMENT, message: error.message });
      }
      if (error instanceof RateLimitUnavailableError) {
        throw new RpcException({ code: GrpcStatus.UNAVAILABLE, message: error.message });
      }
      throw error;
    } finally {
      this.stats.finished(startedAt);
    }
  }

  private traced(
    tracer: DecisionTracer,
    decision: RateLimitRequest,
    metadata: Metadata,
  ): Promise<RateLimitResponse> {
    return tracer.trace(
      metadata,
      grpcMetadataGetter,
      {
        'ratelimit.transport': 'grpc',
        'ratelimit.domain': decision.domain,
        'ratelimit.descriptor_count': decision.descriptors.length,
      },
      () => this.rateLimit.shouldRateLimit(decision),
      (response) => ({ 'ratelimit.overall_code': Code[response.overallCode] }),
    );
  }
}
