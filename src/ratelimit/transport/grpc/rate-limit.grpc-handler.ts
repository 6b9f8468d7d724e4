import * as grpc from '@grpc/grpc-js';
import { Injectable } from '@nestjs/common';
import { StatsRegistry } from '../../../infra/stats/registry';
import { DecisionTracer } from '../../../infra/tracing/decision-tracer';
import { grpcMetadataGetter } from '../../../infra/tracing/trace-carriers';
import { Tracing } from '../../../infra/tracing/tracing';
import { DecisionCallback, RateLimitService } from '../../limiter/rate-limit.service';
import { GrpcMethodStats } from '../../stats/grpc-method-stats';
import { decideFor } from '../traced-decision';
import { grpcDecisionError } from './decision-error';
import { fromGrpcRequest, toGrpcResponse } from './message.mapper';
import { GrpcRateLimitRequest, GrpcRateLimitResponse } from './messages';

/**
 * `ShouldRateLimit` as a grpc-js handler, registered by RateLimitGrpcServer on the server Nest's
 * transport creates, starts, secures (TLS, client SAN interceptor, connection age) and drains: the
 * decision goes from grpc-js to the limiter with no Observable, execution context or promise layer
 * (docs/benchmarks.md). It keeps the statistics, tracing and status codes of the method.
 */
@Injectable()
export class RateLimitGrpcHandler {
  private readonly stats: GrpcMethodStats;
  /** Undefined unless TRACING_ENABLED: decided once here, so an untraced call does no span work. */
  private readonly tracer: DecisionTracer | undefined;

  constructor(
    private readonly rateLimit: RateLimitService,
    registry: StatsRegistry,
    tracing: Tracing,
  ) {
    this.stats = GrpcMethodStats.shouldRateLimit(registry);
    this.tracer = tracing.decisions;
  }

  /** The grpc-js unary handler RateLimitGrpcServer registers for the method. */
  readonly handle: grpc.handleUnaryCall<GrpcRateLimitRequest, GrpcRateLimitResponse> = (
    call,
    callback,
  ) => {
    const startedAt = this.stats.started();
    const done: DecisionCallback = (error, response) => {
      this.stats.finished(startedAt);
      if (error !== null) {
        const { code, message } = grpcDecisionError(error);
        callback({ code, details: message, metadata: new grpc.Metadata() });
      } else {
        callback(null, toGrpcResponse(response!));
      }
    };
    decideFor(
      this.rateLimit,
      this.tracer,
      fromGrpcRequest(call.request),
      done,
      'grpc',
      call.metadata,
      grpcMetadataGetter,
    );
  };
}
