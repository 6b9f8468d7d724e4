import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LoadResult } from './load-result';

/** One kind of HTTP request, sent over and over by wrk's keep-alive connections. */
export interface HttpRequestSpec {
  readonly method: 'GET' | 'POST';
  /** Path and query, e.g. `/api/teams/search?query=bench`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The body; with `unique`, every `{n}` in it is replaced by a per-run request counter, so that
   * creating calls do not collide on unique names.
   */
  readonly body?: string;
  readonly unique?: boolean;
}

let scripts = 0;

/**
 * A saturating wrk run (one thread, `connections` keep-alive connections) of one request kind,
 * with wrk's latency distribution: p50/p99 are those of the saturated run (each connection sends
 * its next request when the answer arrives), so they compare two services at their own full
 * load, not at a common rate.
 */
export async function wrkRequest(
  baseUrl: string,
  request: HttpRequestSpec,
  options: { readonly seconds: number; readonly connections: number; readonly tag?: string },
): Promise<LoadResult> {
  scripts += 1;
  const script = join(tmpdir(), `wrk-request-${process.pid}-${scripts}.lua`);
  writeFileSync(script, luaScript(request, options.tag ?? String(scripts)));
  try {
    const { stdout } = await promisify(execFile)(
      'wrk',
      [
        ...['-t', '1', '-c', String(options.connections), '-d', `${options.seconds}s`],
        // A slow request (an uncached query on a busy machine) counts late, not as a timeout.
        ...['--timeout', '10s', '--latency', '-s', script, baseUrl + request.path],
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    return parseWrk(stdout);
  } finally {
    rmSync(script, { force: true });
  }
}

/** Lua string literal: JSON's escapes (\", \\, \n, \t) are Lua's too. */
const lua = (text: string) => JSON.stringify(text);

function luaScript(request: HttpRequestSpec, tag: string): string {
  const lines = [`wrk.method = ${lua(request.method)}`];
  for (const [name, value] of Object.entries(request.headers)) {
    lines.push(`wrk.headers[${lua(name)}] = ${lua(value)}`);
  }
  if (request.body !== undefined && !request.unique) lines.push(`wrk.body = ${lua(request.body)}`);
  if (request.body !== undefined && request.unique) {
    // wrk runs this in its one thread: the counter is unique within the run, the tag across runs.
    const [before, ...after] = request.body.split('{n}');
    lines.push(
      'local counter = 0',
      `local parts = { ${[before, ...after].map(lua).join(', ')} }`,
      'request = function()',
      '  counter = counter + 1',
      `  local body = parts[1]`,
      `  for i = 2, #parts do body = body .. ${lua(tag + '-')} .. counter .. parts[i] end`,
      '  return wrk.format(nil, nil, nil, body)',
      'end',
    );
  }
  return lines.join('\n') + '\n';
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000 } as const;

export function parseWrk(stdout: string): LoadResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  if (!rps) throw new Error(`unexpected wrk output:\n${stdout}`);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    stdout,
  );
  const percentile = (share: string): number | undefined => {
    if (Number(rps[1]) === 0) return undefined;
    const match = new RegExp(`^\\s+${share}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(stdout);
    return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : undefined;
  };
  const socketErrors = errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(rps[1]),
    failed: (non2xx ? Number(non2xx[1]) : 0) + socketErrors,
    p50: percentile('50'),
    p99: percentile('99'),
  };
}
