import { Injectable } from '@nestjs/common';
import { BehaviorSubject, distinctUntilChanged, map, Observable, Subject, takeUntil } from 'rxjs';

/**
 * Health per component (config, counter store, sigterm, database, ...). Overall health is the AND
 * of every registered component; a component not registered does not count.
 */
@Injectable()
export class HealthState {
  private readonly components = new Map<string, boolean>();
  private readonly degradations = new Map<string, string>();
  private readonly changes = new BehaviorSubject<boolean>(true);
  private readonly ended = new Subject<void>();

  set(component: string, healthy: boolean): void {
    this.components.set(component, healthy);
    this.changes.next(this.isHealthy());
  }

  isHealthy(): boolean {
    for (const healthy of this.components.values()) if (!healthy) return false;
    return true;
  }

  snapshot(): ReadonlyMap<string, boolean> {
    return new Map(this.components);
  }

  /**
   * A component that keeps serving, but not as configured (a counter store answered by its
   * failure mode): health stays as it is, and the report names it with `reason`; undefined when
   * it is back to normal.
   */
  degrade(component: string, reason: string | undefined): void {
    if (reason === undefined) this.degradations.delete(component);
    else this.degradations.set(component, reason);
  }

  /** The degraded components and why. */
  degraded(): ReadonlyMap<string, string> {
    return new Map(this.degradations);
  }

  /** Overall health now and on every change (for the gRPC health Watch call), until `endWatches`. */
  watch(): Observable<boolean> {
    return this.changes.pipe(
      map(() => this.isHealthy()),
      distinctUntilChanged(),
      takeUntil(this.ended),
    );
  }

  /**
   * Completes every watch: the listeners are closing, and the gRPC server waits for its open
   * calls, so a health Watch stream left open would hold the shutdown until SHUTDOWN_TIMEOUT.
   */
  endWatches(): void {
    this.ended.next();
  }
}
