import * as grpc from '@grpc/grpc-js';
import { Injectable, Logger } from '@nestjs/common';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import type { RateLimitResponse, RequestDescriptor } from '../limiter/rate-limit.model';
import { RateLimitService } from '../limiter/rate-limit.service';
import type { DomainRules } from '../rules/tree';
import { QuotaStats } from './quota-stats';
import { QuotaStream, type QuotaStreamContext } from './quota-stream';
import {
  type BucketAction,
  decodeResponse,
  decodeUsageReports,
  encodeResponse,
  encodeUsageReports,
  type UsageReports,
} from './usage-reports.codec';

export const RLQS_METHOD_PATH =
  '/envoy.service.rate_limit_quota.v3.RateLimitQuotaService/StreamRateLimitQuotas';

/**
 * Envoy's rate limit quota service (RLQS, docs/rlqs.md) over the rules and counters
 * ShouldRateLimit uses: usage reports count into the same counters, and the assignments are made
 * from the same rules, so both protocols share one budget.
 */
@Injectable()
export class RateLimitQuotaService {
  private readonly logger = new Logger('RateLimitQuota');
  private readonly subscriptions = new Map<string, number>();
  private activeStreams = 0;
  private readonly stats: QuotaStats;
  private readonly context: QuotaStreamContext;

  constructor(
    private readonly rateLimit: RateLimitService,
    private readonly rules: RuleConfigHolder,
    settings: Settings,
    registry: StatsRegistry,
  ) {
    this.stats = new QuotaStats(
      registry,
      () => this.activeStreams,
      () => this.subscriptions.size,
    );
    const { assignmentTtl, bucketIdleTimeout, requestsPerTimeUnit, noRule } = settings.rlqs;
    const { stats, subscriptions } = this;
    this.context = {
      // Envoy reads whole seconds of a TTL.
      policy: {
        ttlSeconds: Math.max(1, Math.round(assignmentTtl / 1000)),
        requestsPerTimeUnit,
        noRule,
      },
      idleMs: bucketIdleTimeout,
      domainRules: (domain) => this.domainRules(domain),
      decide: (domain, descriptors) => this.decide(domain, descriptors),
      subscribe: (key) => subscriptions.set(key, (subscriptions.get(key) ?? 0) + 1),
      unsubscribe: (key) => {
        const count = (subscriptions.get(key) ?? 1) - 1;
        if (count <= 0) subscriptions.delete(key);
        else subscriptions.set(key, count);
      },
      subscribers: (key) => subscriptions.get(key) ?? 1,
      logger: this.logger,
      onReport: (shape) => {
        stats.reports.inc();
        if (shape === 'map') stats.reportsMapForm.inc();
      },
      onActions: (actions) => {
        for (const action of actions) {
          if ('abandon' in action) stats.abandons.inc();
          else {
            stats.assignments.inc();
            const { strategy } = action.assignment;
            if ('blanketRule' in strategy && strategy.blanketRule === 'DENY_ALL')
              stats.denyAll.inc();
          }
        }
      },
      onError: () => stats.errors.inc(),
      onClosed: () => (this.activeStreams -= 1),
    };
  }

  /** The grpc-js service definition: messages decoded and encoded by usage-reports.codec.ts. */
  readonly definition: grpc.ServiceDefinition = {
    StreamRateLimitQuotas: {
      path: RLQS_METHOD_PATH,
      requestStream: true,
      responseStream: true,
      originalName: 'streamRateLimitQuotas',
      requestSerialize: (reports: UsageReports) => encodeUsageReports(reports),
      requestDeserialize: (bytes: Buffer) => decodeUsageReports(bytes),
      responseSerialize: (actions: readonly BucketAction[]) => encodeResponse(actions),
      responseDeserialize: (bytes: Buffer) => decodeResponse(bytes),
    },
  };

  readonly handle: grpc.handleBidiStreamingCall<UsageReports, readonly BucketAction[]> = (call) => {
    this.stats.streams.inc();
    this.activeStreams += 1;
    new QuotaStream(call, this.context);
  };

  private domainRules(domain: string): DomainRules | undefined {
    return this.rules.current?.domain(domain);
  }

  private decide(
    domain: string,
    descriptors: readonly RequestDescriptor[],
  ): Promise<RateLimitResponse> {
    return new Promise((resolve, reject) =>
      this.rateLimit.decide({ domain, descriptors, hitsAddend: 0 }, (error, response) =>
        error ? reject(error) : resolve(response!),
      ),
    );
  }
}
