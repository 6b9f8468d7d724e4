import { Injectable, Logger } from '@nestjs/common';
import { CounterStore } from '../../infra/counters/counter-store.port';
import { HealthState } from '../../infra/health/health-state';
import { Algorithm } from '../rules/algorithm';
import { Settings } from '../../settings/settings';
import { RuleConfigError } from '../rules/document';
import { compileRules, NamedRuleDocument } from '../rules/compiler';
import { RuleSet } from '../rules/tree';
import { RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { RuleConfigHolder } from './rule-config.holder';

export const CONFIG_HEALTH_COMPONENT = 'config';

/** The outcome of one load; `error` is the operator-facing text (an xDS NACK carries it). */
export type RuleLoadResult =
  { readonly loaded: true } | { readonly loaded: false; readonly error: string };

/** The last load's outcome, and the last rejected one's error (the console's Rules page). */
export interface LoadHistory {
  readonly lastAtMs: number | undefined;
  readonly lastResult: RuleLoadResult | undefined;
  readonly lastRejectedAtMs: number | undefined;
  readonly lastRejectedError: string | undefined;
}

/**
 * Compiles rule documents from any source and swaps them in as one unit. A bad set is counted,
 * logged with its exact error text, and changes nothing.
 */
@Injectable()
export class RuleLoaderService {
  private readonly logger = new Logger('RuleLoader');
  private loadHistory: LoadHistory = {
    lastAtMs: undefined,
    lastResult: undefined,
    lastRejectedAtMs: undefined,
    lastRejectedError: undefined,
  };

  get history(): LoadHistory {
    return this.loadHistory;
  }

  constructor(
    private readonly settings: Settings,
    private readonly holder: RuleConfigHolder,
    private readonly ruleStats: RuleStatsFactory,
    private readonly serviceStats: ServiceStats,
    private readonly health: HealthState,
    private readonly store: CounterStore,
  ) {
    if (settings.rules.healthyWithAtLeastOneConfigLoaded) {
      health.set(CONFIG_HEALTH_COMPONENT, false);
    }
  }

  /** Token buckets need a store that can run them (memcached cannot). */
  private storeLacking(algorithm: Algorithm): string | undefined {
    if (algorithm === Algorithm.TOKEN_BUCKET && !this.store.supportsTokenBuckets) {
      return `${this.store.kind} (BACKEND_TYPE=${this.settings.counters.backend})`;
    }
    return undefined;
  }

  /** Runs `produce` (read and parse) and compiles its result; `loaded` when the new set is in force. */
  load(produce: () => readonly NamedRuleDocument[]): RuleLoadResult {
    let ruleSet: RuleSet;
    try {
      ruleSet = compileRules(produce(), {
        mergeDomainConfig: this.settings.rules.mergeDomainConfig,
        statsFor: (key, ruleKey) => this.ruleStats.forKey(key, ruleKey),
        storeLacking: (algorithm) => this.storeLacking(algorithm),
      });
    } catch (error) {
      if (!(error instanceof RuleConfigError)) throw error;
      this.serviceStats.configLoadError.inc();
      this.logger.error(`error loading new configuration: ${error.message}`);
      const now = Date.now();
      this.loadHistory = {
        lastAtMs: now,
        lastResult: { loaded: false, error: error.message },
        lastRejectedAtMs: now,
        lastRejectedError: error.message,
      };
      return { loaded: false, error: error.message };
    }
    this.holder.replace(ruleSet);
    this.loadHistory = { ...this.loadHistory, lastAtMs: Date.now(), lastResult: { loaded: true } };
    this.serviceStats.configLoadSuccess.inc();
    if (this.settings.rules.healthyWithAtLeastOneConfigLoaded) {
      this.health.set(CONFIG_HEALTH_COMPONENT, ruleSet.domainCount > 0);
    }
    this.logger.log(`loaded rate limit configuration: ${ruleSet.domainCount} domain(s)`);
    return { loaded: true };
  }
}
