import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { HealthState } from '../health/health-state';

export const SIGTERM_HEALTH_COMPONENT = 'sigterm';

/**
 * The order of a graceful stop. On SIGTERM health turns unhealthy first (`/healthcheck` 500,
 * gRPC health NOT_SERVING) while every listener keeps answering for SHUTDOWN_DRAIN_DELAY, so
 * Envoy's and Kubernetes' health checks move traffic away before anything is refused; then Nest
 * closes the listeners: gRPC waits for its in-flight calls, HTTP for its in-flight requests, for
 * at most SHUTDOWN_TIMEOUT.
 */
@Injectable()
export class ShutdownService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private draining = false;
  private endDelay: (() => void) | undefined;

  constructor(
    private readonly settings: Settings,
    private readonly health: HealthState,
  ) {
    health.set(SIGTERM_HEALTH_COMPONENT, true);
  }

  /**
   * The first step of a stop by signal, before Nest's shutdown hooks run (they unsubscribe the
   * content caches, which must keep working while requests are still served). Resolves when the
   * drain delay is over, or at once when `hurry` is called (a second signal).
   */
  async drain(signal: string): Promise<void> {
    this.turnUnhealthy(signal);
    const delay = this.settings.lifecycle.shutdownDrainDelay;
    if (delay <= 0) return;
    this.logger.log(`listeners close in ${delay} ms (SHUTDOWN_DRAIN_DELAY); health is unhealthy`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      this.endDelay = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.endDelay = undefined;
  }

  /** Ends the drain delay now (a second SIGTERM or SIGINT). */
  hurry(signal: string): void {
    if (!this.endDelay) return;
    this.logger.log(`${signal} received again: closing the listeners now`);
    this.endDelay();
  }

  beforeApplicationShutdown(signal?: string): void {
    this.turnUnhealthy(signal);
    this.health.endWatches();
    const timeout = this.settings.lifecycle.shutdownTimeout;
    setTimeout(() => {
      this.logger.error(`in-flight calls did not finish within ${timeout} ms; exiting`);
      process.exit(1);
    }, timeout).unref();
  }

  private turnUnhealthy(signal: string | undefined): void {
    if (this.draining) return;
    this.draining = true;
    this.health.set(SIGTERM_HEALTH_COMPONENT, false);
    this.logger.log(`${signal ?? 'shutdown'} received: draining in-flight calls`);
  }
}
