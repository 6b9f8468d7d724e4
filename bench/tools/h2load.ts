import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly failed: number;
  /** Milliseconds, when the run measured latency. */
  readonly p50?: number;
  readonly p99?: number;
}

/** Throws a message naming the Debian package when a load tool is missing. */
export async function requireTool(binary: string, debianPackage: string): Promise<void> {
  try {
    await run('which', [binary]);
  } catch {
    throw new Error(`${binary} is missing: install it with \`apt-get install ${debianPackage}\``);
  }
}

export interface H2loadOptions {
  readonly url: string;
  readonly body: Buffer;
  readonly seconds: number;
  readonly clients: number;
  readonly streams: number;
  readonly headers: readonly string[];
  /** HTTP/1.1 instead of HTTP/2. */
  readonly http1?: boolean;
  /** Requests per second per client; unset means as fast as possible. Latency is logged when set. */
  readonly rpsPerClient?: number;
}

/** A load run with h2load; with a fixed rate it also reports p50/p99 from its per-request log. */
export async function h2load(options: H2loadOptions): Promise<LoadResult> {
  const bodyFile = join(tmpdir(), `h2load-body-${process.pid}.bin`);
  const logFile = join(tmpdir(), `h2load-log-${process.pid}.tsv`);
  writeFileSync(bodyFile, options.body);
  writeFileSync(logFile, '');
  const args = [
    ...['-D', String(options.seconds), '--warm-up-time', '1'],
    ...['-c', String(options.clients), '-m', String(options.streams), '-t', '1'],
    ...['-d', bodyFile],
    ...options.headers.flatMap((header) => ['-H', header]),
    ...(options.http1 ? ['--h1'] : []),
    ...(options.rpsPerClient ? ['--rps', String(options.rpsPerClient), '--log-file', logFile] : []),
    options.url,
  ];
  const { stdout } = await run('h2load', args, { maxBuffer: 64 * 1024 * 1024 });
  const rate = /finished in [\d.]+\w+, ([\d.]+) req\/s/.exec(stdout);
  const status =
    /requests: \d+ total, \d+ started, \d+ done, \d+ succeeded, (\d+) failed, (\d+) errored/.exec(
      stdout,
    );
  if (!rate || !status) throw new Error(`unexpected h2load output:\n${stdout}`);
  const result = {
    requestsPerSecond: Number(rate[1]),
    failed: Number(status[1]) + Number(status[2]),
  };
  return options.rpsPerClient ? { ...result, ...latencyFromLog(logFile) } : result;
}

/** h2load's log: start time, status, duration in microseconds, tab separated. */
function latencyFromLog(logFile: string): { p50: number; p99: number } {
  const durations = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => Number(line.split('\t')[2]) / 1000)
    .sort((a, b) => a - b);
  const at = (share: number) =>
    durations[Math.min(durations.length - 1, Math.floor(durations.length * share))];
  return { p50: at(0.5), p99: at(0.99) };
}

/** POST throughput with wrk. */
export async function wrk(
  url: string,
  body: string,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const script = join(tmpdir(), `wrk-post-${process.pid}.lua`);
  writeFileSync(
    script,
    `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\nwrk.headers["Content-Type"] = "application/json"\n`,
  );
  const { stdout } = await run(
    'wrk',
    ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '-s', script, url],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    stdout,
  );
  if (!rps) throw new Error(`unexpected wrk output:\n${stdout}`);
  const socketErrors = errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(rps[1]),
    failed: (non2xx ? Number(non2xx[1]) : 0) + socketErrors,
  };
}
