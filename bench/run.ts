import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
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

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
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

  const noopGrpc = await startBaseline('noop-grpc-server.js', [protoRoot]);
  const grpcBaseline = await grpcLoad(noopGrpc.url, ONE);
  const halfRate = Math.max(1, Math.floor(grpcBaseline.requestsPerSecond / 2 / GRPC_LOAD.clients));
  const baselineLatency = await grpcLoad(noopGrpc.url, ONE, halfRate);
  stop(noopGrpc.child);

  const memory = await startService({ ...rules, LOG_LEVEL: 'error' });
  await warmUp(memory);
  rows.push({
    name: 'gRPC, memory store, 1 descriptor',
    ours: await grpcLoad(grpcUrl(memory), ONE),
    baseline: grpcBaseline,
    target: '>= 0.90',
  });
  rows.push({
    name: 'gRPC, memory store, 3 descriptors',
    ours: await grpcLoad(grpcUrl(memory), THREE),
    baseline: grpcBaseline,
  });
  rows.push({
    name: `gRPC latency at half the baseline's saturation (${halfRate * GRPC_LOAD.clients}/s), memory store`,
    ours: await grpcLoad(grpcUrl(memory), ONE, halfRate),
    baseline: baselineLatency,
    target: 'p99 < 2 ms',
  });
  const noopHttp = await startBaseline('noop-http-server.js', []);
  const body = JSON.stringify(ONE);
  const httpBaseline = await wrk(`${noopHttp.url}/json`, body, SECONDS, HTTP_CONNECTIONS);
  stop(noopHttp.child);
  rows.push({
    name: 'POST /json, memory store',
    ours: await wrk(`${memory.httpUrl}/json`, body, SECONDS, HTTP_CONNECTIONS),
    baseline: httpBaseline,
    target: '>= 0.75',
  });
  await memory.stop();

  const redis = await startRedis();
  const redisService = await startService({
    ...rules,
    LOG_LEVEL: 'error',
    BACKEND_TYPE: 'redis',
    REDIS_URL: `127.0.0.1:${redis.port}`,
  });
  await warmUp(redisService);
  rows.push({
    name: 'gRPC, Redis store, 1 descriptor',
    ours: await grpcLoad(grpcUrl(redisService), ONE),
    baseline: grpcBaseline,
    target: '>= 0.75',
  });
  rows.push({
    name: 'gRPC, Redis store, 3 descriptors',
    ours: await grpcLoad(grpcUrl(redisService), THREE),
    baseline: grpcBaseline,
  });
  await redisService.stop();
  stop(redis.child);

  const footprint = await memoryFootprint();
  report(rows, footprint);
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
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${SECONDS} s per run`,
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
