/**
 * Steady decision load on both transports of one service (gRPC ShouldRateLimit and POST /json),
 * for fault tests that break the counter store underneath: every outcome is recorded, each call
 * has a caller deadline (a hang shows up as DEADLINE_EXCEEDED or an abort, never as a stuck
 * test), and the count each success reports is kept so a test can tell whether counts survived.
 */
import * as grpc from '@grpc/grpc-js';
import { healthClient, rateLimitClient, unary } from './grpc-clients';
import { type LoadLoop, type Outcome, startLoad } from './load-loop';
import type { ServiceProcess } from './service-process';

/** What a caller waits at most: far above any store timeout a fault test sets. */
export const CALLER_DEADLINE_MS = 15_000;

export interface LimitedRequest {
  readonly domain: string;
  readonly descriptors: readonly { entries: readonly { key: string; value: string }[] }[];
}

interface Decision {
  overallCode: string;
  statuses: { limitRemaining?: number; currentLimit?: { requestsPerUnit: number } }[];
}

interface DeadlineCall {
  ShouldRateLimit(
    request: unknown,
    metadata: grpc.Metadata,
    options: grpc.CallOptions,
    callback: (error: grpc.ServiceError | null, response: Decision) => void,
  ): void;
}

/** The count a success reported (limit − remaining), with when the call started. */
export interface ReportedCount {
  readonly at: number;
  readonly used: number;
}

export interface DecisionLoad {
  readonly grpc: LoadLoop;
  readonly json: LoadLoop;
  readonly counts: ReportedCount[];
  /** Both transports' outcomes started at or after `since`. */
  after(since: number): Outcome[];
  stop(): Promise<void>;
}

function usedOf(decision: Decision): number | undefined {
  const status = decision.statuses[0];
  if (status?.currentLimit === undefined) return undefined;
  return status.currentLimit.requestsPerUnit - (status.limitRemaining ?? 0);
}

export function startDecisionLoad(
  service: ServiceProcess,
  request: LimitedRequest,
  callersPerTransport = 2,
): DecisionLoad {
  const client = rateLimitClient(service.grpcAddress);
  const counts: ReportedCount[] = [];
  const record = (started: number, decision: Decision) => {
    const used = usedOf(decision);
    if (used !== undefined) counts.push({ at: started, used });
  };
  const grpcLoad = startLoad(async () => {
    const started = performance.now();
    const decision = await new Promise<Decision>((resolve, reject) =>
      (client as unknown as DeadlineCall).ShouldRateLimit(
        request,
        new grpc.Metadata(),
        { deadline: Date.now() + CALLER_DEADLINE_MS },
        (error, response) => (error ? reject(error) : resolve(response)),
      ),
    );
    record(started, decision);
  }, callersPerTransport);
  const jsonLoad = startLoad(async () => {
    const started = performance.now();
    const response = await fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(CALLER_DEADLINE_MS),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`status ${response.status}: ${text}`);
    record(started, JSON.parse(text) as Decision);
  }, callersPerTransport);
  return {
    grpc: grpcLoad,
    json: jsonLoad,
    counts,
    after: (since) => [...grpcLoad.after(since), ...jsonLoad.after(since)],
    stop: async () => {
      await Promise.all([grpcLoad.stop(), jsonLoad.stop()]);
      client.close();
    },
  };
}

/** How a fault showed to callers: the failed calls and the span they covered. */
export interface ErrorWindow {
  readonly failures: number;
  /** From the start of the first failed call to the end of the last one (0 without failures). */
  readonly windowMs: number;
  /** From the fault to the start of the first success after the last failure. */
  readonly recoveryMs: number | undefined;
}

export function errorWindow(outcomes: readonly Outcome[], faultAt: number): ErrorWindow {
  const after = outcomes.filter((o) => o.at >= faultAt).sort((a, b) => a.at - b.at);
  const failed = after.filter((o) => !o.ok);
  if (failed.length === 0) return { failures: 0, windowMs: 0, recoveryMs: 0 };
  const first = failed[0].at;
  const lastEnd = Math.max(...failed.map((o) => o.at + o.ms));
  const recovered = after.find((o) => o.ok && o.at >= lastEnd);
  return {
    failures: failed.length,
    windowMs: Math.round(lastEnd - first),
    recoveryMs: recovered === undefined ? undefined : Math.round(recovered.at - faultAt),
  };
}

/** `/healthcheck` and the gRPC health Check of one service, read together. */
export async function healthOf(
  service: ServiceProcess,
): Promise<{ http: number; grpc: string | undefined }> {
  const client = healthClient(service.grpcAddress);
  try {
    const [http, check] = await Promise.all([
      fetch(`${service.httpUrl}/healthcheck`).then((response) => response.status),
      unary<{ status: string }>(client, 'Check', { service: '' }).then(
        (answer) => answer.status,
        () => undefined,
      ),
    ]);
    return { http, grpc: check };
  } finally {
    client.close();
  }
}
