import { Injectable } from '@nestjs/common';
import { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';

/** Service-level counters of docs/observability.md#statistics, created once. */
@Injectable()
export class ServiceStats {
  readonly configLoadSuccess: Counter;
  readonly configLoadError: Counter;
  readonly globalShadowMode: Counter;
  readonly serviceError: Counter;
  readonly storeError: Counter;

  constructor(registry: StatsRegistry) {
    this.configLoadSuccess = registry.counter('ratelimit.service.config_load_success');
    this.configLoadError = registry.counter('ratelimit.service.config_load_error');
    this.globalShadowMode = registry.counter('ratelimit.service.global_shadow_mode');
    this.serviceError = registry.counter('ratelimit.service.call.should_rate_limit.service_error');
    // Upstream's name for any counter store failure, kept for dashboards built on it.
    this.storeError = registry.counter('ratelimit.service.call.should_rate_limit.redis_error');
  }
}
