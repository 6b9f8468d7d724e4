import { IncomingHttpHeaders } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../infra/clock/clock';
import { StatsRegistry } from '../infra/stats/registry';
import { DecisionTracer } from '../infra/tracing/decision-tracer';
import { httpHeadersGetter } from '../infra/tracing/trace-carriers';
import { Tracing } from '../infra/tracing/tracing';
import { Settings } from '../settings/settings';
import { Code, RateLimitRequest, RateLimitResponse, RateLimitService } from '../ratelimit';
import { ApiCaller, apiDecisionRequest } from './decision-request';
import { apiGuardCounters, ApiGuardCounters } from './guard-counters';
import { apiLimitHeaders, HeaderPairs, retryAfterSeconds } from './limit-headers';
import { ApiLimitHeaderMode, ProtectedApi } from '../settings/api-guard.settings';
import { DecisionFailureLog } from './decision-failure-log';

/** What to do with an API request. */
export interface ApiVerdict {
  readonly allowed: boolean;
  /** Rate limit headers for the answer, allowed or not. */
  readonly headers: HeaderPairs;
  /** Seconds until the refusing window ends; only for a refusal. */
  readonly retryAfterSeconds: number | undefined;
}

const LET_THROUGH: ApiVerdict = Object.freeze({
  allowed: true,
  headers: [],
  retryAfterSeconds: undefined,
});

/**
 * One decision per API request through the same RateLimitService as gRPC and `/json` (same
 * rules, store, local cache, statistics and shadow modes). Without a decision the request is
 * allowed, as Envoy's filter does with `failure_mode_deny: false`: the APIs stay up when the
 * counter store is down. Counted in `ratelimit.api_guard.<api>.*`.
 */
@Injectable()
export class ApiRateLimiter {
  readonly domain: string;
  private readonly headerMode: ApiLimitHeaderMode;
  private readonly quotaMode: boolean;
  private readonly counters: Readonly<Record<ProtectedApi, ApiGuardCounters>>;
  private readonly failures: DecisionFailureLog;
  /** Undefined unless TRACING_ENABLED. */
  private readonly tracer: DecisionTracer | undefined;

  constructor(
    settings: Settings,
    private readonly rateLimit: RateLimitService,
    registry: StatsRegistry,
    clock: Clock,
    tracing: Tracing,
  ) {
    this.domain = settings.apiRateLimit.domain;
    this.headerMode = settings.apiRateLimit.headers;
    this.quotaMode = settings.limiter.quotaMode;
    this.counters = apiGuardCounters(registry);
    this.failures = new DecisionFailureLog(clock, new Logger('ApiRateLimit'));
    this.tracer = tracing.decisions;
  }

  async decide(
    api: ProtectedApi,
    caller: ApiCaller,
    headers: IncomingHttpHeaders,
  ): Promise<ApiVerdict> {
    const counters = this.counters[api];
    const request = apiDecisionRequest(this.domain, api, caller);
    let response: RateLimitResponse;
    try {
      response =
        this.tracer === undefined
          ? await this.rateLimit.shouldRateLimitReserved(request)
          : await this.traced(this.tracer, request, headers);
    } catch (error) {
      counters.error.inc();
      counters.failureModeAllowed.inc();
      this.failures.failed(api, error);
      return LET_THROUGH;
    }
    this.failures.succeeded();
    const limitHeaders = apiLimitHeaders(response.statuses, this.headerMode, this.quotaMode);
    if (response.overallCode === Code.OVER_LIMIT) {
      counters.overLimit.inc();
      return {
        allowed: false,
        headers: limitHeaders,
        retryAfterSeconds: retryAfterSeconds(response.statuses),
      };
    }
    counters.ok.inc();
    return { allowed: true, headers: limitHeaders, retryAfterSeconds: undefined };
  }

  private traced(
    tracer: DecisionTracer,
    request: RateLimitRequest,
    headers: IncomingHttpHeaders,
  ): Promise<RateLimitResponse> {
    return tracer.trace(
      headers,
      httpHeadersGetter,
      {
        'ratelimit.transport': 'in-process',
        'ratelimit.domain': request.domain,
        'ratelimit.descriptor_count': request.descriptors.length,
      },
      () => this.rateLimit.shouldRateLimitReserved(request),
      (response) => ({ 'ratelimit.overall_code': Code[response.overallCode] }),
    );
  }
}
