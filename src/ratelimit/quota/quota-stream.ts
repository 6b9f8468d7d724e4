import * as grpc from '@grpc/grpc-js';
import type { Logger } from '@nestjs/common';
import { Code, type RateLimitResponse, type RequestDescriptor } from '../limiter/rate-limit.model';
import type { DomainRules, Entry } from '../rules/tree';
import { bucketEntries } from './bucket-descriptor';
import { type AssignmentPolicy, quotaAction } from './quota-assignment';
import type { BucketAction, BucketUsage, UsageReports } from './usage-reports.codec';

/** What one RLQS stream needs from the service around it (RateLimitQuotaService). */
export interface QuotaStreamContext {
  readonly policy: AssignmentPolicy;
  readonly idleMs: number;
  domainRules(domain: string): DomainRules | undefined;
  /** ShouldRateLimit's decision: the same counters, rules and statistics. */
  decide(domain: string, descriptors: readonly RequestDescriptor[]): Promise<RateLimitResponse>;
  /** Streams of this process watching the bucket (this one included once subscribed). */
  subscribe(key: string): void;
  unsubscribe(key: string): void;
  subscribers(key: string): number;
  readonly logger: Logger;
  onReport(shape: UsageReports['shape']): void;
  onActions(actions: readonly BucketAction[]): void;
  onError(): void;
  onClosed(): void;
}

interface Watched {
  readonly bucket: Readonly<Record<string, string>>;
  lastReport: number;
}

type QuotaCall = grpc.ServerDuplexStream<UsageReports, readonly BucketAction[]>;

/**
 * One `StreamRateLimitQuotas` call: the first report's domain holds for the stream; every report
 * counts its buckets' allowed requests into the shared counters and is answered with their
 * assignments; a bucket denied until its window resets gets a new assignment pushed then; a bucket
 * no report named for RLQS_BUCKET_IDLE_TIMEOUT is abandoned.
 */
export class QuotaStream {
  private domain: string | undefined;
  private readonly watched = new Map<string, Watched>();
  private resetTimer: NodeJS.Timeout | undefined;
  private readonly idleTimer: NodeJS.Timeout;
  private closed = false;
  /** Reports are handled one after the other, so counts and answers keep their order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly call: QuotaCall,
    private readonly context: QuotaStreamContext,
  ) {
    this.idleTimer = setInterval(() => this.abandonIdle(), Math.max(1000, context.idleMs / 4));
    this.idleTimer.unref();
    call.on('data', (reports: UsageReports) => this.enqueue(() => this.report(reports)));
    call.on('end', () => this.close(true));
    call.on('cancelled', () => this.close(false));
    call.on('error', () => this.close(false));
  }

  /** Runs `work` after the reports before it; a failure is counted, and the next still runs. */
  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.context.onError();
      this.context.logger.warn(`RLQS stream: ${(error as Error).message}`);
    });
  }

  private async report(reports: UsageReports): Promise<void> {
    if (this.closed) return;
    this.context.onReport(reports.shape);
    if (this.domain === undefined) {
      if (reports.domain === '') {
        this.fail(grpc.status.INVALID_ARGUMENT, 'the first usage report must name the domain');
        return;
      }
      if (this.context.domainRules(reports.domain) === undefined) {
        this.fail(grpc.status.INVALID_ARGUMENT, `unknown rate limit domain "${reports.domain}"`);
        return;
      }
      this.domain = reports.domain;
    }
    const now = Date.now();
    for (const usage of reports.usages) this.watch(usage.bucket, now);
    await this.assign(reports.usages);
  }

  private watch(bucket: Readonly<Record<string, string>>, now: number): void {
    const key = bucketKey(bucket);
    const known = this.watched.get(key);
    if (known !== undefined) {
      known.lastReport = now;
      return;
    }
    this.watched.set(key, { bucket, lastReport: now });
    this.context.subscribe(`${this.domain}\u0000${key}`);
  }

  /** Counts the usages (0 allowed: a look without counting) and answers their assignments. */
  private async assign(usages: readonly BucketUsage[]): Promise<void> {
    const domain = this.domain!;
    const rules = this.context.domainRules(domain);
    const limited: { usage: BucketUsage; entries: Entry[]; index: number }[] = [];
    // In the report's order; buckets without a rule are answered without a decision.
    const actions: (BucketAction | undefined)[] = usages.map((usage, index) => {
      const entries = bucketEntries(rules, usage.bucket);
      if (entries.length > 0) limited.push({ usage, entries, index });
      return entries.length === 0 ? this.action(usage.bucket, undefined, undefined) : undefined;
    });
    let response: RateLimitResponse | undefined;
    if (limited.length > 0) {
      try {
        response = await this.context.decide(
          domain,
          limited.map(({ usage, entries }) => ({
            entries,
            limit: undefined,
            hitsAddend: usage.numRequestsAllowed,
          })),
        );
      } catch (error) {
        // No assignment: Envoy keeps its no-assignment or expired-assignment behaviour.
        this.context.onError();
        this.context.logger.debug(`RLQS decision failed: ${(error as Error).message}`);
      }
    }
    if (response !== undefined)
      limited.forEach(({ usage, entries, index }, i) => {
        actions[index] = this.action(usage.bucket, rules?.match(entries), response.statuses[i]);
      });
    this.send(actions.filter((action) => action !== undefined));
    if (response !== undefined)
      this.scheduleReset(
        limited.map((l) => l.usage),
        response,
      );
  }

  private action(
    bucket: Readonly<Record<string, string>>,
    applied: ReturnType<DomainRules['match']>,
    status: RateLimitResponse['statuses'][number] | undefined,
  ): BucketAction {
    const subscribers = this.context.subscribers(`${this.domain}\u0000${bucketKey(bucket)}`);
    return quotaAction(bucket, applied, status, subscribers, this.context.policy);
  }

  /** Denied buckets get a fresh assignment when the earliest of their windows resets. */
  private scheduleReset(usages: readonly BucketUsage[], response: RateLimitResponse): void {
    const denied: BucketUsage[] = [];
    let seconds = Infinity;
    response.statuses.forEach((status, i) => {
      if (status.code !== Code.OVER_LIMIT || status.durationUntilReset === undefined) return;
      denied.push(usages[i]);
      seconds = Math.min(seconds, status.durationUntilReset);
    });
    if (denied.length === 0 || this.resetTimer !== undefined) return;
    this.resetTimer = setTimeout(
      () => {
        this.resetTimer = undefined;
        const looks = denied
          .filter((usage) => this.watched.has(bucketKey(usage.bucket)))
          .map((usage) => ({ ...usage, numRequestsAllowed: 0 }));
        this.enqueue(() => (this.closed ? Promise.resolve() : this.assign(looks)));
      },
      Math.max(1, seconds) * 1000,
    );
    this.resetTimer.unref();
  }

  private abandonIdle(): void {
    const cutoff = Date.now() - this.context.idleMs;
    const abandoned: BucketAction[] = [];
    for (const [key, watched] of this.watched) {
      if (watched.lastReport > cutoff) continue;
      this.watched.delete(key);
      this.context.unsubscribe(`${this.domain}\u0000${key}`);
      abandoned.push({ bucket: watched.bucket, abandon: true });
    }
    if (abandoned.length > 0) this.send(abandoned);
  }

  private send(actions: readonly BucketAction[]): void {
    if (this.closed || actions.length === 0) return;
    this.context.onActions(actions);
    this.call.write(actions);
  }

  private fail(code: grpc.status, details: string): void {
    this.context.onError();
    this.call.emit('error', { code, details, metadata: new grpc.Metadata() });
    this.close(false);
  }

  private close(ended: boolean): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.idleTimer);
    if (this.resetTimer !== undefined) clearTimeout(this.resetTimer);
    for (const key of this.watched.keys()) this.context.unsubscribe(`${this.domain}\u0000${key}`);
    this.watched.clear();
    this.context.onClosed();
    if (ended) this.call.end();
  }
}

/** A bucket's identity whatever the order of its keys. */
export function bucketKey(bucket: Readonly<Record<string, string>>): string {
  return JSON.stringify(Object.entries(bucket).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
