import { Controller } from '@nestjs/common';
import { GrpcMethod, RpcException } from '@nestjs/microservices';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { map, Observable } from 'rxjs';
import { HealthState } from '../../../infra/health/health-state';
import { StatsRegistry } from '../../../infra/stats/registry';
import { GrpcMethodStats } from '../../stats/grpc-method-stats';

const SERVING = 1;
const NOT_SERVING = 2;
/** The overall server ('') and the upstream service name answer from the same state. */
const KNOWN_SERVICES = new Set(['', 'ratelimit', 'envoy.service.ratelimit.v3.RateLimitService']);

interface HealthCheckRequest {
  service: string;
}

interface HealthCheckResponse {
  status: number;
}

/** The standard `grpc.health.v1.Health` service, mirroring `/healthcheck`. */
@Controller()
export class HealthGrpcController {
  /** Unary `Check` is counted and timed as upstream; the `Watch` stream is not a unary call. */
  private readonly checkStats: GrpcMethodStats;

  constructor(
    private readonly health: HealthState,
    registry: StatsRegistry,
  ) {
    this.checkStats = new GrpcMethodStats(registry, 'Check');
  }

  @GrpcMethod('Health', 'Check')
  check(request: HealthCheckRequest): HealthCheckResponse {
    const startedAt = this.checkStats.started();
    try {
      this.assertKnown(request.service);
      return { status: this.health.isHealthy() ? SERVING : NOT_SERVING };
    } finally {
      this.checkStats.finished(startedAt);
    }
  }

  @GrpcMethod('Health', 'Watch')
  watch(request: HealthCheckRequest): Observable<HealthCheckResponse> {
    this.assertKnown(request.service);
    return this.health
      .watch()
      .pipe(map((healthy) => ({ status: healthy ? SERVING : NOT_SERVING })));
  }

  private assertKnown(service: string): void {
    if (!KNOWN_SERVICES.has(service)) {
      throw new RpcException({ code: GrpcStatus.NOT_FOUND, message: `unknown service ${service}` });
    }
  }
}
