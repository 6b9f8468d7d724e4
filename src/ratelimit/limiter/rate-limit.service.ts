import { Inject, Injectable, Optional } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import {
  CounterIncrement,
  CounterKeyRejectedError,
  CounterStore,
  RESERVED_COUNTER_STORE,
  SyncCounterStore,
} from '../../infra/counters/counter-store.port';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { cacheKeyBase } from './cache-key';
import { counterOf, Plan, withoutIncrementsBeyondLimits } from './decision-plan';
import { DecisionObserver } from './decision-observer';
import { DecisionResponder } from './decision-response';
import { LocalOverLimitCache } from './local-over-limit-cache';
import {
  InvalidRateLimitRequestError,
  RateLimitRequest,
  RateLimitResponse,
  RateLimitUnavailableError,
} from './rate-limit.model';
import { RequestValidator } from './request-validation';
import { hitsOf, RuleResolver, UNLIMITED_RULE } from './rule-resolution';

const NO_RESULTS: readonly number[] = Object.freeze([]);

/**
 * A store and its synchronous path when it has one (memory, the write-behind cache): no promise at
 * all per decision. The path may answer undefined ("not now"): then `increment` is asked.
 */
interface Lane {
  readonly store: CounterStore;
  readonly incrementSync: SyncCounterStore['incrementSync'] | undefined;
}

function laneOf(store: CounterStore): Lane {
  const sync = (store as Partial<SyncCounterStore>).incrementSync;
  return { store, incrementSync: sync?.bind(store) };
}

/** Called once per decision, with the response or the error that ends it. */
export type DecisionCallback = (error: Error | null, response?: RateLimitResponse) => void;

/**
 * ShouldRateLimit (docs/ratelimit.md#rules): match every descriptor, apply `replaces`, count all
 * limits of all limited descriptors in one store round trip, then decide per descriptor and
 * overall. The algorithms of this service's extensions are in ./limit-evaluation
 * (docs/algorithms.md). The steps are ./request-validation, ./rule-resolution, ./decision-plan and
 * ./decision-response, each built once here so a decision allocates nothing for them.
 */
@Injectable()
export class RateLimitService {
  private readonly stopIncrementWhenOverLimit: boolean;
  private readonly prefix: string;
  private readonly nearLimitRatio: number;
  private readonly localCache: LocalOverLimitCache | undefined;
  private readonly validator: RequestValidator;
  private readonly resolver: RuleResolver;
  private readonly responder: DecisionResponder;
  /** API_RATE_LIMIT_DOMAIN: decided only in process (decideReserved), never for gRPC or /json. */
  private readonly reservedDomain: string | undefined;
  /** Every domain but the reserved one. */
  private readonly lane: Lane;
  /** The reserved domain's counters (RESERVED_COUNTER_STORE; the same store unless memory). */
  private readonly reservedLane: Lane;
  /** The console's dry run, while one runs: shown every request of gRPC and /json. */
  private tap: ((request: RateLimitRequest) => void) | undefined;

  constructor(
    settings: Settings,
    private readonly rules: RuleConfigHolder,
    store: CounterStore,
    private readonly clock: Clock,
    ruleStats: RuleStatsFactory,
    private readonly serviceStats: ServiceStats,
    stats: StatsRegistry,
    @Optional() @Inject(RESERVED_COUNTER_STORE) reservedStore?: CounterStore,
    // Named, not read from the type: `DecisionObserver | null` is emitted as `Object`. Nest
    // injects null when the console's accounting is off (the factory's answer).
    @Optional() @Inject(DecisionObserver) observer?: DecisionObserver | null,
  ) {
    const { localCacheSizeInBytes, stopCacheKeyIncrementWhenOverlimit } = settings.limiter;
    this.stopIncrementWhenOverLimit = stopCacheKeyIncrementWhenOverlimit;
    this.localCache =
      localCacheSizeInBytes > 0 ? new LocalOverLimitCache(localCacheSizeInBytes, stats) : undefined;
    this.prefix = settings.limiter.cacheKeyPrefix;
    this.nearLimitRatio = settings.limiter.nearLimitRatio;
    const { maxDescriptors, maxDescriptorKeyBytes, maxDescriptorValueBytes, maxCacheKeyBytes } =
      settings.grpc;
    this.validator = new RequestValidator(
      this.prefix,
      maxDescriptors,
      {
        maxKeyBytes: maxDescriptorKeyBytes,
        maxValueBytes: maxDescriptorValueBytes,
        maxCacheKeyBytes,
      },
      serviceStats,
    );
    this.resolver = new RuleResolver(ruleStats);
    this.responder = new DecisionResponder(
      settings.limiter,
      this.localCache,
      serviceStats,
      observer ?? undefined,
    );
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
    if (this.tap !== undefined) this.tap(request);
    this.decideIn(this.lane, request, done);
  }

  /** The dry run's hook (undefined: none); it must not throw. */
  tapDecisions(tap: ((request: RateLimitRequest) => void) | undefined): void {
    this.tap = tap;
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
      withoutIncrementsBeyondLimits(lane.store, plan, this.nearLimitRatio).then(
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
      const results = lane.incrementSync(batch);
      if (results !== undefined) {
        this.finish(request, plan, results, done);
        return;
      }
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
      response = this.responder.respond(request, plan, results);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, response);
  }

  private plan(request: RateLimitRequest): Plan {
    this.validator.validate(request);
    const ruleSet = this.rules.current;
    if (ruleSet === undefined) {
      this.serviceStats.serviceError.inc();
      throw new RateLimitUnavailableError('no rate limit configuration loaded');
    }
    const resolutions = this.resolver.resolve(ruleSet.domain(request.domain), request);
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
      const hits = hitsOf(request, i);
      const first = counters.length;
      const limits = rule.limits;
      if (limits === undefined) {
        counters.push(counterOf(rule, 0, base, hits, nowMs, nowSecond));
      } else {
        for (let j = 0; j < limits.length; j++) {
          counters.push(counterOf(limits[j], j, base, hits, nowMs, nowSecond));
        }
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

  /** Keys the local over-limit cache holds; 0 when it is off (the console's health page). */
  get localCacheSize(): number {
    return this.localCache?.size ?? 0;
  }

  /** The console reset these counters: the local over-limit cache must not keep answering over. */
  forgetOverLimit(keys: readonly string[]): void {
    for (const key of keys) this.localCache?.forget(key);
  }

  /** The first of a descriptor's limits (from `first`) the local cache knows is over, or -1. */
  private locallyOver(counters: readonly CounterIncrement[], first: number, nowMs: number): number {
    const cache = this.localCache;
    if (cache === undefined) return -1;
    for (let j = first; j < counters.length; j++) {
      if (cache.has(counters[j].key, nowMs)) return j - first;
    }
    return -1;
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
}
