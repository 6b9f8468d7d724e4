import { Inject, Injectable, Optional } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import {
  CounterIncrement,
  CounterKeyRejectedError,
  CounterStore,
  RESERVED_COUNTER_STORE,
  resultSlots,
} from '../../infra/counters/counter-store.port';
import { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/stats-registry';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { Algorithm } from '../rules/algorithm';
import { isOverrideUnit, UNIT_SECONDS } from '../rules/rate-limit-unit';
import { AppliedRule, DomainRules, RateLimitRule } from '../rules/rule-tree';
import { RuleStats, RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { cacheKeyBase, limitKey, usesUpstreamKey } from './cache-key';
import { DescriptorSizeLimits, descriptorSizeProblem } from './descriptor-size';
import { secondsUntilReset, windowStart } from './fixed-window';
import { decideFromLocalCache } from './limit-decision';
import {
  decidingLimit,
  EvaluationContext,
  evaluateLimit,
  LimitEvaluation,
} from './limit-evaluation';
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
const NO_RESULTS: readonly number[] = Object.freeze([]);
/** What a descriptor turned into after matching: no rule, unlimited, or a rule to count. */
type Resolution = AppliedRule | typeof UNLIMITED_RULE | undefined;

/** A store and its synchronous path when it has one (memory): no promise at all per decision. */
interface Lane {
  readonly store: CounterStore;
  readonly incrementSync: ((batch: readonly CounterIncrement[]) => number[]) | undefined;
}

function laneOf(store: CounterStore): Lane {
  const sync = (store as { incrementSync?: (batch: readonly CounterIncrement[]) => number[] })
    .incrementSync;
  return { store, incrementSync: sync?.bind(store) };
}

/** Called once per decision, with the response or the error that ends it. */
export type DecisionCallback = (error: Error | null, response?: RateLimitResponse) => void;

/**
 * A decision between matching and counting: every limit's counter, in descriptor and limit order.
 * `firstCounter[i]` is descriptor i's first counter, -1 when nothing is counted for it; a
 * descriptor the local over-limit cache answered has `cachedLimit[i]` ≥ 0 (the limit that is over).
 */
interface Plan {
  readonly resolutions: readonly Resolution[];
  readonly counters: CounterIncrement[];
  readonly firstCounter: Int32Array;
  readonly cachedLimit: Int32Array | undefined;
  readonly nowMs: number;
}

/**
 * ShouldRateLimit (spec §3.1): match every descriptor, apply `replaces`, count all limits of all
 * limited descriptors in one store round trip, then decide per descriptor and overall. The
 * algorithms of this service's extensions are in ./limit-evaluation (docs/algorithms.md).
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
  private readonly sizeLimits: DescriptorSizeLimits;
  /** API_RATE_LIMIT_DOMAIN: decided only in process (decideReserved), never for gRPC or /json. */
  private readonly reservedDomain: string | undefined;
  /** Every domain but the reserved one. */
  private readonly lane: Lane;
  /** The reserved domain's counters (RESERVED_COUNTER_STORE; the same store unless memory). */
  private readonly reservedLane: Lane;

  constructor(
    settings: Settings,
    private readonly rules: RuleConfigHolder,
    store: CounterStore,
    private readonly clock: Clock,
    private readonly ruleStats: RuleStatsFactory,
    private readonly serviceStats: ServiceStats,
    stats: StatsRegistry,
    @Optional() @Inject(RESERVED_COUNTER_STORE) reservedStore?: CounterStore,
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
    const { maxDescriptorKeyBytes, maxDescriptorValueBytes, maxCacheKeyBytes } = settings.grpc;
    this.sizeLimits = {
      maxKeyBytes: maxDescriptorKeyBytes,
      maxValueBytes: maxDescriptorValueBytes,
      maxCacheKeyBytes,
    };
    this.reservedDomain = settings.apiRateLimit.domain || undefined;
    this.lane = laneOf(store);
    this.reservedLane = reservedStore === undefined ? this.lane : laneOf(reservedStore);
  }

  shouldRateLimit(request: RateLimitRequest): Promise<RateLimitResponse> {
    return new Promise((resolve, reject) =>
      this.decide(request, (error, response) => (error ? reject(error) : resolve(response!))),
    );
  }

  /** The API guard's decisions: the reserved domain only, on its own counters. */
  shouldRateLimitReserved(request: RateLimitRequest): Promise<RateLimitResponse> {
    return new Promise((resolve, reject) =>
      this.decideReserved(request, (error, response) =>
        error ? reject(error) : resolve(response!),
      ),
    );
  }

  /**
   * The decision path the transports call: the callback runs once, synchronously when the store
   * answers in process, else when its one round trip completes. The reserved domain is refused:
   * its counters are the API guard's, which no caller from outside may drive.
   */
  decide(request: RateLimitRequest, done: DecisionCallback): void {
    if (request.domain === this.reservedDomain) {
      this.serviceStats.serviceError.inc();
      done(
        new InvalidRateLimitRequestError(
          `rate limit domain "${request.domain}" is reserved for this service's own API rate limits (API_RATE_LIMIT_DOMAIN): it cannot be asked for over gRPC or /json`,
        ),
      );
      return;
    }
    this.decideIn(this.lane, request, done);
  }

  /** The API guard's path: the reserved domain's decisions, counted in the reserved store. */
  decideReserved(request: RateLimitRequest, done: DecisionCallback): void {
    if (this.reservedDomain === undefined || request.domain !== this.reservedDomain) {
      done(new InvalidRateLimitRequestError(`"${request.domain}" is not the reserved domain`));
      return;
    }
    this.decideIn(this.reservedLane, request, done);
  }

  private decideIn(lane: Lane, request: RateLimitRequest, done: DecisionCallback): void {
    let plan: Plan;
    try {
      plan = this.plan(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    const { counters } = plan;
    if (counters.length === 0) {
      this.finish(request, plan, NO_RESULTS, done);
    } else if (this.stopIncrementWhenOverLimit) {
      this.withoutIncrementsBeyondLimits(lane.store, plan).then(
        (batch) => this.count(lane, request, plan, batch, done),
        (error: unknown) => done(this.storeFailure(lane.store, error)),
      );
    } else {
      this.count(lane, request, plan, counters, done);
    }
  }

  private count(
    lane: Lane,
    request: RateLimitRequest,
    plan: Plan,
    batch: readonly CounterIncrement[],
    done: DecisionCallback,
  ): void {
    if (lane.incrementSync !== undefined) {
      this.finish(request, plan, lane.incrementSync(batch), done);
      return;
    }
    lane.store.increment(batch).then(
      (results) => this.finish(request, plan, results, done),
      (error: unknown) => done(this.storeFailure(lane.store, error)),
    );
  }

  private finish(
    request: RateLimitRequest,
    plan: Plan,
    results: readonly number[],
    done: DecisionCallback,
  ): void {
    let response: RateLimitResponse;
    try {
      response = this.respond(request, plan, results);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, response);
  }

  private plan(request: RateLimitRequest): Plan {
    this.validate(request);
    const ruleSet = this.rules.current;
    if (ruleSet === undefined) {
      this.serviceStats.serviceError.inc();
      throw new RateLimitUnavailableError('no rate limit configuration loaded');
    }
    const resolutions = this.resolve(ruleSet.domain(request.domain), request);
    const nowMs = this.clock.nowMs();
    const nowSecond = Math.floor(nowMs / 1000);
    const count = resolutions.length;
    const counters: CounterIncrement[] = [];
    const firstCounter = new Int32Array(count).fill(-1);
    let cachedLimit: Int32Array | undefined;
    for (let i = 0; i < count; i++) {
      const applied = resolutions[i];
      if (applied === undefined || applied === UNLIMITED_RULE) continue;
      const { rule } = applied;
      const descriptor = request.descriptors[i];
      const base = cacheKeyBase(
        this.prefix,
        request.domain,
        descriptor.entries,
        applied.sharedValues,
      );
      const hits = this.hitsOf(request, i);
      const first = counters.length;
      const limits = rule.limits;
      if (limits === undefined) {
        counters.push(counterOf(rule, 0, base, hits, nowMs, nowSecond));
      } else {
        for (let j = 0; j < limits.length; j++)
          counters.push(counterOf(limits[j], j, base, hits, nowMs, nowSecond));
      }
      const over = this.locallyOver(counters, first, nowMs);
      if (over >= 0) {
        (cachedLimit ??= new Int32Array(count).fill(-1))[i] = over;
        counters.length = first;
      } else {
        firstCounter[i] = first;
      }
    }
    return { resolutions, counters, firstCounter, cachedLimit, nowMs };
  }

  /** The first of a descriptor's limits (from `first`) the local cache knows is over, or -1. */
  private locallyOver(counters: readonly CounterIncrement[], first: number, nowMs: number): number {
    const cache = this.localCache;
    if (cache === undefined) return -1;
    for (let j = first; j < counters.length; j++)
      if (cache.has(counters[j].key, nowMs)) return j - first;
    return -1;
  }

  /**
   * STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT (spec §4.3): when a key of the request is already over
   * (local cache) nothing is counted; when some would go over, only those are counted. Per limit;
   * a token bucket never takes what it does not have, so it is left as it is.
   */
  private async withoutIncrementsBeyondLimits(
    store: CounterStore,
    plan: Plan,
  ): Promise<CounterIncrement[]> {
    const { counters } = plan;
    if (plan.cachedLimit !== undefined) return counters.map((counter) => ({ ...counter, hits: 0 }));
    const current = await store.read(counters);
    const limits = this.countedLimits(plan);
    const context = this.contextOf(plan);
    let at = 0;
    let anyOver = false;
    const overs = counters.map((counter, j) => {
      const limit = limits[j];
      const results = current.slice(at, at + resultSlots(counter));
      at += resultSlots(counter);
      if (limit.algorithm === Algorithm.TOKEN_BUCKET) return true;
      // What the stored counts would say after this request's hits.
      results[0] += counter.hits;
      const over = evaluateLimit(limit, counter, results, 0, context, NO_STATS).overLimit;
      anyOver ||= over;
      return over;
    });
    if (!anyOver) return counters;
    return counters.map((counter, j) => (overs[j] ? counter : { ...counter, hits: 0 }));
  }

  /** The limit of every planned counter, in counter order. */
  private countedLimits(plan: Plan): RateLimitRule[] {
    const limits: RateLimitRule[] = [];
    plan.resolutions.forEach((applied, i) => {
      if (plan.firstCounter[i] < 0) return;
      const { rule } = applied as AppliedRule;
      limits.push(...(rule.limits ?? [rule]));
    });
    return limits;
  }

  private contextOf(plan: Plan): EvaluationContext {
    return {
      nowMs: plan.nowMs,
      nowSecond: Math.floor(plan.nowMs / 1000),
      nearLimitRatio: this.nearLimitRatio,
    };
  }

  private storeFailure(store: CounterStore, error: unknown): Error {
    if (error instanceof CounterKeyRejectedError) {
      this.serviceStats.serviceError.inc();
      return new InvalidRateLimitRequestError(error.message);
    }
    this.serviceStats.storeError.inc();
    return new RateLimitUnavailableError(
      `counter store (${store.kind}) failed: ${(error as Error).message}`,
    );
  }

  private validate(request: RateLimitRequest): void {
    let problem: string | undefined;
    const count = request.descriptors.length;
    if (request.domain === '') problem = 'rate limit domain must not be empty';
    else if (count === 0) problem = 'rate limit descriptor list must not be empty';
    else if (count > this.maxDescriptors)
      problem = `rate limit descriptor list has ${count} descriptors; at most ${this.maxDescriptors} are allowed`;
    else {
      for (let i = 0; i < count; i++) {
        const limit = request.descriptors[i].limit;
        if (limit !== undefined && !isOverrideUnit(limit.unit)) {
          problem = `descriptors[${i}].limit: unit must be one of SECOND, MINUTE, HOUR, DAY, MONTH, YEAR`;
          break;
        }
      }
      problem ??= descriptorSizeProblem(request, this.prefix, this.sizeLimits);
    }
    if (problem === undefined) return;
    this.serviceStats.serviceError.inc();
    throw new InvalidRateLimitRequestError(problem);
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
      for (const limit of rule.limits ?? [rule]) {
        if (limit.replaces.length === 0) continue;
        replaced ??= new Set();
        for (const name of limit.replaces) replaced.add(name);
      }
      resolutions[i] = rule.unlimited ? UNLIMITED_RULE : applied;
    }
    if (replaced !== undefined) {
      for (let i = 0; i < resolutions.length; i++) {
        const applied = resolutions[i];
        if (applied === undefined || applied === UNLIMITED_RULE) continue;
        const { rule } = applied;
        // A rule goes when any of its limits' names is replaced.
        if ((rule.limits ?? [rule]).some((l) => l.name !== '' && replaced.has(l.name)))
          resolutions[i] = undefined;
      }
    }
    return resolutions;
  }

  /** A request override replaces matching entirely; its stats key carries every value (spec §3.3). */
  private overrideRule(domain: string, descriptor: RequestDescriptor): AppliedRule {
    let statsKey = domain;
    for (const { key, value } of descriptor.entries)
      statsKey += value === '' ? '.' + key : '.' + key + '_' + value;
    const { requestsPerUnit, unit } = descriptor.limit!;
    const rule: RateLimitRule = {
      requestsPerUnit,
      unit,
      unlimited: false,
      name: '',
      replaces: [],
      shadowMode: false,
      quotaMode: false,
      fullKey: statsKey,
      metadata: null,
      windowSeconds: UNIT_SECONDS[unit],
      unitMultiplier: 1,
      algorithm: Algorithm.FIXED_WINDOW,
      burst: requestsPerUnit,
      limits: undefined,
      label: `${descriptor.entries[descriptor.entries.length - 1]?.key ?? 'limit'}_0`,
    };
    return {
      rule,
      stats: this.ruleStats.forKey(statsKey, domain),
      sharedValues: undefined,
      limitStats: undefined,
    };
  }

  private hitsOf(request: RateLimitRequest, index: number): number {
    const own = request.descriptors[index].hitsAddend;
    return own !== undefined ? own : Math.max(1, request.hitsAddend);
  }

  private respond(
    request: RateLimitRequest,
    plan: Plan,
    results: readonly number[],
  ): RateLimitResponse {
    const { resolutions, counters, firstCounter, cachedLimit } = plan;
    const context = this.contextOf(plan);
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
    const hits = this.hitsOf(request, index);
    decideFromLocalCache(hits, rule.shadowMode, applied.stats);
    if (rule.limits !== undefined)
      decideFromLocalCache(hits, rule.shadowMode, applied.limitStats![limitIndex]);
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

/** The counter of one limit at this time: its key, this request's hits, and its expiry. */
function counterOf(
  limit: RateLimitRule,
  index: number,
  base: string,
  hits: number,
  nowMs: number,
  nowSecond: number,
): CounterIncrement {
  const window = limit.windowSeconds;
  switch (limit.algorithm) {
    case Algorithm.FIXED_WINDOW: {
      const start = windowStart(nowSecond, window);
      return {
        key: usesUpstreamKey(limit) ? base + start : limitKey(base, limit, index, start),
        hits,
        windowSeconds: window,
        windowEnd: start + window,
        previousKey: undefined,
        bucket: undefined,
      };
    }
    case Algorithm.SLIDING_WINDOW: {
      const start = windowStart(nowSecond, window);
      return {
        key: limitKey(base, limit, index, start),
        hits,
        // Read as the previous window during the next one.
        windowSeconds: 2 * window,
        windowEnd: start + 2 * window,
        previousKey: limitKey(base, limit, index, start - window),
        bucket: undefined,
      };
    }
    case Algorithm.TOKEN_BUCKET:
      return {
        key: limitKey(base, limit, index, undefined),
        hits,
        // An empty bucket is full again after this long: then its state is worthless.
        windowSeconds: Math.max(
          1,
          Math.ceil((window * limit.burst) / Math.max(1, limit.requestsPerUnit)),
        ),
        windowEnd: 0,
        previousKey: undefined,
        bucket: {
          capacity: limit.burst,
          refillPerMs: limit.requestsPerUnit / (window * 1000),
          nowMs,
        },
      };
  }
}

/** Statistics nobody reads: stop-increment mode's look ahead must not count anything. */
const scratch = new Counter('unread');
const NO_STATS: RuleStats = {
  key: '',
  totalHits: scratch,
  overLimit: scratch,
  nearLimit: scratch,
  withinLimit: scratch,
  overLimitWithLocalCache: scratch,
  shadowMode: scratch,
};
