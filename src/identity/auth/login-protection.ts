import { Injectable, Optional } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import type { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { HashingQueue, HashingQueueFullError } from '../credentials/hashing-queue';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { AttemptTicket, LoginThrottle } from './login-throttle';

/** Keys remembered by the throttle at most (a few hundred bytes each). */
const MAX_TRACKED_KEYS = 100_000;

const NO_TICKET: AttemptTicket = { failed() {}, succeeded() {}, abandoned() {} };

/**
 * Brute-force protection of password logins and the bound on password hashing, as one service:
 * the authenticator asks it to admit an attempt (refused with Grafana's 401 while the login or
 * the client address is locked) and runs every scrypt through its queue (503 at once when full).
 * Counted under `identity.login.*` and `identity.password_hash.*` in the stats.
 */
@Injectable()
export class LoginProtection {
  private readonly throttle: LoginThrottle | undefined;
  private readonly byLogin: boolean;
  private readonly byAddress: boolean;
  private readonly queue: HashingQueue;
  private readonly stats: Readonly<Record<'failed' | 'locked' | 'hashRefused', Counter>>;

  constructor(
    settings: Settings,
    clock: Clock,
    // The content CLI loads the identity module without the stats module: its counts go nowhere.
    @Optional() registry: StatsRegistry = new StatsRegistry(),
  ) {
    const identity = settings.identity;
    this.byLogin = !identity.disableUsernameLoginProtection;
    this.byAddress = !identity.disableIpAddressLoginProtection;
    this.throttle =
      identity.disableBruteForceLoginProtection || (!this.byLogin && !this.byAddress)
        ? undefined
        : new LoginThrottle(
            {
              maxAttempts: identity.bruteForceLoginProtectionMaxAttempts,
              windowMs: identity.loginAttemptsWindow,
              maxKeys: MAX_TRACKED_KEYS,
            },
            clock,
          );
    this.queue = new HashingQueue(identity.passwordHashConcurrency, identity.passwordHashQueue);
    this.stats = {
      failed: registry.counter('identity.login.failed'),
      locked: registry.counter('identity.login.locked'),
      hashRefused: registry.counter('identity.password_hash.refused'),
    };
    registry.gauge('identity.password_hash.active', () => this.queue.activeCount);
    registry.gauge('identity.password_hash.waiting', () => this.queue.waitingCount);
    registry.gauge('identity.login.tracked_keys', () => this.throttle?.trackedKeys ?? 0);
    registry.gauge('identity.login.evicted_keys', () => this.throttle?.evictions ?? 0);
  }

  /**
   * Admits one password attempt of `login` (the account's id when it names one) from `address`
   * (undefined when the caller has no socket, as for the GraphQL admin header check). Throws Grafana's answer to a locked login:
   * 401 `Invalid username or password` (messageId `login-attempt.blocked`), the same body as a
   * wrong password, so a lock tells a guesser nothing new.
   */
  async admit(
    login: string,
    address: string | undefined,
    accountId?: number,
  ): Promise<AttemptTicket> {
    if (!this.throttle) return NO_TICKET;
    const keys: string[] = [];
    // An existing account is one lock whether its login or its email is presented
    // (docs/security.md#login: counted apart they allowed twice the guesses); an unknown identifier
    // is its own.
    if (this.byLogin) {
      keys.push(
        accountId === undefined
          ? LoginThrottle.loginKey(login)
          : LoginThrottle.accountKey(accountId),
      );
    }
    if (this.byAddress && address !== undefined) keys.push(LoginThrottle.addressKey(address));
    if (keys.length === 0) return NO_TICKET;
    const ticket = await this.throttle.begin(keys);
    if (ticket === 'locked') {
      this.stats.locked.inc();
      throw GrafanaError.structured(401, 'login-attempt.blocked', 'Invalid username or password');
    }
    return {
      failed: () => {
        this.stats.failed.inc();
        ticket.failed();
      },
      succeeded: () => ticket.succeeded(),
      abandoned: () => ticket.abandoned(),
    };
  }

  /** Runs one password hash through the bounded queue; 503 at once when it is full. */
  async hash<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await this.queue.run(task);
    } catch (error) {
      if (!(error instanceof HashingQueueFullError)) throw error;
      this.stats.hashRefused.inc();
      throw GrafanaError.message(503, 'Too many password checks in progress, try again shortly');
    }
  }
}
