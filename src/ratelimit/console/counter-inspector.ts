import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import {
  CounterIncrement,
  CounterStore,
  keysOf,
  resultSlots,
  TOKEN_SCALE,
} from '../../infra/counters/counter-store.port';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { cacheKeyBase } from '../limiter/cache-key';
import { counterOf, NO_STATS } from '../limiter/decision-plan';
import { evaluateLimit } from '../limiter/limit-evaluation';
import { RateLimitService } from '../limiter/rate-limit.service';
import { algorithmName } from '../rules/algorithm';
import { Unit } from '../rules/rate-limit-unit';
import { AppliedRule, Entry, RateLimitRule } from '../rules/tree';
import { ConsoleInputError } from './console-errors';

/** One limit of a looked-up descriptor, as the store holds it now. */
export interface LimitState {
  readonly rule: string;
  readonly limit: string;
  readonly algorithm: string;
  readonly unit: string;
  readonly requestsPerUnit: number;
  readonly windowSeconds: number;
  readonly shadowMode: boolean;
  readonly quotaMode: boolean;
  /** Hits counted in the current window (fixed), the estimate (sliding), tokens used (bucket). */
  readonly count: number;
  readonly remaining: number;
  readonly overLimit: boolean;
  readonly secondsToReset: number;
  readonly key: string;
  /** Fixed and sliding windows: the window's start and end (Unix seconds). */
  readonly window?: { readonly start: number; readonly end: number; readonly previous?: number };
  /** Token buckets: capacity and tokens left. */
  readonly bucket?: { readonly capacity: number; readonly tokens: number };
}

export interface CounterLookup {
  readonly domain: string;
  readonly descriptor: readonly Entry[];
  /** The matched rule's key, or null when no rule applies. */
  readonly rule: string | null;
  readonly unlimited: boolean;
  readonly store: string;
  readonly limits: readonly LimitState[];
}

/**
 * The console's counters: what the store holds for one descriptor, for every limit that applies,
 * read without counting a hit (`CounterStore.read`); and its reset (`CounterStore.reset`).
 */
@Injectable()
export class CounterInspector {
  private readonly logger = new Logger('Console');

  constructor(
    private readonly settings: Settings,
    private readonly rules: RuleConfigHolder,
    private readonly store: CounterStore,
    private readonly clock: Clock,
    private readonly limiter: RateLimitService,
  ) {}

  async lookup(domain: string, entries: readonly Entry[]): Promise<CounterLookup> {
    const { applied, counters, limits, nowMs } = this.plan(domain, entries);
    const answer = { domain, descriptor: entries, store: this.store.kind };
    if (applied === undefined) return { ...answer, rule: null, unlimited: false, limits: [] };
    if (applied.rule.unlimited) {
      return { ...answer, rule: applied.rule.fullKey, unlimited: true, limits: [] };
    }
    const results = await this.store.read(counters);
    const context = {
      nowMs,
      nowSecond: Math.floor(nowMs / 1000),
      nearLimitRatio: this.settings.limiter.nearLimitRatio,
    };
    let at = 0;
    const states = limits.map((limit, j) => {
      const counter = counters[j];
      const evaluation = evaluateLimit(limit, counter, results, at, context, NO_STATS);
      const state = stateOf(limit, counter, results, at, evaluation);
      at += resultSlots(counter);
      return state;
    });
    return { ...answer, rule: applied.rule.fullKey, unlimited: false, limits: states };
  }

  /** Deletes the descriptor's counters on the store (and from the local over-limit cache). */
  async reset(domain: string, entries: readonly Entry[], who: string): Promise<CounterLookup> {
    const { applied, counters } = this.plan(domain, entries);
    const text = entries.map((e) => `${e.key}=${e.value}`).join(',');
    if (applied !== undefined && counters.length > 0) {
      await this.store.reset(counters);
      this.limiter.forgetOverLimit(keysOf(counters));
      this.logger.log(
        `counters reset by ${who}: domain=${domain} descriptor=${text} rule=${applied.rule.fullKey} keys=${keysOf(counters).join(' ')}`,
      );
    }
    return this.lookup(domain, entries);
  }

  private plan(domain: string, entries: readonly Entry[]) {
    if (domain === this.settings.apiRateLimit.domain) {
      throw new ConsoleInputError(
        `domain "${domain}" is the API guard's (API_RATE_LIMIT_DOMAIN): its counters are not served here`,
      );
    }
    const rules = this.rules.current?.domain(domain);
    if (rules === undefined) throw new ConsoleInputError(`unknown domain "${domain}"`);
    const applied: AppliedRule | undefined = rules.match(entries);
    const nowMs = this.clock.nowMs();
    if (applied === undefined || applied.rule.unlimited) {
      return { applied, counters: [], limits: [], nowMs };
    }
    const { rule } = applied;
    const base = cacheKeyBase(
      this.settings.limiter.cacheKeyPrefix,
      domain,
      entries,
      applied.sharedValues,
    );
    const limits = rule.limits ?? [rule];
    const nowSecond = Math.floor(nowMs / 1000);
    const counters = limits.map((limit, j) => counterOf(limit, j, base, 0, nowMs, nowSecond));
    return { applied, counters, limits, nowMs };
  }
}

function stateOf(
  limit: RateLimitRule,
  counter: CounterIncrement,
  results: readonly number[],
  at: number,
  evaluation: { overLimit: boolean; remaining: number; resetSeconds: number },
): LimitState {
  const common = {
    rule: limit.fullKey,
    limit: limit.label,
    algorithm: algorithmName(limit.algorithm),
    unit: Unit[limit.unit],
    requestsPerUnit: limit.requestsPerUnit,
    windowSeconds: limit.windowSeconds,
    shadowMode: limit.shadowMode,
    quotaMode: limit.quotaMode,
    overLimit: evaluation.overLimit,
    remaining: Math.max(0, evaluation.remaining),
    secondsToReset: evaluation.resetSeconds,
    key: counter.key,
  };
  if (counter.bucket !== undefined) {
    const tokens = results[at + 1] / TOKEN_SCALE;
    return {
      ...common,
      count: Math.max(0, counter.bucket.capacity - Math.floor(tokens)),
      bucket: { capacity: counter.bucket.capacity, tokens },
    };
  }
  const start = counter.windowEnd - counter.windowSeconds;
  if (counter.previousKey !== undefined) {
    return {
      ...common,
      count: limit.requestsPerUnit - Math.max(0, evaluation.remaining),
      window: { start, end: start + limit.windowSeconds, previous: results[at + 1] },
    };
  }
  return { ...common, count: results[at], window: { start, end: counter.windowEnd } };
}
