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

  /** Whether some component is degraded (healthy, serving, but not as configured). */
  degraded(): boolean {
    return this.state.degraded().size > 0;
  }

  async check(): Promise<HealthCheckResult> {
    const degraded = this.state.degraded();
    const components = new Map(this.state.snapshot());
    // A degraded component that is no health component of its own is reported all the same.
    for (const component of degraded.keys()) {
      if (!components.has(component)) components.set(component, true);
    }
    const checks = [...components].map(([component, healthy]) => () => {
      const session = this.indicators.check(component);
      const reason = degraded.get(component);
      const details = reason === undefined ? undefined : { degraded: reason };
      return Promise.resolve(healthy ? session.up(details) : session.down(details));
    });
    try {
      return await this.terminus.check(checks);
    } catch (error) {
      // Terminus reports "down" as an exception carrying the full result.
      const response = (error as { getResponse?: () => unknown }).getResponse?.();
      if (response && typeof response === 'object' && 'status' in response) {
        return response as HealthCheckResult;
      }
      throw error;
    }
  }
}
