import { createHash } from 'node:crypto';
import type { CounterIncrement, CounterStore } from '../../infra/counters/counter-store.port';

/** One counter's demand reported now, and the pooled demand per interval known after adding it. */
export interface DemandSample {
  /** The share group: domain and descriptor of the rule's counter (QuotaShares' key). */
  readonly group: string;
  /** allowed + denied of the reports just received for this group (0: only a look). */
  readonly demand: number;
}

/**
 * The demand of every Envoy reporting a counter, pooled in the counter store so that several
 * instances of this service on one Redis divide one limit by the same total. Each report adds its
 * demand (allowed + denied) to the counter of the current report interval; the pooled demand per
 * interval is the larger of the last complete interval's total and the current one's so far. With
 * every Envoy reporting once per interval (Envoy's fixed 5 s) the last interval holds each
 * Envoy's last report once. One batch per report, beside the decision's (a sliding-window pair,
 * which every store supports).
 */
export class DemandPool {
  constructor(
    private readonly store: CounterStore,
    private readonly prefix: string,
    private readonly intervalSeconds: number,
  ) {}

  /** The pooled demand per group, in `samples` order. */
  async add(samples: readonly DemandSample[], nowMs: number): Promise<number[]> {
    if (samples.length === 0) return [];
    const interval = this.intervalSeconds;
    const start = Math.floor(nowMs / 1000 / interval) * interval;
    const batch: CounterIncrement[] = samples.map(({ group, demand }) => {
      // A digest: any descriptor fits every store's key rules (memcached: 250 bytes, no spaces).
      // The braces keep both intervals in one Redis Cluster slot.
      const base = `${this.prefix}{rlqs_demand_${createHash('sha1').update(group).digest('base64url')}}`;
      return {
        key: `${base}${start}`,
        hits: demand,
        windowSeconds: 2 * interval,
        windowEnd: start + 2 * interval,
        previousKey: `${base}${start - interval}`,
      };
    });
    const results = await this.store.increment(batch);
    return samples.map((_, i) => Math.max(results[2 * i], results[2 * i + 1]));
  }
}
