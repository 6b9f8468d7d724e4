import { Logger } from '@nestjs/common';
import { Clock } from '../../clock/clock';
import { HealthState } from '../../health/health-state';
import { Counter } from '../../stats/counter';
import { StatsRegistry } from '../../stats/registry';
import { CounterIncrement, CounterStore, CounterStoreError } from '../counter-store.port';
import { CounterStoreDecorator, syncPathOf } from '../store-decorator';
import { FailureAnswers } from './failure-answers';

/** While the store is away, one decision this often is sent to it to see whether it is back. */
export const FAILURE_TRIAL_INTERVAL_MS = 500;

const SCOPE = 'ratelimit.store.failure';

export interface FailurePolicyOptions {
  readonly clock: Clock;
  readonly stats: StatsRegistry;
  readonly health: HealthState;
  /** The health component the store reports under (`kvstore`). */
  readonly component: string;
  readonly trialIntervalMs?: number;
  readonly logger?: Pick<Logger, 'warn' | 'log'>;
}

/**
 * KVSTORE_FAILURE_MODE=allow|local around a store: a decision the store fails (a refused
 * connection at once, a frozen store after KVSTORE_TIMEOUT) is answered by `answers` instead, and
 * so is every decision after it, at once, without asking the store, until the store answers again:
 * one decision every `trialIntervalMs` is still sent to it, and the first that succeeds brings
 * every decision back. Each change is logged once and shown in health (the component stays healthy,
 * with the reason under `degraded`) and in `ratelimit.store.failure.*`.
 */
export class FailurePolicyCounterStore extends CounterStoreDecorator {
  /** Defined when the inner store answers in process (write-behind); the limiter calls it first. */
  readonly incrementSync:
    ((batch: readonly CounterIncrement[]) => number[] | undefined) | undefined;
  private readonly logger: Pick<Logger, 'warn' | 'log'>;
  private readonly trialIntervalMs: number;
  private readonly answered: Counter;
  private readonly entered: Counter;
  /** When the store stopped answering; undefined while it answers. */
  private degradedSinceMs: number | undefined;
  private reason = '';
  private nextTrialMs = 0;
  private trialInFlight = false;
  /** Decisions answered by the failure mode during the current spell. */
  private answeredInSpell = 0;

  constructor(
    inner: CounterStore,
    private readonly answers: FailureAnswers,
    private readonly options: FailurePolicyOptions,
  ) {
    super(inner);
    this.logger = options.logger ?? new Logger('CounterStore');
    this.trialIntervalMs = options.trialIntervalMs ?? FAILURE_TRIAL_INTERVAL_MS;
    const { stats } = options;
    this.answered = stats.counter(`${SCOPE}.${answers.mode === 'allow' ? 'allowed' : 'local'}`);
    this.entered = stats.counter(`${SCOPE}.entered`);
    stats.gauge(`${SCOPE}.degraded`, () => (this.degradedSinceMs === undefined ? 0 : 1));
    const innerSync = syncPathOf(inner);
    this.incrementSync =
      innerSync === undefined
        ? undefined
        : (batch) => {
            if (this.degradedSinceMs === undefined) return innerSync(batch);
            // A trial due is left to `increment`, which the limiter calls next and which takes it.
            if (!this.trialInFlight && this.options.clock.nowMs() >= this.nextTrialMs) {
              return undefined;
            }
            return this.fallback(batch, true);
          };
  }

  /** Whether decisions are answered by the failure mode now. */
  get degraded(): boolean {
    return this.degradedSinceMs !== undefined;
  }

  increment(batch: readonly CounterIncrement[]): Promise<number[]> {
    if (this.degradedSinceMs === undefined) {
      return this.inner.increment(batch).catch((error: unknown) => this.failed(error, batch, true));
    }
    if (this.trialDue()) return this.trial(batch, true);
    return Promise.resolve(this.fallback(batch, true));
  }

  read(counters: readonly CounterIncrement[]): Promise<number[]> {
    if (this.degradedSinceMs === undefined) {
      return this.inner
        .read(counters)
        .catch((error: unknown) => this.failed(error, counters, false));
    }
    if (this.trialDue()) return this.trial(counters, false);
    return Promise.resolve(this.fallback(counters, false));
  }

  private trialDue(): boolean {
    if (this.trialInFlight) return false;
    const now = this.options.clock.nowMs();
    if (now < this.nextTrialMs) return false;
    this.nextTrialMs = now + this.trialIntervalMs;
    return true;
  }

  private trial(batch: readonly CounterIncrement[], write: boolean): Promise<number[]> {
    this.trialInFlight = true;
    const call = write ? this.inner.increment(batch) : this.inner.read(batch);
    return call.then(
      (results) => {
        this.trialInFlight = false;
        this.recover();
        return results;
      },
      (error: unknown) => {
        this.trialInFlight = false;
        return this.failed(error, batch, write);
      },
    );
  }

  private failed(error: unknown, batch: readonly CounterIncrement[], write: boolean): number[] {
    if (!(error instanceof CounterStoreError)) throw error;
    this.degrade(error.message);
    return this.fallback(batch, write);
  }

  private fallback(batch: readonly CounterIncrement[], write: boolean): number[] {
    this.answered.inc();
    this.answeredInSpell++;
    return this.answers.answer(batch, write);
  }

  private degrade(reason: string): void {
    if (this.degradedSinceMs !== undefined) return;
    const now = this.options.clock.nowMs();
    this.degradedSinceMs = now;
    this.nextTrialMs = now + this.trialIntervalMs;
    this.reason = reason;
    this.answeredInSpell = 0;
    this.entered.inc();
    const what = this.answers.description;
    this.logger.warn(
      `counter store (${this.kind}) does not answer (${reason}): ${what} until it answers again`,
    );
    this.options.health.degrade(
      this.options.component,
      `the store does not answer since ${new Date(now).toISOString()} (${reason}); ${what}`,
    );
  }

  private recover(): void {
    if (this.degradedSinceMs === undefined) return;
    const seconds = (this.options.clock.nowMs() - this.degradedSinceMs) / 1000;
    this.degradedSinceMs = undefined;
    this.logger.log(
      `counter store (${this.kind}) answers again after ${seconds.toFixed(1)} s: decisions are counted in it again (${this.answeredInSpell} answered by KVSTORE_FAILURE_MODE=${this.answers.mode} meanwhile; it had failed with: ${this.reason})`,
    );
    this.options.health.degrade(this.options.component, undefined);
  }
}

/**
 * The health the Redis store reports, for a store under a failure mode: the store's component is
 * unhealthy only until it first connects (the boot waits for that anyway); after that the service
 * is serving whatever the store does, and the failure policy says so under `degraded`.
 */
export function servingHealth(health: HealthState, component: string): HealthState {
  let connected = false;
  const view = Object.create(health) as HealthState;
  view.set = (name: string, healthy: boolean) => {
    if (name !== component) return health.set(name, healthy);
    connected ||= healthy;
    health.set(name, connected);
  };
  return view;
}
