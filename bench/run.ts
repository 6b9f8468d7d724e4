import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test/support/free-port';
import { ruleDirectory } from '../test/support/rule-dir';
import { PROJECT_ROOT, ServiceProcess, startService } from '../test/support/service-process';
import { grpcFramedRequest, protoRootOf, RATE_LIMIT_PATH } from './tools/grpc-frame';
import { h2load, LoadResult, requireTool, wrk } from './tools/load-tools';

/*
 * `npm run bench`: the built service against baselines measured in the same run on the same
 * machine, printed as ratios (ours / baseline) with absolute figures, and written as JSON.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const GRPC_LOAD = { clients: 16, streams: 10 };
const HTTP_CONNECTIONS = 32;
const GRPC_HEADERS = ['content-type: application/grpc', 'te: trailers'];

interface Row {
  readonly name: string;
  readonly ours: LoadResult;
  readonly baseline?: LoadResult;
  readonly target?: string;
}

const entries = (...pairs: [string, string][]) => ({
  entries: pairs.map(([key, value]) => ({ key, value })),
});
const ONE = { domain: 'bench', descriptors: [entries(['user', 'alice'])] };
const THREE = {
  domain: 'bench',
  descriptors: [entries(['user', 'alice']), entries(['path', '/api']), entries(['tenant', 'acme'])],
};

async function main(): Promise<void> {
  await requireTool('h2load', 'nghttp2-client');
  await requireTool('wrk', 'wrk');
  await requireTool('redis-server', 'redis-server');
  const rules = ruleDirectory({
    'bench.yaml': readFileSync(join(PROJECT_ROOT, 'bench', 'bench.yaml'), 'utf8'),
  });
  const protoRoot = protoRootOf(PROJECT_ROOT);
  const rows: Row[] = [];

  // Everything is started first and idles while another is measured; each row then alternates
  // baseline and ours ROUNDS times and keeps the medians, so a slow spell of the shared machine
  // lands on both sides instead of on one.
  const noopGrpc = await startBaseline('noop-grpc-server.js', [protoRoot]);
  const noopHttp = await startBaseline('noop-http-server.js', []);
  const redis = await startRedis();
  // Each service needs its own data directory: PGlite allows one process per directory.
  const dataDir = () => mkdtempSync(join(tmpdir(), 'bench-data-'));
  const memory = await startService({ ...rules, LOG_LEVEL: 'error', DATA_DIR: dataDir() });
  const redisService = await startService({
    ...rules,
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir(),
    BACKEND_TYPE: 'redis',
    REDIS_URL: `127.0.0.1:${redis.port}`,
  });
  try {
    await warmUp(memory);
    await warmUp(redisService);
    const body = JSON.stringify(ONE);
    const grpcRow = async (
      name: string,
      service: ServiceProcess,
      request: unknown,
      target?: string,
    ) => {
      const [baseline, ours] = await paired(
        () => grpcLoad(noopGrpc.url, ONE),
        () => grpcLoad(grpcUrl(service), request),
      );
      rows.push({ name, ours, baseline, target });
      return baseline;
    };
    const grpcBaseline = await grpcRow('gRPC, memory store, 1 descriptor', memory, ONE, '>= 0.90');
    await grpcRow('gRPC, memory store, 3 descriptors', memory, THREE);
    const halfRate = Math.max(
      1,
      Math.floor(grpcBaseline.requestsPerSecond / 2 / GRPC_LOAD.clients),
    );
    const [baselineLatency, oursLatency] = await paired(
      () => grpcLoad(noopGrpc.url, ONE, halfRate),
      () => grpcLoad(grpcUrl(memory), ONE, halfRate),
    );
    rows.push({
      name: `gRPC latency at half the baseline's saturation (${halfRate * GRPC_LOAD.clients}/s), memory store`,
      ours: oursLatency,
      baseline: baselineLatency,
      target: 'p99 < 2 ms',
    });
    const [httpBaseline, httpOurs] = await paired(
      () => wrk(`${noopHttp.url}/json`, body, SECONDS, HTTP_CONNECTIONS),
      () => wrk(`${memory.httpUrl}/json`, body, SECONDS, HTTP_CONNECTIONS),
    );
    rows.push({
      name: 'POST /json, memory store',
      ours: httpOurs,
      baseline: httpBaseline,
      target: '>= 0.75',
    });
    await grpcRow('gRPC, Redis store, 1 descriptor', redisService, ONE, '>= 0.75');
    await grpcRow('gRPC, Redis store, 3 descriptors', redisService, THREE);
  } finally {
    await memory.stop();
    await redisService.stop();
    stop(redis.child);
    stop(noopGrpc.child);
    stop(noopHttp.child);
  }

  const footprint = await memoryFootprint();
  report(rows, footprint);
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Alternates baseline and ours; the run with the median rate of each side stands for it. */
async function paired(
  baseline: () => Promise<LoadResult>,
  ours: () => Promise<LoadResult>,
): Promise<[LoadResult, LoadResult]> {
  const baselines: LoadResult[] = [];
  const oursRuns: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baselines.push(await baseline());
    oursRuns.push(await ours());
  }
  const median = (runs: LoadResult[]) =>
    [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
      Math.floor(runs.length / 2)
    ];
  return [median(baselines), median(oursRuns)];
}

/** JIT and connection warm-up before the first measured run of a fresh process. */
async function warmUp(service: ServiceProcess): Promise<void> {
  await h2load({
    url: grpcUrl(service) + RATE_LIMIT_PATH,
    body: grpcFramedRequest(protoRootOf(PROJECT_ROOT), ONE),
    seconds: 2,
    clients: GRPC_LOAD.clients,
    streams: GRPC_LOAD.streams,
    headers: GRPC_HEADERS,
  });
}

function grpcUrl(service: ServiceProcess): string {
  return `http://${service.grpcAddress}`;
}

/** Saturating load, or with `rpsPerClient` a fixed rate, one stream per client, for latency. */
function grpcLoad(url: string, request: unknown, rpsPerClient?: number): Promise<LoadResult> {
  return h2load({
    url: url + RATE_LIMIT_PATH,
    body: grpcFramedRequest(protoRootOf(PROJECT_ROOT), request),
    seconds: SECONDS,
    clients: GRPC_LOAD.clients,
    streams: rpsPerClient ? 1 : GRPC_LOAD.streams,
    headers: GRPC_HEADERS,
    rpsPerClient,
  });
}

interface Child {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
}

async function startBaseline(script: string, args: string[]): Promise<Child> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(__dirname, 'servers', script), ...args, String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, port, url: `http://127.0.0.1:${port}` };
}

async function startRedis(): Promise<Child> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      await promisify(execFile)('redis-cli', ['-p', String(port), 'ping']);
      return { child, port, url: `127.0.0.1:${port}` };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('redis-server did not start');
}

function stop(child: ChildProcess): void {
  child.kill('SIGKILL');
}

async function memoryFootprint(): Promise<Record<string, number>> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--expose-gc',
    join(__dirname, 'memory-footprint.js'),
  ]);
  return JSON.parse(stdout) as Record<string, number>;
}

function report(rows: readonly Row[], footprint: Record<string, number>): void {
  const fixed = (n: number | undefined, digits = 0) => (n === undefined ? '' : n.toFixed(digits));
  const lines = [
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${SECONDS} s per run, medians of ${ROUNDS} alternating rounds`,
    '',
    '| measure | ours req/s | baseline req/s | ratio | target | p50 ms | p99 ms | failed |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => {
      const ratio = row.baseline
        ? row.ours.requestsPerSecond / row.baseline.requestsPerSecond
        : undefined;
      const latency = (field: 'p50' | 'p99') =>
        row.ours[field] === undefined
          ? ''
          : `${fixed(row.ours[field], 2)}${row.baseline?.[field] === undefined ? '' : ` (baseline ${fixed(row.baseline[field], 2)})`}`;
      return `| ${row.name} | ${fixed(row.ours.requestsPerSecond)} | ${fixed(row.baseline?.requestsPerSecond)} | ${fixed(ratio, 2)} | ${row.target ?? ''} | ${latency('p50')} | ${latency('p99')} | ${row.ours.failed} |`;
    }),
    '',
    `memory: RSS ${fixed(footprint.baselineRssMiB)} MiB at start; ${fixed(footprint.memoryStoreRssMiB)} MiB after ${footprint.memoryStoreKeys} distinct keys in the memory store; ${fixed(footprint.localCacheRssMiB)} MiB after 1000000 keys through a 64 MiB local cache (${footprint.localCacheEntries} kept)`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
  const directory = join(PROJECT_ROOT, 'bench', 'results');
  mkdirSync(directory, { recursive: true });
  writeFileSync(
    join(directory, 'latest.json'),
    JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, rows, footprint }, null, 2) +
      '\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
