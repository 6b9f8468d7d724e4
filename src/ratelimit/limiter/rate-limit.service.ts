import { Injectable } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import {
  CounterIncrement,
  CounterKeyRejectedError,
  CounterStore,
} from '../../infra/counters/counter-store.port';
import { StatsRegistry } from '../../infra/stats/stats-registry';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { isOverrideUnit, UNIT_SECONDS } from '../rules/rate-limit-unit';
import { AppliedRule, DomainRules, RateLimitRule } from '../rules/rule-tree';
import { RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { cacheKey } from './cache-key';
import { secondsUntilReset, windowStart } from './fixed-window';
import { decideFromLocalCache, decideLimit, LimitOutcome } from './limit-decision';
import { LocalOverLimitCache } from './local-over-limit-cache';
import { dynamicMetadata } from './dynamic-metadata';
import { rateLimitHeaders, RateLimitHeaderNames } from './response-headers';
import {
  Code,
  DescriptorStatus,
  HeaderValue,
  InvalidRateLimitRequestError,
  RateLimitRequest,
  RateLimitResponse,
  RateLimitUnavailableError,
  RequestDescriptor,
} from './rate-limit.model';

const UINT32_MAX = 4294967295;
const NO_RULE: DescriptorStatus = Object.freeze({
  code: Code.OK,
  currentLimit: undefined,
  limitRemaining: 0,
  durationUntilReset: undefined,
});
const UNLIMITED: DescriptorStatus = Object.freeze({
  code: Code.OK,
  currentLimit: undefined,
  limitRemaining: UINT32_MAX,
  durationUntilReset: undefined,
});

const UNLIMITED_RULE: unique symbol = Symbol('unlimited');
const NO_HEADERS: readonly HeaderValue[] = Object.freeze([]);
/** Marks a count the local over-limit cache answered. */
const LOCAL_CACHE_HIT = -1;
/** Per descriptor: its counter, or undefined when nothing is counted (no rule, unlimited). */
type Counters = (CounterIncrement | undefined)[];
/** What a descriptor turned into after matching: no rule, unlimited, or a rule to count. */
type Resolution = AppliedRule | typeof UNLIMITED_RULE | undefined;

/**
 * ShouldRateLimit (spec §3.1): match every descriptor, apply `replaces`, count all limited
 * descriptors in one store round trip, then decide per descriptor and overall.
 */
@Injectable()
export class RateLimitService {
  private readonly prefix: string;
  private readonly nearLimitRatio: number;
  private readonly shadowMode: boolean;
  private readonly quotaMode: boolean;
  private readonly maxDescriptors: number;
  private readonly stopIncrementWhenOverLimit: boolean;
  private readonly localCache: LocalOverLimitCache | undefined;
  private readonly headerNames: RateLimitHeaderNames | undefined;
  private readonly responseDynamicMetadata: boolean;

  constructor(
    settings: Settings,
    private readonly rules: RuleConfigHolder,
    private readonly store: CounterStore,
    private readonly clock: Clock,
    private readonly ruleStats: RuleStatsFactory,
    private readonly serviceStats: ServiceStats,
    stats: StatsRegistry,
  ) {
    const { localCacheSizeInBytes, stopCacheKeyIncrementWhenOverlimit } = settings.limiter;
    this.stopIncrementWhenOverLimit = stopCacheKeyIncrementWhenOverlimit;
    const { responseHeadersEnabled, limitHeader, remainingHeader, resetHeader } = settings.limiter;
    this.headerNames = responseHeadersEnabled
      ? { limit: limitHeader, remaining: remainingHeader, reset: resetHeader }
      : undefined;
    this.responseDynamicMetadata = settings.limiter.responseDynamicMetadata;
    this.localCache =
      localCacheSizeInBytes > 0 ? new LocalOverLimitCache(localCacheSizeInBytes, stats) : undefined;
    this.prefix = settings.limiter.cacheKeyPrefix;
    this.nearLimitRatio = settings.limiter.nearLimitRatio;
    this.shadowMode = settings.limiter.shadowMode;
    this.quotaMode = settings.limiter.quotaMode;
    this.maxDescriptors = settings.grpc.maxDescriptors;
  }

  async shouldRateLimit(request: RateLimitRequest): Promise<RateLimitResponse> {
    this.validate(request);
    const ruleSet = this.rules.current;
    if (ruleSet === undefined) {
      this.serviceStats.serviceError.inc();
      throw new RateLimitUnavailableError('no rate limit configuration loaded');
    }
    const resolutions = this.resolve(ruleSet.domain(request.domain), request);
    const nowMs = this.clock.nowMs();
    const counters = this.plan(request, resolutions, Math.floor(nowMs / 1000));
    const counts = await this.count(resolutions, counters, nowMs);
    return this.decide(request, resolutions, counters, counts, Math.floor(nowMs / 1000));
  }

  /** The counter of every limited descriptor: its key, this request's hits, and its window. */
  private plan(
    request: RateLimitRequest,
    resolutions: readonly Resolution[],
    nowSecond: number,
  ): Counters {
    const counters: Counters = new Array<CounterIncrement | undefined>(resolutions.length);
    for (let i = 0; i < resolutions.length; i++) {
      const applied = resolutions[i];
      if (applied === undefined || applied === UNLIMITED_RULE) continue;
      const windowSeconds = UNIT_SECONDS[applied.rule.unit];
      const start = windowStart(nowSecond, windowSeconds);
      const { entries } = request.descriptors[i];
      counters[i] = {
        key: cacheKey(this.prefix, request.domain, entries, applied.sharedValues, start),
        hits: this.hitsOf(request, i),
        windowSeconds,
        windowEnd: start + windowSeconds,
      };
    }
    return counters;
  }

  /**
   * Counts after this request, by descriptor: LOCAL_CACHE_HIT for keys the local cache knows are
   * over; the others in one store call (two with stop-increment mode, as upstream).
   */
  private async count(
    resolutions: readonly Resolution[],
    counters: Counters,
    nowMs: number,
  ): Promise<number[]> {
    const counts = new Array<number>(counters.length);
    const indexes: number[] = [];
    let locallyOver = false;
    for (let i = 0; i < counters.length; i++) {
      const counter = counters[i];
      if (counter === undefined) continue;
      if (this.localCache?.has(counter.key, nowMs)) {
        counts[i] = LOCAL_CACHE_HIT;
        locallyOver = true;
      } else {
        indexes.push(i);
      }
    }
    if (indexes.length === 0) return counts;
    let batch = indexes.map((i) => counters[i]!);
    if (this.stopIncrementWhenOverLimit) {
      batch = await this.withoutIncrementsBeyondLimits(batch, indexes, resolutions, locallyOver);
    }
    const results = await this.callStore(() => this.store.increment(batch));
    indexes.forEach((index, j) => (counts[index] = results[j]));
    return counts;
  }

  /**
   * STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT (spec §4.3): when a key of the request is already over
   * (local cache) nothing is counted; when some would go over, only those are counted.
   */
  private async withoutIncrementsBeyondLimits(
    batch: CounterIncrement[],
    indexes: readonly number[],
    resolutions: readonly Resolution[],
    locallyOver: boolean,
  ): Promise<CounterIncrement[]> {
    if (locallyOver) return batch.map((counter) => ({ ...counter, hits: 0 }));
    const current = await this.callStore(() => this.store.read(batch));
    const overs = batch.map(
      (counter, j) =>
        current[j] + counter.hits > (resolutions[indexes[j]] as AppliedRule).rule.requestsPerUnit,
    );
    if (!overs.includes(true)) return batch;
    return batch.map((counter, j) => (overs[j] ? counter : { ...counter, hits: 0 }));
  }

  private async callStore(call: () => Promise<number[]>): Promise<number[]> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CounterKeyRejectedError) {
        this.serviceStats.serviceError.inc();
        throw new InvalidRateLimitRequestError(error.message);
      }
      this.serviceStats.storeError.inc();
      throw new RateLimitUnavailableError(
        `counter store (${this.store.kind}) failed: ${(error as Error).message}`,
      );
    }
  }

  private validate(request: RateLimitRequest): void {
    const fail = (message: string): never => {
      this.serviceStats.serviceError.inc();
      throw new InvalidRateLimitRequestError(message);
    };
    if (request.domain === '') fail('rate limit domain must not be empty');
    const count = request.descriptors.length;
    if (count === 0) fail('rate limit descriptor list must not be empty');
    if (count > this.maxDescriptors) {
      fail(
        `rate limit descriptor list has ${count} descriptors; at most ${this.maxDescriptors} are allowed`,
      );
    }
    for (let i = 0; i < count; i++) {
      const limit = request.descriptors[i].limit;
      if (limit !== undefined && !isOverrideUnit(limit.unit)) {
        fail(`descriptors[${i}].limit: unit must be one of SECOND, MINUTE, HOUR, DAY, MONTH, YEAR`);
      }
    }
  }

  /** GetLimit for every descriptor, then drop rules another matched rule `replaces`. */
  private resolve(domain: DomainRules | undefined, request: RateLimitRequest): Resolution[] {
    const { descriptors } = request;
    const resolutions = new Array<Resolution>(descriptors.length);
    if (domain === undefined) {
      this.ruleStats.domainNotFound(request.domain).add(descriptors.length);
      return resolutions;
    }
    let replaced: Set<string> | undefined;
    for (let i = 0; i < descriptors.length; i++) {
      const descriptor = descriptors[i];
      const applied = descriptor.limit
        ? this.overrideRule(request.domain, descriptor)
        : domain.match(descriptor.entries);
      if (applied === undefined) continue;
      const { rule } = applied;
      if (rule.replaces.length > 0) {
        replaced ??= new Set();
        for (const name of rule.replaces) replaced.add(name);
      }
      resolutions[i] = rule.unlimited ? UNLIMITED_RULE : applied;
    }
    if (replaced !== undefined) {
      for (let i = 0; i < resolutions.length; i++) {
        const applied = resolutions[i];
        if (
          applied !== undefined &&
          applied !== UNLIMITED_RULE &&
          applied.rule.name !== '' &&
          replaced.has(applied.rule.name)
        ) {
          resolutions[i] = undefined;
        }
      }
    }
    return resolutions;
  }

  /** A request override replaces matching entirely; its stats key carries every value (spec §3.3). */
  private overrideRule(domain: string, descriptor: RequestDescriptor): AppliedRule {
    let statsKey = domain;
    for (const { key, value } of descriptor.entries)
      statsKey += value === '' ? '.' + key : '.' + key + '_' + value;
    const rule: RateLimitRule = {
      requestsPerUnit: descriptor.limit!.requestsPerUnit,
      unit: descriptor.limit!.unit,
      unlimited: false,
      name: '',
      replaces: [],
      shadowMode: false,
      quotaMode: false,
      fullKey: statsKey,
      metadata: null,
    };
    return { rule, stats: this.ruleStats.forKey(statsKey), sharedValues: undefined };
  }

  private hitsOf(request: RateLimitRequest, index: number): number {
    const own = request.descriptors[index].hitsAddend;
    return own !== undefined ? own : Math.max(1, request.hitsAddend);
  }

  private decide(
    request: RateLimitRequest,
    resolutions: readonly Resolution[],
    counters: Counters,
    counts: readonly number[],
    nowSecond: number,
  ): RateLimitResponse {
    const statuses = new Array<DescriptorStatus>(resolutions.length);
    let regularOver = false;
    let quotaCount = 0;
    let quotaOver = 0;
    for (let i = 0; i < resolutions.length; i++) {
      const applied = resolutions[i];
      if (applied === UNLIMITED_RULE) {
        statuses[i] = UNLIMITED;
        continue;
      }
      if (applied === undefined) {
        statuses[i] = NO_RULE;
        if (this.quotaMode) quotaCount++;
        continue;
      }
      const { rule, stats } = applied;
      const hits = this.hitsOf(request, i);
      let outcome: LimitOutcome;
      if (counts[i] === LOCAL_CACHE_HIT) {
        outcome = decideFromLocalCache(hits, rule.shadowMode, stats);
      } else {
        outcome = decideLimit(
          rule.requestsPerUnit,
          hits,
          counts[i],
          this.nearLimitRatio,
          rule.shadowMode,
          stats,
        );
        if (outcome.overLimit)
          this.localCache?.add(counters[i]!.key, counters[i]!.windowEnd * 1000);
      }
      const overLimit = outcome.overLimit && !rule.shadowMode;
      statuses[i] = {
        code: overLimit ? Code.OVER_LIMIT : Code.OK,
        currentLimit: rule,
        limitRemaining: outcome.remaining,
        durationUntilReset: secondsUntilReset(nowSecond, UNIT_SECONDS[rule.unit]),
      };
      if (this.quotaMode || rule.quotaMode) {
        quotaCount++;
        if (overLimit) quotaOver++;
      } else if (overLimit) {
        regularOver = true;
      }
    }
    let overallCode =
      regularOver || (quotaCount > 0 && quotaOver === quotaCount) ? Code.OVER_LIMIT : Code.OK;
    if (overallCode === Code.OVER_LIMIT && this.shadowMode) {
      this.serviceStats.globalShadowMode.inc();
      overallCode = Code.OK;
    }
    return {
      overallCode,
      statuses,
      responseHeadersToAdd: this.headerNames
        ? rateLimitHeaders(statuses, (i) => this.isQuota(resolutions[i]), this.headerNames)
        : NO_HEADERS,
      dynamicMetadata: this.responseDynamicMetadata
        ? dynamicMetadata(
            request,
            statuses,
            resolutions.map((r) => (r === undefined || r === UNLIMITED_RULE ? undefined : r.rule)),
          )
        : undefined,
    };
  }

  private isQuota(resolution: Resolution): boolean {
    return resolution !== UNLIMITED_RULE && (this.quotaMode || resolution?.rule.quotaMode === true);
  }
}
