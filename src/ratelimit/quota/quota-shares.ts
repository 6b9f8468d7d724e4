import { Code, type DescriptorStatus } from '../limiter/rate-limit.model';
import type { AppliedRule } from '../rules/tree';

/** What a decision on a share group's counter told every bucket of the group on this process. */
export interface GroupUpdate {
  readonly applied: AppliedRule | undefined;
  readonly status: DescriptorStatus;
  /** The pooled demand per report interval (all instances), or undefined when the store failed. */
  readonly pooled: number | undefined;
}

/** One stream's bucket counted into a share group's counter. */
export interface Participant {
  /** allowed + denied of its last report (set through QuotaShares.setDemand while in a group). */
  demand: number;
  /** Another bucket's report on the same counter changed the numbers; re-assign if it matters. */
  refresh(update: GroupUpdate): void;
}

/**
 * The buckets of this process's streams, grouped by the counter they count into (the domain and
 * descriptor of the rule, `group`): each bucket's fraction of the group's limit is its demand over
 * the group's demand, pooled across instances through the store (DemandPool) and never less than
 * what this process's own buckets reported; at least `minShare`, at most 1. Without any demand the
 * process's buckets of the group split it equally.
 */
export class QuotaShares {
  /**
   * Each group's members and the sum of their demand (kept, not summed per question), and what
   * its members were last told (total demand, remaining, over the limit or not).
   */
  private readonly groups = new Map<
    string,
    {
      members: Set<Participant>;
      demand: number;
      told?: { total: number; remaining: number; over: boolean };
    }
  >();
  private count = 0;

  /**
   * @param gate how far (relative) the group's total demand or remaining must move before its
   *   members are asked again (a fourth of RLQS_SHARE_CHANGE: docs/rlqs.md's bound counts it).
   */
  constructor(
    private readonly minShare: number,
    private readonly gate = 0,
  ) {}

  /** Buckets of all streams of this process (the `ratelimit.rlqs.buckets` gauge). */
  get size(): number {
    return this.count;
  }

  join(group: string, participant: Participant): void {
    let entry = this.groups.get(group);
    if (entry === undefined) this.groups.set(group, (entry = { members: new Set(), demand: 0 }));
    if (entry.members.has(participant)) return;
    this.count += 1;
    entry.members.add(participant);
    entry.demand += participant.demand;
  }

  leave(group: string, participant: Participant): void {
    const entry = this.groups.get(group);
    if (entry === undefined || !entry.members.delete(participant)) return;
    this.count -= 1;
    entry.demand -= participant.demand;
    if (entry.members.size === 0) this.groups.delete(group);
  }

  /** A member's new demand (its group's sum follows). */
  setDemand(group: string | undefined, participant: Participant, demand: number): void {
    const entry = group === undefined ? undefined : this.groups.get(group);
    if (entry?.members.has(participant)) entry.demand += demand - participant.demand;
    participant.demand = demand;
  }

  /** The demand this process's buckets of the group reported last. */
  localDemand(group: string): number {
    return this.groups.get(group)?.demand ?? 0;
  }

  fraction(group: string, participant: Participant, pooled: number | undefined): number {
    const entry = this.groups.get(group);
    const total = Math.max(pooled ?? 0, entry?.demand ?? 0);
    const fraction =
      total > 0 ? participant.demand / total : 1 / Math.max(1, entry?.members.size ?? 1);
    return Math.min(1, Math.max(this.minShare, fraction));
  }

  /**
   * The group's other buckets on this process, told about a decision `from` made, unless it moved
   * neither the total demand nor the remaining by more than the gate since they were last told
   * and did not cross the limit: each report would otherwise ask every other member (n² a round).
   */
  notifyOthers(group: string, from: ReadonlySet<Participant>, update: GroupUpdate): void {
    const entry = this.groups.get(group);
    if (entry === undefined) return;
    const now = {
      total: Math.max(update.pooled ?? 0, entry.demand),
      remaining: update.status.limitRemaining,
      over: update.status.code === Code.OVER_LIMIT,
    };
    const within = (from: number, to: number) => Math.abs(to - from) <= this.gate * from;
    const told = entry.told;
    if (
      told !== undefined &&
      told.over === now.over &&
      within(told.total, now.total) &&
      within(told.remaining, now.remaining)
    ) {
      return;
    }
    entry.told = now;
    for (const member of [...entry.members]) if (!from.has(member)) member.refresh(update);
  }
}
