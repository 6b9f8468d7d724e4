import { CounterIncrement, resultSlots } from '../../infra/counters/counter-store.port';
import { Settings } from '../../settings/settings';
import { AppliedRule, RateLimitRule } from '../rules/tree';
import { RuleStats } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { Plan, contextOf } from './decision-plan';
import { DecisionObserver } from './decision-observer';
import { dynamicMetadata } from './dynamic-metadata';
import { secondsUntilReset } from './fixed-window';
import { decideFromLocalCache } from './limit-decision';
import {
  decidingLimit,
  EvaluationContext,
  evaluateLimit,
  LimitEvaluation,
} from './limit-evaluation';
import { LocalOverLimitCache } from './local-over-limit-cache';
import {
  Code,
  DescriptorStatus,
  HeaderValue,
  RateLimitRequest,
  RateLimitResponse,
} from './rate-limit.model';
import { rateLimitHeaders, RateLimitHeaderNames } from './response-headers';
import { hitsOf, Resolution, UNLIMITED_RULE } from './rule-resolution';

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
const NO_HEADERS: readonly HeaderValue[] = Object.freeze([]);

/**
 * From the store's counts to the answer: a status per descriptor, the overall code (quota and
 * shadow mode, docs/ratelimit.md#rules), response headers and dynamic metadata. Constructed once by
 * the service; over-limit keys it sees go to the local over-limit cache.
 */
export class DecisionResponder {
  private readonly nearLimitRatio: number;
  private readonly shadowMode: boolean;
  private readonly quotaMode: boolean;
  private readonly headerNames: RateLimitHeaderNames | undefined;
  private readonly responseDynamicMetadata: boolean;

  constructor(
    limiter: Settings['limiter'],
    private readonly localCache: LocalOverLimitCache | undefined,
    private readonly serviceStats: ServiceStats,
    private readonly observer?: DecisionObserver,
  ) {
    const { responseHeadersEnabled, limitHeader, remainingHeader, resetHeader } = limiter;
    this.headerNames = responseHeadersEnabled
      ? { limit: limitHeader, remaining: remainingHeader, reset: resetHeader }
      : undefined;
    this.responseDynamicMetadata = limiter.responseDynamicMetadata;
    this.nearLimitRatio = limiter.nearLimitRatio;
    this.shadowMode = limiter.shadowMode;
    this.quotaMode = limiter.quotaMode;
  }

  respond(request: RateLimitRequest, plan: Plan, results: readonly number[]): RateLimitResponse {
    const { resolutions, counters, firstCounter, cachedLimit } = plan;
    const context = contextOf(plan, this.nearLimitRatio);
    const statuses = new Array<DescriptorStatus>(resolutions.length);
    let regularOver = false;
    let quotaCount = 0;
    let quotaOver = 0;
    let at = 0;
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
      const { rule } = applied;
      let status: DescriptorStatus;
      if (cachedLimit !== undefined && cachedLimit[i] >= 0) {
        status = this.fromLocalCache(request, i, applied, cachedLimit[i], context.nowSecond);
      } else {
        const first = firstCounter[i];
        const limits = rule.limits;
        if (limits === undefined) {
          status = this.statusOf(rule, counters[first], results, at, context, applied.stats);
          at += resultSlots(counters[first]);
        } else {
          status = this.multiLimitStatus(applied, limits, counters, first, results, at, context);
          for (let j = 0; j < limits.length; j++) at += resultSlots(counters[first + j]);
        }
      }
      statuses[i] = status;
      const overLimit = status.code === Code.OVER_LIMIT;
      if (this.observer !== undefined) {
        const entries = request.descriptors[i].entries;
        this.observer.observe(rule, entries, hitsOf(request, i), overLimit, plan.nowMs);
      }
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
        ? rateLimitHeaders(
            statuses,
            (i) => this.isQuota(resolutions[i]),
            this.headerNames,
            policiesOf(resolutions),
          )
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

  /** One limit's status; an over-limit key goes to the local cache for as long as it surely is. */
  private statusOf(
    limit: RateLimitRule,
    counter: CounterIncrement,
    results: readonly number[],
    at: number,
    context: EvaluationContext,
    stats: RuleStats,
  ): DescriptorStatus {
    const evaluation = evaluateLimit(limit, counter, results, at, context, stats);
    if (evaluation.overUntilMs > 0) this.localCache?.add(counter.key, evaluation.overUntilMs);
    return toStatus(limit, evaluation);
  }

  /**
   * `rate_limits`: every limit is evaluated with its own statistics; the deciding one (first over,
   * else least remaining) gives the status, and the descriptor's statistics count as it did.
   */
  private multiLimitStatus(
    applied: AppliedRule,
    limits: readonly RateLimitRule[],
    counters: readonly CounterIncrement[],
    first: number,
    results: readonly number[],
    at: number,
    context: EvaluationContext,
  ): DescriptorStatus {
    const evaluations: LimitEvaluation[] = [];
    const offsets: number[] = [];
    for (let j = 0; j < limits.length; j++) {
      const counter = counters[first + j];
      offsets.push(at);
      const evaluation = evaluateLimit(
        limits[j],
        counter,
        results,
        at,
        context,
        applied.limitStats![j],
      );
      if (evaluation.overUntilMs > 0) this.localCache?.add(counter.key, evaluation.overUntilMs);
      evaluations.push(evaluation);
      at += resultSlots(counter);
    }
    const d = decidingLimit(evaluations);
    // The descriptor's own statistics, as the deciding limit counted.
    evaluateLimit(limits[d], counters[first + d], results, offsets[d], context, applied.stats);
    return toStatus(limits[d], evaluations[d]);
  }

  private fromLocalCache(
    request: RateLimitRequest,
    index: number,
    applied: AppliedRule,
    limitIndex: number,
    nowSecond: number,
  ): DescriptorStatus {
    const { rule } = applied;
    const limit = rule.limits?.[limitIndex] ?? rule;
    const hits = hitsOf(request, index);
    decideFromLocalCache(hits, rule.shadowMode, applied.stats);
    if (rule.limits !== undefined) {
      decideFromLocalCache(hits, rule.shadowMode, applied.limitStats![limitIndex]);
    }
    return {
      code: rule.shadowMode ? Code.OK : Code.OVER_LIMIT,
      currentLimit: limit,
      limitRemaining: 0,
      durationUntilReset: secondsUntilReset(nowSecond, limit.windowSeconds),
    };
  }

  private isQuota(resolution: Resolution): boolean {
    return resolution !== UNLIMITED_RULE && (this.quotaMode || resolution?.rule.quotaMode === true);
  }
}

/** Every limit of the limited descriptors, for the RateLimit-Policy field. */
function policiesOf(resolutions: readonly Resolution[]): RateLimitRule[] {
  const limits: RateLimitRule[] = [];
  for (const applied of resolutions) {
    if (applied === undefined || applied === UNLIMITED_RULE) continue;
    limits.push(...(applied.rule.limits ?? [applied.rule]));
  }
  return limits;
}

function toStatus(limit: RateLimitRule, evaluation: LimitEvaluation): DescriptorStatus {
  return {
    code: evaluation.overLimit && !limit.shadowMode ? Code.OVER_LIMIT : Code.OK,
    currentLimit: limit,
    limitRemaining: evaluation.remaining,
    durationUntilReset: evaluation.resetSeconds,
  };
}
