import { Fleet, shapeServices, Store } from '../fleet';
import { grpcLoad, jsonLoad } from '../load';
import { DecisionRequest, ONE, THREE } from '../requests';
import { Row, ratioRow, skippedRow, throughput } from '../report/row';
import { BENCH } from '../settings';
import { alternateRuns } from '../tools/alternate';
import { medianBy } from '../tools/median';
import { H2LOAD_WARM_UP_SECONDS } from '../tools/h2load';
import { pidOf } from '../tools/processes';
import { cpuMicros, CpuLoadResult, perCpu, withCpu } from '../tools/proc-cpu';
import { grpcProblem, jsonProblem } from '../tools/probe';
import { Service, shapeLabel, SHAPES } from '../tools/service-launcher';

interface Workload {
  readonly measure: string;
  readonly store: Store;
  readonly transport: 'grpc' | 'json';
  readonly request: DecisionRequest;
  /** Lower bound on ours / baseline (issue 13), none for information rows. */
  readonly atLeast?: number;
}

const WORKLOADS: readonly Workload[] = [
  {
    measure: 'gRPC, memory store, 1 descriptor',
    store: 'memory',
    transport: 'grpc',
    request: ONE,
    atLeast: 0.9,
  },
  {
    measure: 'gRPC, memory store, 3 descriptors',
    store: 'memory',
    transport: 'grpc',
    request: THREE,
    atLeast: 0.85,
  },
  {
    measure: 'POST /json, memory store, 1 descriptor',
    store: 'memory',
    transport: 'json',
    request: ONE,
    atLeast: 0.85,
  },
  {
    measure: 'gRPC, Redis store, 1 descriptor',
    store: 'redis',
    transport: 'grpc',
    request: ONE,
    atLeast: 0.85,
  },
  {
    measure: 'gRPC, Redis store, 3 descriptors',
    store: 'redis',
    transport: 'grpc',
    request: THREE,
  },
];

/**
 * Saturated throughput against the no-op servers: per workload, the baseline and the service in
 * both process shapes alternate round by round (one shared baseline median for both rows).
 * Returns the rows and the no-op gRPC server's median rate (for the latency rows).
 */
export async function throughputRows(
  fleet: Fleet,
): Promise<{ rows: Row[]; grpcBaseline?: number }> {
  const rows: Row[] = [];
  let grpcBaseline: number | undefined;
  for (const workload of WORKLOADS) {
    const services = SHAPES.map((shape) => shapeServices(fleet)[workload.store][shape].service);
    const problems = await Promise.all(services.map((service) => problemOf(service, workload)));
    const measured = services.filter((_, index) => problems[index] === undefined);
    SHAPES.forEach((shape, index) => {
      const problem = problems[index];
      if (problem !== undefined) {
        rows.push(
          skippedRow(
            { group: 'throughput', measure: workload.measure, shape: shapeLabel(shape) },
            problem,
          ),
        );
      }
    });
    if (measured.length === 0) continue;
    const noop = baselineOf(fleet, workload);
    const [baselineRuns, ...ourRuns] = await alternateRuns(
      [
        () => load(workload, noop.url, pidOf(noop.child)),
        ...measured.map((service) => () => load(workload, urlOf(service, workload), service.pid)),
      ],
      BENCH.rounds,
    );
    const byRate = (runs: CpuLoadResult[]) => medianBy(runs, (run) => run.requestsPerSecond);
    const baseline = byRate(baselineRuns);
    const ours = ourRuns.map(byRate);
    if (workload.transport === 'grpc' && workload.store === 'memory' && workload.request === ONE) {
      grpcBaseline = baseline.requestsPerSecond;
    }
    measured.forEach((service, index) =>
      rows.push(
        ratioRow(
          { group: 'throughput', measure: workload.measure, shape: shapeLabel(service.shape) },
          throughput(ours[index]),
          throughput(baseline),
          workload.atLeast,
        ),
      ),
    );
    measured.forEach((service, index) =>
      rows.push(perCpuRow(workload, service, ourRuns[index], baselineRuns)),
    );
  }
  return { rows, grpcBaseline };
}

/**
 * Requests per CPU second of the serving process (all threads), ours against the no-op's, the
 * median of each side's rounds: what the rate would be if each had a core to itself. Information
 * beside the throughput row, which on this 2-core machine also prices how the load generator and
 * the server share the cores, and drifts with whatever else runs.
 */
function perCpuRow(
  workload: Workload,
  service: Service,
  ours: readonly CpuLoadResult[],
  baseline: readonly CpuLoadResult[],
): Row {
  const byCpu = (runs: readonly CpuLoadResult[]) => medianBy(runs, (run) => run.perCpuSecond);
  const mine = byCpu(ours);
  return ratioRow(
    {
      group: 'throughput',
      measure: `${workload.measure}, requests per CPU second of the serving process`,
      shape: shapeLabel(service.shape),
      note: `${cpuMicros(mine)} µs of CPU per request against the no-op's ${cpuMicros(byCpu(baseline))} µs`,
    },
    perCpu(mine),
    perCpu(byCpu(baseline)),
  );
}

function load(workload: Workload, url: string, pid: number): Promise<CpuLoadResult> {
  // The process's CPU time also covers h2load's warm-up, at about the measured rate.
  const loaded =
    workload.transport === 'grpc' ? BENCH.seconds + H2LOAD_WARM_UP_SECONDS : BENCH.seconds;
  return withCpu(pid, loaded, () =>
    workload.transport === 'grpc'
      ? grpcLoad(url, workload.request)
      : jsonLoad(url, workload.request),
  );
}

const baselineOf = (fleet: Fleet, workload: Workload) =>
  workload.transport === 'grpc' ? fleet.noopGrpc : fleet.noopHttp;

const urlOf = (service: Service, workload: Workload) =>
  workload.transport === 'grpc' ? service.grpcUrl : service.httpUrl;

const problemOf = (service: Service, workload: Workload) =>
  workload.transport === 'grpc'
    ? grpcProblem(service, workload.request)
    : jsonProblem(service, JSON.stringify(workload.request));
