import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LoadResult } from './load-result';

export interface H2loadOptions {
  readonly url: string;
  readonly body: Buffer;
  readonly seconds: number;
  readonly clients: number;
  readonly streams: number;
  readonly headers: readonly string[];
  /** Requests per second per client; unset means as fast as possible. Latency is logged when set. */
  readonly rpsPerClient?: number;
}

/** Seconds h2load loads the server before it starts counting. */
export const H2LOAD_WARM_UP_SECONDS = 1;

/**
 * A load run with h2load (one thread, 1 s warm-up before the measured `seconds`); with a fixed
 * rate it also reports p50/p99 from its per-request log. h2load sees HTTP statuses only: a gRPC
 * error travels in a 200 response's trailers, so callers probe the answer before measuring.
 */
export async function h2load(options: H2loadOptions): Promise<LoadResult> {
  const bodyFile = join(tmpdir(), `h2load-body-${process.pid}.bin`);
  const logFile = join(tmpdir(), `h2load-log-${process.pid}.tsv`);
  writeFileSync(bodyFile, options.body);
  writeFileSync(logFile, '');
  const args = [
    ...['-D', String(options.seconds), '--warm-up-time', String(H2LOAD_WARM_UP_SECONDS)],
    ...['-c', String(options.clients), '-m', String(options.streams), '-t', '1'],
    ...['-d', bodyFile],
    ...options.headers.flatMap((header) => ['-H', header]),
    ...(options.rpsPerClient ? ['--rps', String(options.rpsPerClient), '--log-file', logFile] : []),
    options.url,
  ];
  const { stdout } = await promisify(execFile)('h2load', args, { maxBuffer: 64 * 1024 * 1024 });
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
