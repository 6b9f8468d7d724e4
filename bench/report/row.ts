import { LoadResult } from '../tools/load-result';

/** A figure with its unit, as printed. */
export interface Figure {
  readonly value: number;
  readonly unit:
    | 'req/s'
    | 'entries/s'
    | 'ms'
    | 'MB'
    | 's'
    | 'keys'
    | 'B/key'
    | 'MiB'
    | 'req/CPU-s'
    | 'decisions/s'
    | 'KiB/rule'
    | 'decisions/G instr'
    | 'req/G instr';
  /** The load run behind it, when there is one. */
  readonly load?: LoadResult;
}

export type Verdict = 'met' | 'missed' | 'skipped' | 'info';

/** One line of the results table. */
export interface Row {
  readonly group: string;
  readonly measure: string;
  /** `default`, `MODULES=ratelimit`, or empty for rows without a service process. */
  readonly shape: string;
  readonly ours?: Figure;
  readonly baseline?: Figure;
  /** ours / baseline (for latency: p99 ours / p99 baseline). */
  readonly ratio?: number;
  /** As printed, e.g. `≥ 0.90`. */
  readonly goal?: string;
  readonly verdict: Verdict;
  readonly note?: string;
}

/** A row whose goal is a lower bound on ours / baseline. */
export function ratioRow(
  base: Pick<Row, 'group' | 'measure' | 'shape' | 'note'>,
  ours: Figure,
  baseline: Figure,
  atLeast?: number,
): Row {
  const ratio = ours.value / baseline.value;
  return {
    ...base,
    ours,
    baseline,
    ratio,
    goal: atLeast === undefined ? undefined : `≥ ${atLeast.toFixed(2)}`,
    verdict: atLeast === undefined ? 'info' : ratio >= atLeast ? 'met' : 'missed',
  };
}

export const throughput = (load: LoadResult): Figure => ({
  value: load.requestsPerSecond,
  unit: 'req/s',
  load,
});

export function skippedRow(base: Pick<Row, 'group' | 'measure' | 'shape'>, note: string): Row {
  return { ...base, verdict: 'skipped', note };
}
