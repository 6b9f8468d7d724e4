import { Clock } from '../infra/clock/clock';

/** The part of Nest's Logger this needs. */
export interface WarningLogger {
  warn(message: string): void;
}

const REPORT_INTERVAL_MS = 60_000;

/**
 * Reports API requests let through without a decision (store down, no rules loaded) without one
 * log line per request: the first failure at once, then at most one line a minute with the
 * number since the last, and one line when decisions work again.
 */
export class DecisionFailureLog {
  private failing = false;
  private lastReportMs = 0;
  private unreported = 0;

  constructor(
    private readonly clock: Clock,
    private readonly logger: WarningLogger,
  ) {}

  failed(api: string, error: unknown): void {
    const now = this.clock.nowMs();
    this.unreported++;
    if (this.failing && now - this.lastReportMs < REPORT_INTERVAL_MS) return;
    const reason = error instanceof Error ? error.message : String(error);
    const count = this.unreported > 1 ? ` (${this.unreported} requests since the last report)` : '';
    this.logger.warn(
      `no rate limit decision for a ${api} API request; allowed (fail open)${count}: ${reason}`,
    );
    this.failing = true;
    this.lastReportMs = now;
    this.unreported = 0;
  }

  /** Called after every decision; only a recovery costs more than a check. */
  succeeded(): void {
    if (!this.failing) return;
    const count = this.unreported > 0 ? ` (${this.unreported} more allowed without one)` : '';
    this.logger.warn(`rate limit decisions for the APIs work again${count}`);
    this.failing = false;
    this.unreported = 0;
  }
}
