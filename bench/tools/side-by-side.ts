import { ApiFleet, Side } from '../api-fleet';
import { ratioRow, Row, skippedRow, throughput } from '../report/row';
import { BENCH } from '../settings';
import { alternate } from './alternate';
import { LoadResult } from './load-result';
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
 * The workload on this build and on the baseline build in alternating rounds (each side keeps
 * its median run by rate), after a warm-up run on each. The row's ratio is current / baseline
 * throughput; the note gives p50 and p99 of the same runs and their ratios (lower is better).
 */
export async function sideBySide(fleet: ApiFleet, workload: SideBySideWorkload): Promise<Row> {
  const base = { group: workload.group, measure: workload.measure, shape: 'default' };
  if (!fleet.baseline)
    return skippedRow(base, `no baseline: ${fleet.baselineProblem ?? 'not started'}`);
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
  const [current, baseline] = await alternate(
    sides.map(
      ([side, service]) =>
        () =>
          runOn(side, service, BENCH.seconds),
    ),
    BENCH.rounds,
  );
  if (current.requestsPerSecond === 0 || baseline.requestsPerSecond === 0)
    return skippedRow(
      base,
      `no request completed in a ${BENCH.seconds} s run (current ${current.requestsPerSecond} req/s, baseline ${baseline.requestsPerSecond} req/s): raise BENCH_SECONDS`,
    );
  return ratioRow(
    { ...base, note: latencyNote(current, baseline) },
    throughput(current),
    throughput(baseline),
    workload.atLeast,
  );
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

function latencyNote(current: LoadResult, baseline: LoadResult): string {
  const part = (name: string, ours?: number, theirs?: number) =>
    ours === undefined || theirs === undefined
      ? `${name} ?`
      : `${name} ${ours.toFixed(2)} / ${theirs.toFixed(2)} ms (${(ours / theirs).toFixed(2)})`;
  return `${part('p50', current.p50, baseline.p50)}; ${part('p99', current.p99, baseline.p99)}`;
}
