import { toMB } from '../tools/proc-memory';
import { SoakSample } from './soak-sample';
import { SOAK } from './soak-settings';

export interface SoakVerdict {
  readonly reference: SoakSample;
  readonly end: SoakSample;
  /** end RSS / reference RSS − 1 */
  readonly change: number;
  readonly met: boolean;
  readonly note?: string;
}

/** RSS at the end against the sample at minute 2 (the first sample when the run is shorter). */
export function verdictOf(samples: readonly SoakSample[]): SoakVerdict {
  const end = samples[samples.length - 1];
  const atReference = samples.find((sample) => sample.seconds >= SOAK.referenceSeconds);
  const reference = atReference && atReference !== end ? atReference : samples[0];
  const change = end.rssBytes / reference.rssBytes - 1;
  return {
    reference,
    end,
    change,
    met: Math.abs(change) <= SOAK.tolerance,
    note:
      reference === atReference
        ? undefined
        : `run too short for a minute-2 sample: compared with the sample at ${reference.seconds} s`,
  };
}

const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : toMB(bytes).toFixed(1));

export function sampleLine(sample: SoakSample, previous: SoakSample | undefined): string {
  const seconds = sample.seconds - (previous?.seconds ?? 0);
  const requests = sample.grpc + sample.json - (previous ? previous.grpc + previous.json : 0);
  return `| ${sample.seconds} | ${mb(sample.rssBytes)} | ${mb(sample.heapUsedBytes)} / ${mb(sample.heapTotalBytes)} | ${Math.round(requests / seconds)} | ${sample.grpc} | ${sample.json} | ${sample.errors} | ${sample.keysTouched} | ${sample.evicted} | ${sample.statistics} |`;
}

export const SAMPLE_HEADER = [
  '| s | RSS MB | heap used / total MB | req/s | gRPC calls | /json calls | errors | keys touched | evicted | statistics |',
  '|---|---|---|---|---|---|---|---|---|---|',
];

/** Heap and the number of statistics at the reference sample and at the end. */
export function growthLine(verdict: SoakVerdict): string {
  const { reference, end } = verdict;
  return `heap used ${mb(reference.heapUsedBytes)} → ${mb(end.heapUsedBytes)} MB; statistics on /stats ${reference.statistics} → ${end.statistics}; evicted ${reference.evicted} → ${end.evicted}`;
}

export function verdictLine(verdict: SoakVerdict): string {
  const sign = verdict.change >= 0 ? '+' : '';
  return `RSS at the end ${mb(verdict.end.rssBytes)} MB vs ${mb(verdict.reference.rssBytes)} MB at ${verdict.reference.seconds} s: ${sign}${(verdict.change * 100).toFixed(1)} % (goal within ±${SOAK.tolerance * 100} %) ${verdict.met ? '✓' : '✗'}${verdict.note ? ` (${verdict.note})` : ''}`;
}
