import { encodeRequest } from '../tools/grpc-wire';
import { rawGrpcClient } from '../tools/raw-grpc-client';
import { Service } from '../tools/service-launcher';
import { RequestMix } from './request-mix';
import { SOAK } from './soak-settings';

export interface LoadCounts {
  grpc: number;
  json: number;
  errors: number;
  /** The first few error messages, for the report. */
  readonly firstErrors: string[];
}

export interface MixedLoad {
  readonly counts: LoadCounts;
  readonly mix: RequestMix;
  /** Stops issuing and waits for the calls in flight. */
  stop(): Promise<void>;
}

/**
 * gRPC (hand-encoded frames over node:http2) and POST /json loops against one service, each a
 * fixed number of callers awaiting one request at a time; SOAK_RATE, when set, paces all of them
 * together.
 */
export function startMixedLoad(service: Service): MixedLoad {
  const mix = new RequestMix();
  const counts: LoadCounts = { grpc: 0, json: 0, errors: 0, firstErrors: [] };
  const grpc = rawGrpcClient(service.grpcUrl);
  let running = true;
  const started = performance.now();
  let issued = 0;
  const pace = async () => {
    if (SOAK.rate === 0) return;
    const due = started + (issued++ * 1000) / SOAK.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  const failed = (error: unknown) => {
    counts.errors++;
    if (counts.firstErrors.length < 5) {
      counts.firstErrors.push(error instanceof Error ? error.message : String(error));
    }
  };
  const grpcCaller = async () => {
    while (running) {
      await pace();
      try {
        await grpc.call(encodeRequest(mix.next()));
        counts.grpc++;
      } catch (error) {
        failed(error);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  };
  const jsonCaller = async () => {
    while (running) {
      await pace();
      try {
        const response = await fetch(`${service.httpUrl}/json`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(mix.next()),
        });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`/json ${response.status} ${text}`);
        counts.json++;
      } catch (error) {
        failed(error);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  };
  const callers = [
    ...Array.from({ length: SOAK.grpcConcurrency }, grpcCaller),
    ...Array.from({ length: SOAK.jsonConcurrency }, jsonCaller),
  ];
  return {
    counts,
    mix,
    stop: async () => {
      running = false;
      await Promise.all(callers);
      grpc.close();
    },
  };
}
