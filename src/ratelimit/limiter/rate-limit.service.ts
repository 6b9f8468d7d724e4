import { Injectable } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import { CounterIncrement, CounterStore } from '../../infra/counters/counter-store.port';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { isOverrideUnit, UNIT_SECONDS } from '../rules/rate-limit-unit';
import { AppliedRule, DomainRules, RateLimitRule } from '../rules/rule-tree';
import { RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { cacheKey } from './cache-key';
import { secondsUntilReset, windowStart } from './fixed-window';
import { decideLimit } from './limit-decision';
import {
  Code,
  DescriptorStatus,
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

  constructor(
    settings: Settings,
    private readonly rules: RuleConfigHolder,
    private readonly store: CounterStore,
    private readonly clock: Clock,
    private readonly ruleStats: RuleStatsFactory,
    private readonly serviceStats: ServiceStats,
  ) {
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

    const nowSecond = Math.floor(this.clock.nowMs() / 1000);
    const batch: CounterIncrement[] = [];
    for (let i = 0; i < resolutions.length; i++) {
      const applied = resolutions[i];
      if (applied === undefined || applied === UNLIMITED_RULE) continue;
      const windowSeconds = UNIT_SECONDS[applied.rule.unit];
      const start = windowStart(nowSecond, windowSeconds);
      batch.push({
        key: cacheKey(
          this.prefix,
          request.domain,
          request.descriptors[i].entries,
          applied.sharedValues,
          start,
        ),
        hits: this.hitsOf(request, i),
        windowSeconds,
        windowEnd: start + windowSeconds,
      });
    }
    const counts = batch.length === 0 ? [] : await this.count(batch);
    return this.decide(request, resolutions, counts, nowSecond);
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

  private async count(batch: readonly CounterIncrement[]): Promise<number[]> {
    try {
      return await this.store.increment(batch);
    } catch (error) {
      this.serviceStats.storeError.inc();
      throw new RateLimitUnavailableError(
        `counter store (${this.store.kind}) failed: ${(error as Error).message}`,
      );
    }
  }

  private decide(
    request: RateLimitRequest,
    resolutions: readonly Resolution[],
    counts: readonly number[],
    nowSecond: number,
  ): RateLimitResponse {
    const statuses = new Array<DescriptorStatus>(resolutions.length);
    let regularOver = false;
    let quotaCount = 0;
    let quotaOver = 0;
    let next = 0;
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
      const outcome = decideLimit(
        rule.requestsPerUnit,
        this.hitsOf(request, i),
        counts[next++],
        this.nearLimitRatio,
        rule.shadowMode,
        stats,
      );
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
    return { overallCode, statuses, responseHeadersToAdd: [] };
  }
}
