import type { DescriptorStatus } from '../limiter/rate-limit.model';
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
  /** allowed + denied of its last report. */
  readonly demand: number;
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
  private readonly groups = new Map<string, Set<Participant>>();
  private count = 0;

  constructor(private readonly minShare: number) {}

  /** Buckets of all streams of this process (the `ratelimit.rlqs.buckets` gauge). */
  get size(): number {
    return this.count;
  }

  join(group: string, participant: Participant): void {
    let members = this.groups.get(group);
    if (members === undefined) this.groups.set(group, (members = new Set()));
    if (!members.has(participant)) this.count += 1;
    members.add(participant);
  }

  leave(group: string, participant: Participant): void {
    const members = this.groups.get(group);
    if (members === undefined || !members.delete(participant)) return;
    this.count -= 1;
    if (members.size === 0) this.groups.delete(group);
  }

  /** The demand this process's buckets of the group reported last. */
  localDemand(group: string): number {
    let sum = 0;
    for (const member of this.groups.get(group) ?? []) sum += member.demand;
    return sum;
  }

  fraction(group: string, participant: Participant, pooled: number | undefined): number {
    const members = this.groups.get(group);
    const total = Math.max(pooled ?? 0, this.localDemand(group));
    const fraction = total > 0 ? participant.demand / total : 1 / Math.max(1, members?.size ?? 1);
    return Math.min(1, Math.max(this.minShare, fraction));
  }

  /** The group's other buckets on this process, told about a decision `from` made. */
  notifyOthers(group: string, from: ReadonlySet<Participant>, update: GroupUpdate): void {
    for (const member of [...(this.groups.get(group) ?? [])])
      if (!from.has(member)) member.refresh(update);
  }
}
