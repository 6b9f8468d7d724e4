import * as grpc from '@grpc/grpc-js';
import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { CounterStore } from '../../infra/counters/counter-store.port';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import type { RateLimitResponse, RequestDescriptor } from '../limiter/rate-limit.model';
import { RateLimitService } from '../limiter/rate-limit.service';
import type { DomainRules } from '../rules/tree';
import { DemandPool } from './demand-pool';
import { QuotaShares } from './quota-shares';
import { QuotaStats } from './quota-stats';
import {
  type IncomingReport,
  QuotaStream,
  type QuotaStreamContext,
  type RejectedReport,
} from './quota-stream';
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
export class RateLimitQuotaService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('RateLimitQuota');
  private readonly streams = new Set<QuotaStream>();
  private readonly stats: QuotaStats;
  private readonly context: QuotaStreamContext;
  private readonly maxStreams: number;
  private readonly maxMessageSize: number;
  private draining = false;

  constructor(
    private readonly rateLimit: RateLimitService,
    private readonly rules: RuleConfigHolder,
    settings: Settings,
    registry: StatsRegistry,
    store: CounterStore,
  ) {
    const { assignmentTtl, bucketIdleTimeout, requestsPerTimeUnit, noRule } = settings.rlqs;
    const { reportInterval, minShare, shareChange, maxBucketsPerStream } = settings.rlqs;
    this.maxStreams = settings.rlqs.maxStreams;
    this.maxMessageSize = settings.rlqs.maxMessageSize;
    const shares = new QuotaShares(minShare, shareChange / 4);
    this.stats = new QuotaStats(
      registry,
      () => this.streams.size,
      () => shares.size,
    );
    const pool = new DemandPool(
      store,
      settings.limiter.cacheKeyPrefix,
      Math.max(1, Math.round(reportInterval / 1000)),
    );
    const { stats, streams } = this;
    this.context = {
      // Envoy reads whole seconds of a TTL.
      policy: {
        ttlSeconds: Math.max(1, Math.round(assignmentTtl / 1000)),
        requestsPerTimeUnit,
        noRule,
      },
      idleMs: bucketIdleTimeout,
      reportIntervalMs: Math.max(1000, reportInterval),
      shareChange,
      maxBuckets: maxBucketsPerStream,
      maxUnread: MAX_UNREAD_ANSWERS,
      shares,
      domainRules: (domain) => this.domainRules(domain),
      decide: (domain, descriptors) => this.decide(domain, descriptors),
      // A store that fails here leaves the shares to this process's own demand.
      pool: (samples) =>
        pool.add(samples, Date.now()).catch((error: unknown) => {
          stats.errors.inc();
          this.logger.debug(`RLQS demand pool failed: ${(error as Error).message}`);
          return samples.map(() => undefined);
        }),
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
            if ('blanketRule' in strategy && strategy.blanketRule === 'DENY_ALL') {
              stats.denyAll.inc();
            }
          }
        }
      },
      onError: () => stats.errors.inc(),
      onClosed: (stream) => streams.delete(stream),
    };
    // A reload re-assigns every bucket at once (a removed rule abandons it).
    rules.onReplace(() => {
      for (const stream of streams) stream.reassign();
    });
  }

  /**
   * SIGTERM, before the gRPC server waits for its calls to finish: every stream gets its
   * assignments again with a time to live of 0 and ends, so Envoys fall back at once and the
   * long-lived streams do not hold the shutdown until SHUTDOWN_TIMEOUT.
   */
  beforeApplicationShutdown(): void {
    this.draining = true;
    for (const stream of [...this.streams]) stream.drain();
  }

  /** The grpc-js service definition: messages decoded and encoded by usage-reports.codec.ts. */
  readonly definition: grpc.ServiceDefinition = {
    StreamRateLimitQuotas: {
      path: RLQS_METHOD_PATH,
      requestStream: true,
      responseStream: true,
      originalName: 'streamRateLimitQuotas',
      requestSerialize: (reports: UsageReports) => encodeUsageReports(reports),
      requestDeserialize: (bytes: Buffer) => this.decode(bytes),
      responseSerialize: (actions: readonly BucketAction[]) => encodeResponse(actions),
      responseDeserialize: (bytes: Buffer) => decodeResponse(bytes),
    },
  };

  readonly handle: grpc.handleBidiStreamingCall<IncomingReport, readonly BucketAction[]> = (
    call,
  ) => {
    this.stats.streams.inc();
    const refusal = this.draining
      ? 'the service is shutting down'
      : this.streams.size >= this.maxStreams
        ? `this process serves at most ${this.maxStreams} quota streams (RLQS_MAX_STREAMS)`
        : undefined;
    if (refusal !== undefined) {
      this.stats.errors.inc();
      call.emit('error', {
        code: this.draining ? grpc.status.UNAVAILABLE : grpc.status.RESOURCE_EXHAUSTED,
        details: refusal,
        metadata: new grpc.Metadata(),
      });
      return;
    }
    this.streams.add(new QuotaStream(call, this.context));
  };

  /** A report too large or not protobuf ends its stream with a clear status (QuotaStream). */
  private decode(bytes: Buffer): IncomingReport {
    if (bytes.length > this.maxMessageSize) {
      return rejected(
        grpc.status.RESOURCE_EXHAUSTED,
        `a usage report is at most ${this.maxMessageSize} bytes (RLQS_MAX_MESSAGE_SIZE); this one has ${bytes.length}`,
      );
    }
    try {
      return decodeUsageReports(bytes);
    } catch (error) {
      return rejected(
        grpc.status.INVALID_ARGUMENT,
        `not a RateLimitQuotaUsageReports message: ${(error as Error).message}`,
      );
    }
  }

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

/** Answers a client may leave unread before its stream ends (each at most one report's buckets). */
const MAX_UNREAD_ANSWERS = 64;

function rejected(code: grpc.status, details: string): RejectedReport {
  return { rejected: { code, details } };
}
