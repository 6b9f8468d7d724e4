import { Controller } from '@nestjs/common';
import { GrpcMethod, RpcException } from '@nestjs/microservices';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { map, Observable } from 'rxjs';
import { HealthState } from '../../../infra/health/health-state';

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
  constructor(private readonly health: HealthState) {}

  @GrpcMethod('Health', 'Check')
  check(request: HealthCheckRequest): HealthCheckResponse {
    this.assertKnown(request.service);
    return { status: this.health.isHealthy() ? SERVING : NOT_SERVING };
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
