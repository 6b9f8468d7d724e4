import { Logger } from '@nestjs/common';
import { Clock } from '../../clock/clock';

/**
 * A warning that repeats on every decision while memcached is down is logged at most once per
 * interval; the next line says how many were left out.
 */
export class ThrottledWarning {
  private lastLoggedMs = Number.NEGATIVE_INFINITY;
  private suppressed = 0;

  constructor(
    private readonly logger: Logger,
    private readonly clock: Clock,
    private readonly intervalMs = 10_000,
  ) {}

  warn(message: string): void {
    const now = this.clock.nowMs();
    if (now - this.lastLoggedMs < this.intervalMs) {
      this.suppressed++;
      return;
    }
    this.lastLoggedMs = now;
    const left = this.suppressed;
    this.suppressed = 0;
    this.logger.warn(left > 0 ? `${message} (${left} similar since the last report)` : message);
  }
}
