import { RuleStats } from '../stats/rule-stats';

const SERIES = ['hits', 'overLimit', 'nearLimit', 'shadow'] as const;
type Series = (typeof SERIES)[number];

/** A ring of `slots` buckets of one length: the sums of each series per bucket. */
class Ring {
  readonly starts: Float64Array;
  readonly values: Record<Series, Float64Array>;

  constructor(readonly slots: number) {
    this.starts = new Float64Array(slots).fill(-1);
    this.values = {
      hits: new Float64Array(slots),
      overLimit: new Float64Array(slots),
      nearLimit: new Float64Array(slots),
      shadow: new Float64Array(slots),
    };
  }

  add(start: number, deltas: readonly number[]): void {
    const at = start % this.slots;
    if (this.starts[at] !== start) {
      this.starts[at] = start;
      for (const series of SERIES) this.values[series][at] = 0;
    }
    SERIES.forEach((series, i) => (this.values[series][at] += deltas[i]));
  }

  /** The last `slots` buckets up to `last`, oldest first; missing buckets are 0. */
  view(last: number, step: number): TrafficSeries {
    const t: number[] = [];
    const out = {
      hits: [] as number[],
      overLimit: [] as number[],
      nearLimit: [] as number[],
      shadow: [] as number[],
    };
    for (let i = this.slots - 1; i >= 0; i--) {
      const start = last - i;
      const at = ((start % this.slots) + this.slots) % this.slots;
      const present = this.starts[at] === start;
      t.push(start * step);
      for (const series of SERIES) out[series].push(present ? this.values[series][at] : 0);
    }
    return { t, ...out };
  }
}

/** Unix seconds (the bucket starts) and one value per bucket per series. */
export interface TrafficSeries {
  readonly t: number[];
  readonly hits: number[];
  readonly overLimit: number[];
  readonly nearLimit: number[];
  readonly shadow: number[];
}

/**
 * One rule's traffic over the last minute (per second) and hour (per minute), sampled from its
 * statistics (`total_hits`, `over_limit`, `near_limit`, `shadow_mode`) once a second: nothing is
 * added to the decision path.
 */
export class RuleTraffic {
  private readonly seconds = new Ring(60);
  private readonly minutes = new Ring(60);
  private last: number[];

  constructor(private stats: RuleStats) {
    this.last = this.read();
  }

  /** A reload may give the rule new statistics (a new key): start from their values. */
  follow(stats: RuleStats): void {
    if (stats === this.stats) return;
    this.stats = stats;
    this.last = this.read();
  }

  sample(nowSecond: number): void {
    const now = this.read();
    const deltas = now.map((value, i) => Math.max(0, value - this.last[i]));
    this.last = now;
    this.seconds.add(nowSecond, deltas);
    this.minutes.add(Math.floor(nowSecond / 60), deltas);
  }

  view(nowSecond: number): { perSecond: TrafficSeries; perMinute: TrafficSeries } {
    return {
      perSecond: this.seconds.view(nowSecond, 1),
      perMinute: this.minutes.view(Math.floor(nowSecond / 60), 60),
    };
  }

  private read(): number[] {
    const { totalHits, overLimit, nearLimit, shadowMode } = this.stats;
    return [totalHits.value, overLimit.value, nearLimit.value, shadowMode.value];
  }
}
