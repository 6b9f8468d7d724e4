import { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { Timer } from '../../infra/stats/timer';

/**
 * `ratelimit_server.<Method>.total_requests` and `.response_time`
 * (docs/observability.md#statistics) for one unary gRPC method. A plain object the controller calls
 * around its body, cheaper than a Nest interceptor (which would add an execution context and an
 * Observable per call).
 */
export class GrpcMethodStats {
  readonly totalRequests: Counter;
  readonly responseTime: Timer;

  constructor(registry: StatsRegistry, method: string) {
    this.totalRequests = registry.counter(`ratelimit_server.${method}.total_requests`);
    this.responseTime = registry.timer(`ratelimit_server.${method}.response_time`);
  }

  /** The ShouldRateLimit figures, shared by the Nest controller and the direct handler. */
  static shouldRateLimit(registry: StatsRegistry): GrpcMethodStats {
    return new GrpcMethodStats(registry, 'ShouldRateLimit');
  }

  /** Counts the call; returns its start for `finished`. */
  started(): number {
    this.totalRequests.inc();
    return performance.now();
  }

  finished(startedAt: number): void {
    this.responseTime.record(performance.now() - startedAt);
  }
}
