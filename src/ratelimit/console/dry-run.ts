import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import { MemoryCounterStore } from '../../infra/counters/memory-counter-store';
import { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { RateLimitService } from '../limiter/rate-limit.service';
import { compileRules } from '../rules/compiler';
import { RuleConfigError } from '../rules/document';
import { parseRuleFile } from '../rules/rule-file.parser';
import { RuleSet } from '../rules/tree';
import { RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { CallerAccounting } from './caller-accounting';
import { rulesOf } from './console-accounting';
import { ConsoleInputError } from './console-errors';
import { ruleKeys } from './rule-tree';
import { HeavyHitter } from './space-saving';

/** What one candidate rule would have done to the traffic seen during the dry run. */
export interface CandidateRuleReport {
  readonly rule: string;
  readonly totalHits: number;
  readonly wouldHaveLimited: number;
  readonly nearLimit: number;
  /** The descriptor values with the most would-have-limited hits. */
  readonly topLimited: readonly HeavyHitter[];
}

export interface DryRunReport {
  readonly state: 'none' | 'running' | 'finished';
  readonly startedAt: string | null;
  readonly endsAt: string | null;
  readonly rules: readonly CandidateRuleReport[];
}

/** Everything a running dry run holds: freed as one when it ends. */
interface Running {
  readonly limiter: RateLimitService;
  readonly ruleSet: RuleSet;
  readonly stats: RuleStatsFactory;
  readonly callers: CallerAccounting;
  readonly startedAtMs: number;
  readonly endsAtMs: number;
  readonly timer: NodeJS.Timeout;
}

const MAX_SECONDS = 3600;
const MAX_KEYS = 100_000;
const MAX_BYTES = 16 * 1024 * 1024;
const NOOP = () => undefined;

/**
 * A candidate rule file evaluated beside the live rules on live traffic: validated as a reload is
 * (same errors), then every decision the live limiter takes is also decided by a limiter of its
 * own (its own memory counters, statistics and top-caller sketches), whose answer is dropped.
 * Without a dry run the live limiter tests one undefined per decision.
 */
@Injectable()
export class DryRunService implements OnApplicationShutdown {
  private readonly logger = new Logger('DryRun');
  private running: Running | undefined;
  private finished: DryRunReport | undefined;

  constructor(
    private readonly settings: Settings,
    private readonly clock: Clock,
    private readonly live: RateLimitService,
  ) {}

  start(yaml: string, seconds: number): DryRunReport {
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SECONDS) {
      throw new ConsoleInputError(`seconds must be a whole number from 1 to ${MAX_SECONDS}`);
    }
    const registry = new StatsRegistry();
    const stats = new RuleStatsFactory(registry, this.settings.stats.maxKeys);
    let ruleSet: RuleSet;
    try {
      ruleSet = compileRules([{ name: 'candidate', document: parseRuleFile('candidate', yaml) }], {
        mergeDomainConfig: this.settings.rules.mergeDomainConfig,
        statsFor: (key, ruleKey) => stats.forKey(key, ruleKey),
      });
    } catch (error) {
      if (error instanceof RuleConfigError) throw new ConsoleInputError(error.message);
      throw error;
    }
    this.stop();
    const holder = new RuleConfigHolder();
    holder.replace(ruleSet);
    const callers = new CallerAccounting(this.settings.debug.consoleTopK, seconds * 1000);
    const store = new MemoryCounterStore(this.clock, MAX_KEYS, new Counter('unread'), MAX_BYTES);
    // Its own counters and no local cache: the candidate's verdicts, never the live ones.
    const settings = {
      ...this.settings,
      limiter: {
        ...this.settings.limiter,
        localCacheSizeInBytes: 0,
        stopCacheKeyIncrementWhenOverlimit: false,
        shadowMode: false,
      },
    } as Settings;
    const limiter = new RateLimitService(
      settings,
      holder,
      store,
      this.clock,
      stats,
      new ServiceStats(registry),
      registry,
      undefined,
      callers,
    );
    callers.load(rulesOf(ruleSet).map(({ rule }) => rule));
    const now = this.clock.nowMs();
    this.running = {
      limiter,
      ruleSet,
      stats,
      callers,
      startedAtMs: now,
      endsAtMs: now + seconds * 1000,
      timer: setTimeout(() => this.stop(), seconds * 1000),
    };
    this.running.timer.unref();
    this.live.tapDecisions((request) => limiter.decide(request, NOOP));
    this.logger.log(`dry run started for ${seconds} s: ${ruleKeys(ruleSet).join(', ')}`);
    return this.report();
  }

  /** Ends the dry run (if any): keeps its small report, frees the limiter, counters and sketches. */
  stop(): DryRunReport {
    const running = this.running;
    if (running !== undefined) {
      this.live.tapDecisions(undefined);
      clearTimeout(running.timer);
      this.finished = { ...this.reportOf(running), state: 'finished' };
      this.running = undefined;
      this.logger.log('dry run ended');
    }
    return this.report();
  }

  report(): DryRunReport {
    if (this.running !== undefined) return this.reportOf(this.running);
    return this.finished ?? { state: 'none', startedAt: null, endsAt: null, rules: [] };
  }

  private reportOf(running: Running): DryRunReport {
    const now = this.clock.nowMs();
    return {
      state: 'running',
      startedAt: new Date(running.startedAtMs).toISOString(),
      endsAt: new Date(running.endsAtMs).toISOString(),
      rules: ruleKeys(running.ruleSet).map((rule) => {
        const stats = running.stats.forKey(rule);
        return {
          rule,
          totalHits: stats.totalHits.value,
          wouldHaveLimited: stats.overLimit.value,
          nearLimit: stats.nearLimit.value,
          topLimited: running.callers.top(rule, now)?.byOverLimit ?? [],
        };
      }),
    };
  }

  onApplicationShutdown(): void {
    this.stop();
  }
}
