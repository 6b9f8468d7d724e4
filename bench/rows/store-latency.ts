import { PROJECT_ROOT } from '../../test/support/service-process';
import { ONE } from '../requests';
import { Row, ratioRow, throughput } from '../report/row';
import { BENCH } from '../settings';
import { alternate } from '../tools/alternate';
import { grpcClosedLoop } from '../tools/grpc-closed-loop';
import { grpcFramedRequest, protoRootOf } from '../tools/grpc-frame';
import { LoadResult } from '../tools/load-result';
import { cpuMicros, grpcLoadWithCpu, perCpu } from '../tools/proc-cpu';
import { startBaseline, startRedis } from '../tools/processes';
import { benchRules } from '../tools/rule-files';
import { launchService, Service, shapeLabel } from '../tools/service-launcher';

/** Added to each direction between the service and Redis. */
const DELAYS_MS = [0, 1, 3];
/** Issue 34: write_behind at ≥ 0.9 of the memory store's rate at every added latency. */
const AT_LEAST = 0.9;

/**
 * KVSTORE_CACHE_MODE off against write_behind against the memory store, with Redis behind a
 * proxy that adds 0, 1 and 3 ms each way (bench/servers/latency-proxy.ts): gRPC decisions per
 * second and p99 with 64 calls in flight (a closed loop over node:http2, so no h2load), the three
 * alternating round by round. `MODULES=ratelimit` processes, one descriptor.
 */
export async function storeLatencyRows(): Promise<Row[]> {
  const stoppers: (() => Promise<void> | void)[] = [];
  const rows: Row[] = [];
  try {
    const redis = await startRedis();
    stoppers.push(redis.stop);
    const rules = benchRules('bench.yaml');
    const launch = async (label: string, env: Record<string, string>): Promise<Service> => {
      const service = await launchService({ label, shape: 'ratelimit', env: { ...rules, ...env } });
      stoppers.push(service.stop);
      await run(service, 1); // JIT, connections, the key read through once
      return service;
    };
    const memory = await launch('memory', { BACKEND_TYPE: 'memory' });
    for (const delay of DELAYS_MS) {
      const proxy = await startBaseline('latency-proxy.js', [String(redis.port), String(delay)]);
      stoppers.push(proxy.stop);
      const redisEnv = { BACKEND_TYPE: 'redis', REDIS_URL: `127.0.0.1:${proxy.port}` };
      const off = await launch(`redis +${delay} ms`, redisEnv);
      const cached = await launch(`redis +${delay} ms write_behind`, {
        ...redisEnv,
        KVSTORE_CACHE_MODE: 'write_behind',
      });
      const [mem, offRun, cachedRun] = await alternate(
        [memory, off, cached].map((service) => () => run(service, BENCH.seconds)),
        BENCH.rounds,
      );
      // Calls per second of the service's own CPU: what write_behind costs when neither waits.
      const [memCpu, cachedCpu] = await alternate(
        [memory, cached].map(
          (service) => () => grpcLoadWithCpu(service.pid, service.grpcUrl, frame, BENCH.seconds),
        ),
        BENCH.rounds,
        (run) => run.perCpuSecond,
      );
      const base = { group: 'store-latency', shape: shapeLabel('ratelimit') };
      const note = (mine: LoadResult) =>
        `p99 ${fmt(mine.p99)} ms, p50 ${fmt(mine.p50)} ms (memory store: p99 ${fmt(mem.p99)} ms, p50 ${fmt(mem.p50)} ms); ${mine.failed} failed`;
      rows.push(
        ratioRow(
          {
            ...base,
            measure: `gRPC decisions/s, Redis +${delay} ms each way, KVSTORE_CACHE_MODE=write_behind vs memory store`,
            note: note(cachedRun),
          },
          throughput(cachedRun),
          throughput(mem),
          AT_LEAST,
        ),
        ratioRow(
          {
            ...base,
            measure: `gRPC decisions per service CPU second, Redis +${delay} ms each way, KVSTORE_CACHE_MODE=write_behind vs memory store`,
            note: `${cpuMicros(cachedCpu)} / ${cpuMicros(memCpu)} µs of service CPU per decision; medians of ${BENCH.rounds} alternating rounds`,
          },
          perCpu(cachedCpu),
          perCpu(memCpu),
          AT_LEAST,
        ),
        ratioRow(
          {
            ...base,
            measure: `gRPC decisions/s, Redis +${delay} ms each way, KVSTORE_CACHE_MODE=off vs memory store`,
            note: note(offRun),
          },
          throughput(offRun),
          throughput(mem),
        ),
      );
    }
    return rows;
  } finally {
    for (const stop of stoppers.reverse()) await stop();
  }
}

const frame = grpcFramedRequest(protoRootOf(PROJECT_ROOT), ONE);

function run(service: Service, seconds: number): Promise<LoadResult> {
  return grpcClosedLoop({
    url: service.grpcUrl,
    frame,
    seconds,
    connections: 4,
    inFlight: 16,
    warmUpSeconds: 1,
  });
}

const fmt = (value: number | undefined) => (value === undefined ? '?' : value.toFixed(2));
