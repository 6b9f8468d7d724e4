import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { HealthState } from '../health/health-state';

export const SIGTERM_HEALTH_COMPONENT = 'sigterm';

/**
 * On SIGTERM health turns unhealthy first, then Nest closes the listeners: gRPC waits for its
 * in-flight calls, HTTP for its in-flight requests. SHUTDOWN_TIMEOUT bounds the wait.
 */
@Injectable()
export class ShutdownService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');

  constructor(
    private readonly settings: Settings,
    private readonly health: HealthState,
  ) {
    health.set(SIGTERM_HEALTH_COMPONENT, true);
  }

  beforeApplicationShutdown(signal?: string): void {
    this.health.set(SIGTERM_HEALTH_COMPONENT, false);
    this.logger.log(`${signal ?? 'shutdown'} received: draining in-flight calls`);
    const timeout = this.settings.lifecycle.shutdownTimeout;
    setTimeout(() => {
      this.logger.error(`in-flight calls did not finish within ${timeout} ms; exiting`);
      process.exit(1);
    }, timeout).unref();
  }
}
