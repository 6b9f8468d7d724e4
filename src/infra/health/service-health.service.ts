import { Injectable } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { HealthState } from './health-state';

/** Terminus view of the shared health components, for `/healthcheck`. */
@Injectable()
export class ServiceHealthService {
  constructor(
    private readonly state: HealthState,
    private readonly terminus: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async check(): Promise<HealthCheckResult> {
    const checks = [...this.state.snapshot()].map(([component, healthy]) => () => {
      const session = this.indicators.check(component);
      return Promise.resolve(healthy ? session.up() : session.down());
    });
    try {
      return await this.terminus.check(checks);
    } catch (error) {
      // Terminus reports "down" as an exception carrying the full result.
      const response = (error as { getResponse?: () => unknown }).getResponse?.();
      if (response && typeof response === 'object' && 'status' in response)
        return response as HealthCheckResult;
      throw error;
    }
  }
}
