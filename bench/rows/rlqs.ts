import * as grpc from '@grpc/grpc-js';
import { ruleDirectory } from '../../test/support/rule-dir';
import { repeatedFormClient, type Json } from '../../test/support/rlqs-clients';
import { startService, type ServiceProcess } from '../../test/support/service-process';
import { Row } from '../report/row';
import { BENCH } from '../settings';
import { encodeRequest } from '../tools/grpc-wire';
import { median } from '../tools/median';
import { rssBytes, toMB } from '../tools/proc-memory';
import { cpuSeconds } from '../tools/proc-cpu';
import { rawGrpcClient } from '../tools/raw-grpc-client';

const ENVOYS = 50;
const BUCKETS = 1000;
/** Requests each Envoy lets through per bucket and second, as its reports say. */
const REQUESTS_PER_BUCKET = 10;
/** ShouldRateLimit calls in flight during its runs. */
const RLS_IN_FLIGHT = 64;

const RULES = `
domain: bench
descriptors:
  - key: bucket
    rate_limit: { unit: hour, requests_per_unit: 1000000000 }
`;

/** Waits until the process uses less than 5 % of a core over 250 ms (at most 30 s). */
async function settled(pid: number): Promise<void> {
  const until = performance.now() + 30_000;
  for (;;) {
    const before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (cpuSeconds(pid) - before < 0.0125 || performance.now() > until) return;
  }
}

/** `ratelimit.rlqs.reports` on /stats: the reports the service has taken. */
async function reportsServed(service: ServiceProcess): Promise<number> {
  const stats = await (await fetch(`${service.debugUrl}/stats`)).text();
  return Number(/^ratelimit\.rlqs\.reports: (\d+)$/m.exec(stats)?.[1] ?? 0);
}

interface QuotaRun {
  readonly cpuPerReport: number;
  readonly reports: number;
  readonly requests: number;
  readonly cpu: number;
  readonly seconds: number;
}

/**
 * 50 Envoys, each one quota stream reporting the same 1,000 buckets every second (spread over the
 * second, as Envoys are), each bucket with 10 requests allowed; every bucket counts into a shared
 * counter, so shares and pushes are at work. The service's CPU over the run, per report.
 */
async function quotaRun(
  service: ServiceProcess,
  streams: grpc.ClientDuplexStream<Json, Json>[],
  seconds: number,
): Promise<QuotaRun> {
  const usages = Array.from({ length: BUCKETS }, (_, i) => ({
    bucketId: { bucket: { bucket: `b${i}` } },
    timeElapsed: { seconds: 1 },
    numRequestsAllowed: REQUESTS_PER_BUCKET,
    numRequestsDenied: 0,
  }));
  const pid = service.child.pid!;
  const servedBefore = await reportsServed(service);
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  let reports = 0;
  for (let second = 0; second < seconds; second++) {
    const secondStart = performance.now();
    for (const [i, stream] of streams.entries()) {
      const at = secondStart + (i * 1000) / streams.length;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      stream.write({ domain: 'bench', bucketQuotaUsages: usages });
      reports += 1;
    }
    const rest = secondStart + 1000 - performance.now();
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  const elapsed = (performance.now() - started) / 1000;
  // The reports still queued are this run's work too (and must not fall into the next run).
  const deadline = performance.now() + 60_000;
  while ((await reportsServed(service)) < servedBefore + reports) {
    if (performance.now() > deadline) throw new Error('the service did not take every report');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await settled(pid);
  const cpu = cpuSeconds(pid) - cpuBefore;
  return {
    cpuPerReport: cpu / reports,
    reports,
    requests: reports * BUCKETS * REQUESTS_PER_BUCKET,
    cpu,
    seconds: elapsed,
  };
}

/**
 * ShouldRateLimit with RLS_IN_FLIGHT calls in flight from the raw HTTP/2 caller (pre-encoded
 * frames, the answers not decoded: little client CPU beside the service), over the same 1,000
 * buckets' descriptors: decisions per second of service CPU.
 */
async function rlsRun(service: ServiceProcess, seconds: number): Promise<number> {
  const client = rawGrpcClient(`http://${service.grpcAddress}`);
  const frames = Array.from({ length: BUCKETS }, (_, i) =>
    encodeRequest({
      domain: 'bench',
      descriptors: [{ entries: [{ key: 'bucket', value: `b${i}` }] }],
    }),
  );
  const pid = service.child.pid!;
  const cpuBefore = cpuSeconds(pid);
  const until = performance.now() + seconds * 1000;
  let decisions = 0;
  const caller = async (c: number) => {
    for (let i = c; performance.now() < until; i += RLS_IN_FLIGHT) {
      await client.call(frames[i % BUCKETS]);
      decisions += 1;
    }
  };
  await Promise.all(Array.from({ length: RLS_IN_FLIGHT }, (_, c) => caller(c)));
  const cpu = cpuSeconds(pid) - cpuBefore;
  client.close();
  return decisions / cpu;
}

/**
 * Issue 32's rows: RLQS's cost (server CPU per report of 1,000 buckets from 50 Envoys each second,
 * and the RSS holding them), and the decision cost Envoy saves: requests a fleet enforces locally
 * per second of service CPU (the reported traffic over the CPU the reports took) against
 * ShouldRateLimit's decisions per second of service CPU for the same buckets, in alternating
 * rounds on one service (MODULES=ratelimit, memory store).
 */
export async function rlqsRows(): Promise<Row[]> {
  const service = await startService({
    ...ruleDirectory({ 'bench.yaml': RULES }),
    MODULES: 'ratelimit',
    LOG_LEVEL: 'warn',
    RLQS_REPORT_INTERVAL: '1s',
    GRPC_MAX_CONCURRENT_STREAMS: '1000',
  });
  const clients: grpc.Client[] = [];
  try {
    const streams = Array.from({ length: ENVOYS }, () => {
      const client = repeatedFormClient(service.grpcAddress);
      clients.push(client);
      const method = (
        client as unknown as Record<string, () => grpc.ClientDuplexStream<Json, Json>>
      ).StreamRateLimitQuotas;
      const stream = method.call(client);
      stream.on('data', () => undefined);
      stream.on('error', () => undefined);
      return stream;
    });
    // Warm-up: every stream subscribes its buckets; shares settle.
    await quotaRun(service, streams, 2);
    await settled(service.child.pid!);
    const quota: QuotaRun[] = [];
    const rls: number[] = [];
    const seconds = Math.max(3, BENCH.seconds);
    for (let round = 0; round < BENCH.rounds; round++) {
      quota.push(await quotaRun(service, streams, seconds));
      rls.push(await rlsRun(service, seconds));
    }
    const rss = rssBytes(service.child.pid!);
    const cpuPerReport = median(quota.map((run) => run.cpuPerReport));
    const cpuShare = median(quota.map((run) => run.cpu / run.seconds));
    const localPerCpu = median(quota.map((run) => run.requests / run.cpu));
    const rlsPerCpu = median(rls);
    const shape = `MODULES=ratelimit, memory store, ${ENVOYS} Envoys × ${BUCKETS.toLocaleString('en')} buckets every second`;
    for (const stream of streams) stream.end();
    return [
      {
        group: 'rlqs',
        measure: 'server CPU per usage report (1,000 buckets)',
        shape,
        ours: { value: cpuPerReport * 1000, unit: 'ms' },
        verdict: 'info',
        note: `${((cpuPerReport * 1e6) / BUCKETS).toFixed(1)} µs per bucket report; the service used ${(cpuShare * 100).toFixed(0)} % of a core for ${ENVOYS} reports a second`,
      },
      {
        group: 'rlqs',
        measure: 'RSS with the fleet subscribed',
        shape,
        ours: { value: toMB(rss), unit: 'MB' },
        verdict: 'info',
        note: `${ENVOYS * BUCKETS} stream buckets on ${BUCKETS} counters`,
      },
      {
        group: 'rlqs',
        measure:
          'requests enforced per second of service CPU: RLQS (ours) vs ShouldRateLimit (baseline)',
        shape: `${shape}, ${REQUESTS_PER_BUCKET} requests per bucket and second`,
        ours: { value: localPerCpu, unit: 'req/CPU-s' },
        baseline: { value: rlsPerCpu, unit: 'req/CPU-s' },
        ratio: localPerCpu / rlsPerCpu,
        verdict: 'info',
        note: `RLQS's cost does not grow with the traffic a report carries: the ratio scales with requests per bucket and report; ShouldRateLimit: ${RLS_IN_FLIGHT} calls in flight over the same buckets`,
      },
    ];
  } finally {
    for (const client of clients) client.close();
    await service.stop();
  }
}
