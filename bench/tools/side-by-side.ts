import { ApiFleet, Side } from '../api-fleet';
import { Row, skippedRow, throughput } from '../report/row';
import { BENCH } from '../settings';
import { LoadResult } from './load-result';
import { median, medianBy } from './median';
import { Service } from './service-launcher';
import { HttpRequestSpec, wrkRequest } from './wrk-request';

/** One workload of the content or Teams rows, the same request kind sent to both builds. */
export interface SideBySideWorkload {
  readonly group: string;
  readonly measure: string;
  /** The request for one side (ids may differ between the two processes). */
  readonly request: (side: Side) => HttpRequestSpec;
  /**
   * Why this side would not measure what the row says (an error answer, a cache that is not
   * hit), or undefined when it would. Asked before measuring: wrk only counts statuses.
   */
  readonly problem: (service: Service, side: Side) => Promise<string | undefined>;
  /** Lower bound on current / baseline throughput; none for information rows. */
  readonly atLeast?: number;
}

/**
 * The workload on this build and on the baseline build in `BENCH_API_ROUNDS` paired rounds,
 * after a warm-up run on each. The row's ratio is the median of the rounds' current / baseline
 * throughput ratios (ours and baseline: each side's median run); the note gives the range of
 * those ratios, and p50 and p99 (medians, and the median of the rounds' ratios; lower is better).
 */
export async function sideBySide(fleet: ApiFleet, workload: SideBySideWorkload): Promise<Row> {
  const base = { group: workload.group, measure: workload.measure, shape: 'default' };
  if (!fleet.baseline) {
    return skippedRow(base, `no baseline: ${fleet.baselineProblem ?? 'not started'}`);
  }
  const sides: [Side, Service][] = [
    ['current', fleet.current],
    ['baseline', fleet.baseline],
  ];
  for (const [side, service] of sides) {
    const problem = await workload.problem(service, side);
    if (problem !== undefined) return skippedRow(base, `${side}: ${problem}`);
  }
  const runOn = async (side: Side, service: Service, seconds: number) => {
    const result = await wrkRequest(service.httpUrl, workload.request(side), {
      seconds,
      connections: BENCH.apiConnections,
    });
    await settle(service);
    return result;
  };
  // JIT, caches and connections warm before the first measured round of either side.
  for (const [side, service] of sides) await runOn(side, service, Math.min(2, BENCH.seconds));
  // Paired rounds: the two runs of a round are adjacent in time (the first side alternates),
  // so each round's current / baseline ratio sees nearly the same machine; the row's ratio is
  // the median of those ratios, which a slow spell of other load moves far less than a ratio
  // of two medians taken minutes apart.
  const pairs: { current: LoadResult; baseline: LoadResult }[] = [];
  for (let round = 0; round < BENCH.apiRounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const runs = new Map<Side, LoadResult>();
    for (const [side, service] of order) runs.set(side, await runOn(side, service, BENCH.seconds));
    pairs.push({ current: runs.get('current')!, baseline: runs.get('baseline')! });
  }
  const empty = pairs.find(
    (pair) => !pair.current.requestsPerSecond || !pair.baseline.requestsPerSecond,
  );
  if (empty) {
    return skippedRow(
      base,
      `no request completed in a ${BENCH.seconds} s run (current ${empty.current.requestsPerSecond} req/s, baseline ${empty.baseline.requestsPerSecond} req/s): raise BENCH_SECONDS`,
    );
  }
  const current = medianBy(
    pairs.map((pair) => pair.current),
    (run) => run.requestsPerSecond,
  );
  const baseline = medianBy(
    pairs.map((pair) => pair.baseline),
    (run) => run.requestsPerSecond,
  );
  const ratios = pairs.map(
    (pair) => pair.current.requestsPerSecond / pair.baseline.requestsPerSecond,
  );
  const ratio = median(ratios);
  const spread = `rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
  return {
    ...base,
    ours: throughput(current),
    baseline: throughput(baseline),
    ratio,
    goal: workload.atLeast === undefined ? undefined : `≥ ${workload.atLeast.toFixed(2)}`,
    verdict: workload.atLeast === undefined ? 'info' : ratio >= workload.atLeast ? 'met' : 'missed',
    note: `${spread}; ${latencyNote(pairs)}`,
  };
}

/**
 * Waits until the requests wrk left in flight are done: wrk stops at its deadline, but the
 * service still works off one request per connection, which would otherwise run into the other
 * side's next run. PGlite runs on the event loop, so a fast `/healthcheck` answer means the
 * backlog is gone (at most 3 s: a loaded machine may never answer that fast; 8 requests left
 * in flight take well under that).
 */
async function settle(service: Service): Promise<void> {
  const deadline = performance.now() + 3000;
  let fast = 0;
  while (fast < 2 && performance.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${service.httpUrl}/healthcheck`);
    await response.arrayBuffer();
    fast = performance.now() - started < 20 ? fast + 1 : 0;
  }
}

/** p50 and p99 of the median runs, and the median of the rounds' ratios of each. */
function latencyNote(pairs: readonly { current: LoadResult; baseline: LoadResult }[]): string {
  const part = (name: string, of: (run: LoadResult) => number | undefined) => {
    const ours = pairs.map((pair) => of(pair.current));
    const theirs = pairs.map((pair) => of(pair.baseline));
    if (ours.some((value) => value === undefined) || theirs.some((value) => value === undefined)) {
      return `${name} ?`;
    }
    const ratios = ours.map((value, index) => (value ?? NaN) / (theirs[index] ?? NaN));
    const mid = (values: (number | undefined)[]) => median(values.map((value) => value ?? NaN));
    return `${name} ${mid(ours).toFixed(2)} / ${mid(theirs).toFixed(2)} ms (${median(ratios).toFixed(2)})`;
  };
  return `${part('p50', (run) => run.p50)}; ${part('p99', (run) => run.p99)}`;
}
