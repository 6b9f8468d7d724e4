import { Fleet, shapeServices, Store } from '../fleet';
import { grpcLoad, jsonLoad } from '../load';
import { DecisionRequest, ONE, THREE } from '../requests';
import { Row, ratioRow, skippedRow, throughput } from '../report/row';
import { BENCH } from '../settings';
import { alternate } from '../tools/alternate';
import { LoadResult } from '../tools/load-result';
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
    const [baseline, ...ours] = await alternate(
      [
        () => load(workload, baselineUrl(fleet, workload)),
        ...measured.map((service) => () => load(workload, urlOf(service, workload))),
      ],
      BENCH.rounds,
    );
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
  }
  return { rows, grpcBaseline };
}

function load(workload: Workload, url: string): Promise<LoadResult> {
  return workload.transport === 'grpc'
    ? grpcLoad(url, workload.request)
    : jsonLoad(url, workload.request);
}

const baselineUrl = (fleet: Fleet, workload: Workload) =>
  workload.transport === 'grpc' ? fleet.noopGrpc.url : fleet.noopHttp.url;

const urlOf = (service: Service, workload: Workload) =>
  workload.transport === 'grpc' ? service.grpcUrl : service.httpUrl;

const problemOf = (service: Service, workload: Workload) =>
  workload.transport === 'grpc'
    ? grpcProblem(service, workload.request)
    : jsonProblem(service, JSON.stringify(workload.request));
