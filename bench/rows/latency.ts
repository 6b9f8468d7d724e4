import { Fleet, shapeServices } from '../fleet';
import { grpcLoad } from '../load';
import { ONE } from '../requests';
import { Row, skippedRow } from '../report/row';
import { BENCH } from '../settings';
import { alternate } from '../tools/alternate';
import { grpcProblem } from '../tools/probe';
import { shapeLabel, SHAPES } from '../tools/service-launcher';

const MEASURE = 'gRPC p99 at half the no-op’s saturated rate, memory store, 1 descriptor';
const AT_MOST = 1.5;

/**
 * p50/p99 at a fixed rate, half the no-op server's saturated rate (measured by the throughput
 * rows, or here when they did not run), one stream per h2load connection, for the no-op and the
 * service in both process shapes alternately. Goal: ours p99 ≤ 1.5 × the no-op's p99.
 */
export async function latencyRows(fleet: Fleet, grpcBaseline: number | undefined): Promise<Row[]> {
  const saturated = grpcBaseline ?? (await grpcLoad(fleet.noopGrpc.url, ONE)).requestsPerSecond;
  const rpsPerClient = Math.max(1, Math.floor(saturated / 2 / BENCH.grpcLoad.clients));
  const rate = rpsPerClient * BENCH.grpcLoad.clients;
  const services = SHAPES.map((shape) => shapeServices(fleet).memory[shape].service);
  const rows: Row[] = [];
  const problems = await Promise.all(services.map((service) => grpcProblem(service, ONE)));
  const measured = services.filter((_, index) => problems[index] === undefined);
  services.forEach((service, index) => {
    const problem = problems[index];
    if (problem !== undefined) {
      rows.push(
        skippedRow(
          { group: 'latency', measure: MEASURE, shape: shapeLabel(service.shape) },
          problem,
        ),
      );
    }
  });
  if (measured.length === 0) return rows;
  const [baseline, ...ours] = await alternate(
    [fleet.noopGrpc.url, ...measured.map((service) => service.grpcUrl)].map(
      (url) => () => grpcLoad(url, ONE, { rpsPerClient }),
    ),
    BENCH.rounds,
    (run) => run.p99 ?? Infinity,
  );
  measured.forEach((service, index) => {
    const mine = ours[index];
    const ratio = (mine.p99 ?? NaN) / (baseline.p99 ?? NaN);
    rows.push({
      group: 'latency',
      measure: MEASURE,
      shape: shapeLabel(service.shape),
      ours: { value: mine.p99 ?? NaN, unit: 'ms', load: mine },
      baseline: { value: baseline.p99 ?? NaN, unit: 'ms', load: baseline },
      ratio,
      goal: `≤ ${AT_MOST.toFixed(1)} × no-op p99`,
      verdict: ratio <= AT_MOST ? 'met' : 'missed',
      note: `${rate} req/s offered; p50 ${fmt(mine.p50)} ms (no-op ${fmt(baseline.p50)} ms); achieved ${Math.round(mine.requestsPerSecond)} req/s (no-op ${Math.round(baseline.requestsPerSecond)})`,
    });
  });
  return rows;
}

const fmt = (ms: number | undefined) => (ms === undefined ? '?' : ms.toFixed(2));
