import { Injectable } from '@nestjs/common';
import { HealthState } from './health-state';

/** One component in the `/healthcheck` report; `degraded` says why a healthy one is not as configured. */
export interface ComponentReport {
  readonly status: 'up' | 'down';
  readonly degraded?: string;
}

/**
 * The `/healthcheck` report, in the shape health reports of Nest services commonly have (the
 * terminus shape, which this service answered with before it built the report itself): `info`
 * the components that are up, `error` those that are down, `details` both, up ones first.
 */
export interface HealthReport {
  readonly status: 'ok' | 'error';
  readonly info: Record<string, ComponentReport>;
  readonly error: Record<string, ComponentReport>;
  readonly details: Record<string, ComponentReport>;
}

/** The report of the shared health components, for `/healthcheck`. */
@Injectable()
export class ServiceHealthService {
  constructor(private readonly state: HealthState) {}

  /** Whether some component is degraded (healthy, serving, but not as configured). */
  degraded(): boolean {
    return this.state.degraded().size > 0;
  }

  check(): HealthReport {
    const degraded = this.state.degraded();
    const components = new Map(this.state.snapshot());
    // A degraded component that is no health component of its own is reported all the same.
    for (const component of degraded.keys()) {
      if (!components.has(component)) components.set(component, true);
    }
    const info: Record<string, ComponentReport> = {};
    const error: Record<string, ComponentReport> = {};
    for (const [component, healthy] of components) {
      const reason = degraded.get(component);
      const report: ComponentReport = {
        status: healthy ? 'up' : 'down',
        ...(reason === undefined ? {} : { degraded: reason }),
      };
      (healthy ? info : error)[component] = report;
    }
    const down = Object.keys(error).length > 0;
    return { status: down ? 'error' : 'ok', info, error, details: { ...info, ...error } };
  }
}
