import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LoadResult } from './load-result';

/** POST throughput with wrk (one thread, keep-alive connections, the same body every time). */
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
  const { stdout } = await promisify(execFile)(
    'wrk',
    ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '-s', script, url],
    { maxBuffer: 16 * 1024 * 1024 },
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
