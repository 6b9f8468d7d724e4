import { Agent, request } from 'node:http';
import { latencyResult, LoadResult } from './load-result';
import type { HttpRequestSpec } from './wrk-request';

export interface PacedOptions {
  /** Requests per second, sent on a fixed schedule whatever the answers do (an open loop). */
  readonly rate: number;
  readonly seconds: number;
  readonly warmUpSeconds?: number;
  /** Keep-alive connections at most; a request waits for a free one (and that wait counts). */
  readonly connections?: number;
}

/**
 * A paced HTTP client (wrk 4 has no `-R`): request i is due at start + i / rate and its latency
 * runs from that moment to the end of the answer, so a stalled service is charged for every
 * request that should have been sent meanwhile (no coordinated omission). Keep-alive connections
 * over node:http; p50/p99 of the requests due after the warm-up, rate = answers per second.
 */
export async function pacedHttp(
  baseUrl: string,
  spec: HttpRequestSpec,
  options: PacedOptions,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections ?? 64 });
  const url = new URL(spec.path, baseUrl);
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  const headers = {
    ...spec.headers,
    ...(body === undefined ? {} : { 'content-length': String(body.length) }),
  };
  const warmUpMs = (options.warmUpSeconds ?? 1) * 1000;
  const total = Math.floor((warmUpMs / 1000 + options.seconds) * options.rate);
  const intervalMs = 1000 / options.rate;
  const durations: number[] = [];
  let failed = 0;
  const send = (due: number, measured: boolean) =>
    new Promise<void>((settled) => {
      const finish = (ok: boolean) => {
        if (measured) {
          if (ok) durations.push(performance.now() - due);
          else failed++;
        }
        settled();
      };
      const call = request(url, { method: spec.method, headers, agent }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => finish(response.statusCode === 200));
        response.on('error', () => finish(false));
      });
      call.on('error', () => finish(false));
      call.end(body);
    });
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((done) => setTimeout(done, wait));
    inFlight.push(send(due, i * intervalMs >= warmUpMs));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return latencyResult(durations, options.seconds, failed);
}
