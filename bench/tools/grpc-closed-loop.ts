import { latencyResult, LoadResult } from './load-result';
import { rawGrpcClient } from './raw-grpc-client';

export interface ClosedLoopOptions {
  readonly url: string;
  readonly frame: Buffer;
  readonly seconds: number;
  /** HTTP/2 connections, and calls kept in flight on each. */
  readonly connections: number;
  readonly inFlight: number;
  readonly warmUpSeconds?: number;
}

/**
 * ShouldRateLimit as fast as answers come back: `connections × inFlight` callers, each sending its
 * next call when the last one is answered (node:http2, pre-encoded frames; no h2load needed). After
 * the warm-up, counts the answers and keeps every call's duration for p50/p99.
 */
export async function grpcClosedLoop(options: ClosedLoopOptions): Promise<LoadResult> {
  const clients = Array.from({ length: options.connections }, () => rawGrpcClient(options.url));
  const warmUpMs = (options.warmUpSeconds ?? 1) * 1000;
  const start = performance.now();
  const measureFrom = start + warmUpMs;
  const end = measureFrom + options.seconds * 1000;
  const durations: number[] = [];
  let failed = 0;
  const caller = async (client: ReturnType<typeof rawGrpcClient>) => {
    while (performance.now() < end) {
      const sent = performance.now();
      try {
        await client.call(options.frame);
        if (sent >= measureFrom) durations.push(performance.now() - sent);
      } catch {
        if (sent >= measureFrom) failed++;
      }
    }
  };
  try {
    await Promise.all(
      clients.flatMap((client) => Array.from({ length: options.inFlight }, () => caller(client))),
    );
  } finally {
    for (const client of clients) client.close();
  }
  return latencyResult(durations, options.seconds, failed);
}
