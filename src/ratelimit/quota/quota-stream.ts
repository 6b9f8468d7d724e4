import * as grpc from '@grpc/grpc-js';
import type { Logger } from '@nestjs/common';
import {
  Code,
  type DescriptorStatus,
  type RateLimitResponse,
  type RequestDescriptor,
} from '../limiter/rate-limit.model';
import type { AppliedRule, DomainRules, Entry } from '../rules/tree';
import { bucketEntries } from './bucket-descriptor';
import type { DemandSample } from './demand-pool';
import { type AssignmentPolicy, quotaAction } from './quota-assignment';
import type { GroupUpdate, Participant, QuotaShares } from './quota-shares';
import type {
  AssignmentAction,
  BucketAction,
  BucketUsage,
  Strategy,
  UsageReports,
} from './usage-reports.codec';

/** A message the service could not take as a usage report (too large, not protobuf). */
export interface RejectedReport {
  readonly rejected: { readonly code: grpc.status; readonly details: string };
}

export type IncomingReport = UsageReports | RejectedReport;

/** What one RLQS stream needs from the service around it (RateLimitQuotaService). */
export interface QuotaStreamContext {
  readonly policy: AssignmentPolicy;
  readonly idleMs: number;
  /** RLQS_REPORT_INTERVAL in ms: windows longer than it get a new assignment when they roll over. */
  readonly reportIntervalMs: number;
  /** Relative change of a share that is pushed without waiting for the bucket's next report. */
  readonly shareChange: number;
  readonly maxBuckets: number;
  /** Answers a client may leave unread (messages) before its stream is ended. */
  readonly maxUnread: number;
  readonly shares: QuotaShares;
  domainRules(domain: string): DomainRules | undefined;
  /** ShouldRateLimit's decision: the same counters, rules and statistics. */
  decide(domain: string, descriptors: readonly RequestDescriptor[]): Promise<RateLimitResponse>;
  /** Adds the demand to the pool (DemandPool); undefined per group when the store failed. */
  pool(samples: readonly DemandSample[]): Promise<(number | undefined)[]>;
  readonly logger: Logger;
  onReport(shape: UsageReports['shape']): void;
  onActions(actions: readonly BucketAction[]): void;
  onError(): void;
  onClosed(stream: QuotaStream): void;
}

/** A bucket this stream reported, and what it was last assigned. */
class Watched implements Participant {
  lastReport = 0;
  /** The last report that named it with requests (allowed or denied), or its first report. */
  lastUsed = 0;
  demand = 0;
  /** The share group (domain and descriptor of its rule), when a rule limits it. */
  group: string | undefined;
  sent: AssignmentAction | undefined;
  fraction = 1;
  /** When its window resets (ms), for buckets whose window rollover brings a new assignment. */
  resetAt: number | undefined;

  constructor(
    readonly key: string,
    readonly bucket: Readonly<Record<string, string>>,
    private readonly stream: QuotaStream,
  ) {}

  refresh(update: GroupUpdate): void {
    this.stream.refresh(this, update);
  }
}

type QuotaCall = grpc.ServerDuplexStream<IncomingReport, readonly BucketAction[]>;

/** Reports waiting past this many pause the stream (HTTP/2 flow control holds the client). */
const MAX_QUEUED_REPORTS = 8;

/**
 * One `StreamRateLimitQuotas` call: the first report's domain holds for the stream; every report
 * counts its buckets' allowed requests into the shared counters and is answered with their
 * assignments; a bucket's share follows its demand (QuotaShares), and a change another stream's
 * report makes is pushed when it is noticeable; a bucket gets a new assignment when its window
 * rolls over (denied buckets, and windows longer than the report interval); a rule reload
 * re-assigns at once (a removed rule abandons); a bucket no report named, or named only with zero
 * usage, for RLQS_BUCKET_IDLE_TIMEOUT is abandoned.
 */
export class QuotaStream {
  private domain: string | undefined;
  private readonly watched = new Map<string, Watched>();
  private resetTimer: NodeJS.Timeout | undefined;
  private resetTimerAt = Infinity;
  private readonly idleTimer: NodeJS.Timeout;
  private closed = false;
  /** Reports are handled one after the other, so counts and answers keep their order. */
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  /** Assignments pushed because of other streams' reports, sent together (refresh). */
  private pushes: BucketAction[] = [];

  constructor(
    private readonly call: QuotaCall,
    private readonly context: QuotaStreamContext,
  ) {
    this.idleTimer = setInterval(() => this.abandonIdle(), Math.max(1000, context.idleMs / 4));
    this.idleTimer.unref();
    call.on('data', (message: IncomingReport) => {
      if ('rejected' in message) {
        this.fail(message.rejected.code, message.rejected.details);
        return;
      }
      this.enqueue(() => this.report(message));
    });
    call.on('end', () => this.close(true));
    call.on('cancelled', () => this.close(false));
    call.on('error', () => this.close(false));
  }

  /** Runs `work` after the reports before it; a failure is counted, and the next still runs. */
  private enqueue(work: () => Promise<void>): void {
    this.queued += 1;
    if (this.queued > MAX_QUEUED_REPORTS) this.call.pause();
    this.queue = this.queue
      .then(work)
      .catch((error: unknown) => {
        this.context.onError();
        this.context.logger.warn(`RLQS stream: ${(error as Error).message}`);
      })
      .finally(() => {
        this.queued -= 1;
        if (this.queued === MAX_QUEUED_REPORTS && !this.closed) this.call.resume();
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
    const fresh = new Set(reports.usages.map((usage) => bucketKey(usage.bucket)));
    for (const key of this.watched.keys()) fresh.delete(key);
    if (this.watched.size + fresh.size > this.context.maxBuckets) {
      this.fail(
        grpc.status.RESOURCE_EXHAUSTED,
        `a quota stream holds at most ${this.context.maxBuckets} buckets (RLQS_MAX_BUCKETS_PER_STREAM)`,
      );
      return;
    }
    const now = Date.now();
    const watched = reports.usages.map((usage) => {
      const key = bucketKey(usage.bucket);
      let bucket = this.watched.get(key);
      if (bucket === undefined) {
        this.watched.set(key, (bucket = new Watched(key, usage.bucket, this)));
        bucket.lastUsed = now;
      }
      bucket.lastReport = now;
      if (usage.numRequestsAllowed + usage.numRequestsDenied > 0) bucket.lastUsed = now;
      return bucket;
    });
    await this.assign(watched, reports.usages, 'report');
  }

  /**
   * Counts the usages (none without usages: a re-assignment nobody asked for, at a window's
   * rollover or a reload) and answers their assignments; after a reload only those whose limit
   * changed go out.
   */
  private async assign(
    buckets: readonly Watched[],
    usages: readonly BucketUsage[] | undefined,
    kind: 'report' | 'rollover' | 'reload',
  ): Promise<void> {
    const domain = this.domain!;
    const rules = this.context.domainRules(domain);
    const { shares } = this.context;
    const limited: { bucket: Watched; entries: Entry[]; hits: number; index: number }[] = [];
    // In the report's order; buckets without a rule are answered without a decision.
    const actions: (BucketAction | undefined)[] = new Array<undefined>(buckets.length);
    const demands = new Map<string, number>();
    for (const [i, bucket] of buckets.entries()) {
      const usage = usages?.[i];
      const entries = bucketEntries(rules, bucket.bucket);
      const group = entries.length === 0 ? undefined : `${domain}\u0000${JSON.stringify(entries)}`;
      if (kind === 'reload' && bucket.group !== undefined && group === undefined) {
        // Its rule is gone: Envoy drops the bucket and starts anew on its next request.
        this.forget(bucket);
        actions[i] = { bucket: bucket.bucket, abandon: true };
        continue;
      }
      if (bucket.group !== group) {
        if (bucket.group !== undefined) shares.leave(bucket.group, bucket);
        if (group !== undefined) shares.join(group, bucket);
        bucket.group = group;
      }
      if (usage !== undefined) {
        shares.setDemand(group, bucket, usage.numRequestsAllowed + usage.numRequestsDenied);
      }
      if (group === undefined) {
        const unlimited = quotaAction(bucket.bucket, undefined, undefined, 1, this.context.policy);
        actions[i] = this.offer(bucket, unlimited, 1, kind);
        continue;
      }
      limited.push({ bucket, entries, hits: usage?.numRequestsAllowed ?? 0, index: i });
      if (usage !== undefined) demands.set(group, (demands.get(group) ?? 0) + bucket.demand);
      else if (!demands.has(group)) demands.set(group, 0);
    }
    let response: RateLimitResponse | undefined;
    let pooled: (number | undefined)[] = [];
    const groups = [...demands.keys()];
    if (limited.length > 0) {
      const decision = this.context.decide(
        domain,
        limited.map(({ entries, hits }) => ({ entries, limit: undefined, hitsAddend: hits })),
      );
      const pooling = this.context.pool(
        groups.map((group) => ({ group, demand: demands.get(group)! })),
      );
      try {
        [response, pooled] = await Promise.all([decision, pooling]);
      } catch (error) {
        // No assignment: Envoy keeps its no-assignment or expired-assignment behaviour.
        this.context.onError();
        this.context.logger.debug(`RLQS decision failed: ${(error as Error).message}`);
      }
    }
    const updates = new Map<string, GroupUpdate>();
    if (response !== undefined) {
      limited.forEach(({ bucket, entries, index }, i) => {
        const status = response.statuses[i];
        const applied = rules?.match(entries);
        const update = { applied, status, pooled: pooled[groups.indexOf(bucket.group!)] };
        if (!updates.has(bucket.group!)) updates.set(bucket.group!, update);
        const fraction = shares.fraction(bucket.group!, bucket, update.pooled);
        actions[index] = this.offer(
          bucket,
          quotaAction(bucket.bucket, applied, status, fraction, this.context.policy),
          fraction,
          kind,
        );
        this.noteReset(bucket, applied, status);
      });
    }
    this.send(actions.filter((action) => action !== undefined));
    this.scheduleReset();
    // Other buckets counting into the same counters learn the new numbers.
    const from = new Set<Participant>(buckets);
    for (const [group, update] of updates) shares.notifyOthers(group, from, update);
  }

  /** The action to send, unless it is a reload's re-assignment that changes no limit. */
  private offer(
    bucket: Watched,
    action: AssignmentAction,
    fraction: number,
    kind: 'report' | 'rollover' | 'reload',
  ): AssignmentAction | undefined {
    if (kind === 'reload' && bucket.sent !== undefined && sameLimit(bucket.sent, action)) {
      return undefined;
    }
    bucket.sent = action;
    bucket.fraction = fraction;
    return action;
  }

  /**
   * Another bucket of the same counter was decided: this one gets a new assignment when its
   * fraction, or the tokens it is granted (its fraction of what remains, which the other buckets'
   * usage lowers), moved by more than RLQS_SHARE_CHANGE, or the kind of assignment changed (the
   * budget ran out).
   */
  refresh(bucket: Watched, update: GroupUpdate): void {
    if (this.closed || bucket.group === undefined) return;
    const fraction = this.context.shares.fraction(bucket.group, bucket, update.pooled);
    const change = this.context.shareChange;
    const moved = (from: number, to: number) => Math.abs(to - from) > change * from;
    if (unmovedTokens(bucket, fraction, update, moved)) return;
    const action = quotaAction(
      bucket.bucket,
      update.applied,
      update.status,
      fraction,
      this.context.policy,
    );
    const before = bucket.sent;
    const noticeable =
      before === undefined ||
      kindOf(before.assignment.strategy) !== kindOf(action.assignment.strategy) ||
      moved(bucket.fraction, fraction) ||
      moved(amountOf(before.assignment.strategy), amountOf(action.assignment.strategy));
    if (!noticeable) return;
    bucket.sent = action;
    bucket.fraction = fraction;
    this.noteReset(bucket, update.applied, update.status);
    // One message for all the pushes one report causes on this stream (one per counter else).
    if (this.pushes.length === 0) {
      queueMicrotask(() => {
        this.send(this.pushes.splice(0));
        this.scheduleReset();
      });
    }
    this.pushes.push(action);
  }

  /** Re-assigns every bucket under the rules now loaded (a reload); a removed rule abandons. */
  reassign(): void {
    if (this.closed || this.domain === undefined) return;
    this.enqueue(() => this.assign([...this.watched.values()], undefined, 'reload'));
  }

  /**
   * SIGTERM: every assignment sent is sent again with a time to live of 0, so the Envoys fall back
   * to their expired-assignment behaviour at once instead of holding it for the TTL; then the
   * stream ends (OK).
   */
  drain(): void {
    if (this.closed) return;
    const expired: BucketAction[] = [];
    for (const bucket of this.watched.values()) {
      if (bucket.sent !== undefined) {
        expired.push({
          bucket: bucket.bucket,
          assignment: { ttlSeconds: 0, strategy: bucket.sent.assignment.strategy },
        });
      }
    }
    this.send(expired);
    this.close(true);
  }

  /**
   * Remembers when the bucket's window resets, if a new assignment is due then: a denied bucket
   * (its budget is back), or a window longer than the report interval (the share of a fresh
   * window; shorter windows are refilled by Envoy's token bucket).
   */
  private noteReset(
    bucket: Watched,
    applied: AppliedRule | undefined,
    status: DescriptorStatus,
  ): void {
    const rule = applied?.rule;
    bucket.resetAt = undefined;
    if (status.durationUntilReset === undefined || rule === undefined) return;
    if (rule.unlimited || rule.shadowMode) return;
    const denied = status.code === Code.OVER_LIMIT;
    if (!denied && rule.windowSeconds * 1000 <= this.context.reportIntervalMs) return;
    // Windows are epoch-aligned: the decision's second plus the seconds left is the window's end.
    bucket.resetAt =
      (Math.floor(Date.now() / 1000) + Math.max(1, status.durationUntilReset)) * 1000;
  }

  /** One timer per stream, at the earliest window reset its buckets wait for. */
  private scheduleReset(): void {
    let at = Infinity;
    for (const bucket of this.watched.values()) {
      if (bucket.resetAt !== undefined) at = Math.min(at, bucket.resetAt);
    }
    if (at === Infinity || at >= this.resetTimerAt || this.closed) return;
    if (this.resetTimer !== undefined) clearTimeout(this.resetTimer);
    this.resetTimerAt = at;
    this.resetTimer = setTimeout(() => this.rollOver(), Math.max(0, at - Date.now()));
    this.resetTimer.unref();
  }

  private rollOver(): void {
    this.resetTimer = undefined;
    this.resetTimerAt = Infinity;
    const now = Date.now();
    const due = [...this.watched.values()].filter(
      (bucket) => bucket.resetAt !== undefined && bucket.resetAt <= now,
    );
    for (const bucket of due) bucket.resetAt = undefined;
    if (due.length > 0) {
      this.enqueue(() =>
        this.closed ? Promise.resolve() : this.assign(due, undefined, 'rollover'),
      );
    }
    this.scheduleReset();
  }

  private abandonIdle(): void {
    const cutoff = Date.now() - this.context.idleMs;
    const abandoned: BucketAction[] = [];
    for (const bucket of this.watched.values()) {
      // Envoy reports every bucket it holds at each interval, idle ones with zero usage.
      if (Math.min(bucket.lastReport, bucket.lastUsed) > cutoff) continue;
      this.forget(bucket);
      abandoned.push({ bucket: bucket.bucket, abandon: true });
    }
    this.send(abandoned);
  }

  private forget(bucket: Watched): void {
    this.watched.delete(bucket.key);
    if (bucket.group !== undefined) this.context.shares.leave(bucket.group, bucket);
    bucket.group = undefined;
  }

  private send(actions: readonly BucketAction[]): void {
    if (this.closed || actions.length === 0) return;
    this.context.onActions(actions);
    this.call.write(actions);
    // A client that stops reading: its answers pile up here, so the stream ends instead.
    if (this.call.writableLength > this.context.maxUnread) {
      this.fail(
        grpc.status.RESOURCE_EXHAUSTED,
        'the client does not read its quota assignments; the stream is ended',
      );
    }
  }

  private fail(code: grpc.status, details: string): void {
    if (this.closed) return;
    this.context.onError();
    this.call.emit('error', { code, details, metadata: new grpc.Metadata() });
    this.close(false);
  }

  private close(ended: boolean): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.idleTimer);
    if (this.resetTimer !== undefined) clearTimeout(this.resetTimer);
    for (const bucket of [...this.watched.values()]) this.forget(bucket);
    this.context.onClosed(this);
    if (ended) this.call.end();
  }
}

/**
 * The common case of a push decided without building the assignment (every report asks it of
 * every other bucket of its counters): a token bucket still under the limit whose fraction and
 * tokens (fraction × remaining, which a rule's burst can only lower, and then lowers for the last
 * assignment too) moved by no more than RLQS_SHARE_CHANGE.
 */
function unmovedTokens(
  bucket: Watched,
  fraction: number,
  update: GroupUpdate,
  moved: (from: number, to: number) => boolean,
): boolean {
  const strategy = bucket.sent?.assignment.strategy;
  if (strategy === undefined || !('tokenBucket' in strategy)) return false;
  if (update.status.code === Code.OVER_LIMIT || moved(bucket.fraction, fraction)) return false;
  const tokens = Math.max(1, Math.floor(fraction * update.status.limitRemaining + 1e-9));
  return !moved(strategy.tokenBucket.maxTokens, tokens);
}

/** The requests an assignment grants: a token bucket's tokens, a unit's requests. */
function amountOf(strategy: Strategy): number {
  if ('tokenBucket' in strategy) return strategy.tokenBucket.maxTokens;
  if ('requestsPerTimeUnit' in strategy) return strategy.requestsPerTimeUnit.requests;
  return 0;
}

function kindOf(strategy: Strategy): string {
  return 'blanketRule' in strategy ? strategy.blanketRule : Object.keys(strategy)[0];
}

/**
 * Whether a reload leaves what Envoy enforces as it is: the same kind, and the same limit (a token
 * bucket's tokens left follow the counter, not the rule, so they are not compared).
 */
function sameLimit(a: AssignmentAction, b: AssignmentAction): boolean {
  const [x, y] = [a.assignment.strategy, b.assignment.strategy];
  if ('tokenBucket' in x && 'tokenBucket' in y) {
    return (
      x.tokenBucket.tokensPerFill === y.tokenBucket.tokensPerFill &&
      x.tokenBucket.fillIntervalSeconds === y.tokenBucket.fillIntervalSeconds
    );
  }
  return JSON.stringify(x) === JSON.stringify(y);
}

/** A bucket's identity whatever the order of its keys. */
export function bucketKey(bucket: Readonly<Record<string, string>>): string {
  return JSON.stringify(Object.entries(bucket).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
