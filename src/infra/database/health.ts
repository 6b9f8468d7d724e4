import { Logger } from '@nestjs/common';
import { HealthState } from '../health/health-state';
import type { DatabaseConnection } from './connection';

export const DATABASE_HEALTH_COMPONENT = 'database';

/**
 * The `database` health component: healthy once migrated, then re-checked with a trivial query
 * every `intervalMs` (a PostgreSQL restart shows up in `/healthcheck` without a request failing).
 */
export class DatabaseHealth {
  private readonly logger = new Logger('Database');
  private timer: NodeJS.Timeout | undefined;
  private healthy = true;

  constructor(
    private readonly connection: DatabaseConnection,
    private readonly health: HealthState,
    private readonly intervalMs = 10_000,
  ) {}

  start(): void {
    this.report(true);
    this.connection.onError((error) => {
      this.logger.error(`database connection error: ${error.message}`);
      this.report(false);
    });
    this.timer = setInterval(() => void this.probe(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  async probe(): Promise<boolean> {
    try {
      await this.connection.ping();
      this.report(true);
    } catch (error) {
      if (this.healthy) this.logger.error(`database does not answer: ${(error as Error).message}`);
      this.report(false);
    }
    return this.healthy;
  }

  private report(healthy: boolean): void {
    this.healthy = healthy;
    this.health.set(DATABASE_HEALTH_COMPONENT, healthy);
  }
}
