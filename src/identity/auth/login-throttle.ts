import { createHash } from 'node:crypto';
import type { Clock } from '../../infra/clock/clock';

export interface LoginThrottleOptions {
  /** Failed attempts within the window that lock a key (Grafana: 5). */
  readonly maxAttempts: number;
  /** How far back failures count (Grafana: 5 minutes, fixed there). */
  readonly windowMs: number;
  /** Keys remembered at most; beyond it the least recently failed key is forgotten. */
  readonly maxKeys: number;
}

/** What an attempt holds while its password is checked; settle it exactly once. */
export interface AttemptTicket {
  failed(): void;
  succeeded(): void;
  /** Releases the attempt without an outcome (an error that says nothing about the password). */
  abandoned(): void;
}

/**
 * Counts failed logins per key (a login, a client address) in a rolling window, as Grafana's
 * login attempt service does: a key with `maxAttempts` failures in the last `windowMs` is locked
 * until the oldest of them leaves the window. Unlike Grafana, checks in flight count too: with
 * 60 parallel wrong passwords for one login, only `maxAttempts` of them are checked, the others
 * wait for those to finish and are then refused (or let through when one succeeded). Memory per
 * process: each instance keeps its own counts (see docs/security.md).
 */
export class LoginThrottle {
  /** Key → times of its recent failures, oldest first (at most maxAttempts kept). */
  private readonly failures = new Map<string, number[]>();
  private readonly inFlight = new Map<string, number>();
  private readonly waiters = new Map<string, (() => void)[]>();
  evictions = 0;

  constructor(
    private readonly options: LoginThrottleOptions,
    private readonly clock: Clock,
  ) {}

  static loginKey(login: string): string {
    // Hashed: a key's size does not depend on what a client sends.
    return `login:${createHash('sha256').update(login.toLowerCase()).digest('base64')}`;
  }

  /**
   * One key per account, whichever identifier (login or email) was presented
   * (docs/security.md#login).
   */
  static accountKey(userId: number): string {
    return `account:${userId}`;
  }

  static addressKey(address: string): string {
    return `ip:${address}`;
  }

  get trackedKeys(): number {
    return this.failures.size;
  }

  /** Failures of `key` still inside the window. */
  recentFailures(key: string): number {
    const times = this.failures.get(key);
    if (!times) return 0;
    const since = this.clock.nowMs() - this.options.windowMs;
    while (times.length > 0 && times[0] <= since) times.shift();
    if (times.length === 0) this.failures.delete(key);
    return times.length;
  }

  isLocked(keys: readonly string[]): boolean {
    return keys.some((key) => this.recentFailures(key) >= this.options.maxAttempts);
  }

  /**
   * Admits one attempt for `keys`, or resolves 'locked'. While the failures plus the checks in
   * flight of a key reach the limit, waits for one of those checks to end and looks again.
   */
  async begin(keys: readonly string[]): Promise<AttemptTicket | 'locked'> {
    for (;;) {
      if (this.isLocked(keys)) return 'locked';
      const busy = keys.find(
        (key) =>
          this.recentFailures(key) + (this.inFlight.get(key) ?? 0) >= this.options.maxAttempts,
      );
      if (busy === undefined) break;
      await new Promise<void>((resolve) => this.waitersOf(busy).push(resolve));
    }
    for (const key of keys) this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    let settled = false;
    const settle = (outcome: 'failed' | 'succeeded' | 'abandoned') => {
      if (settled) return;
      settled = true;
      for (const key of keys) {
        if (outcome === 'failed') this.recordFailure(key);
        // A success ends an account's (or a login's) run of failures; an address's stay counted.
        else if (outcome === 'succeeded' && !key.startsWith('ip:')) this.failures.delete(key);
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
        this.wake(key);
      }
    };
    return {
      failed: () => settle('failed'),
      succeeded: () => settle('succeeded'),
      abandoned: () => settle('abandoned'),
    };
  }

  private recordFailure(key: string): void {
    this.recentFailures(key);
    const times = this.failures.get(key) ?? [];
    // Re-inserted so the Map's order is "least recently failed first" for eviction.
    this.failures.delete(key);
    times.push(this.clock.nowMs());
    if (times.length > this.options.maxAttempts) times.shift();
    if (this.failures.size >= this.options.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) {
        this.failures.delete(oldest);
        this.evictions += 1;
      }
    }
    this.failures.set(key, times);
  }

  private waitersOf(key: string): (() => void)[] {
    let list = this.waiters.get(key);
    if (!list) {
      list = [];
      this.waiters.set(key, list);
    }
    return list;
  }

  private wake(key: string): void {
    const list = this.waiters.get(key);
    if (!list) return;
    this.waiters.delete(key);
    for (const resolve of list) resolve();
  }
}
