import { descriptor } from '../requests';
import { encodeRequest } from './grpc-wire';
import { runPool } from './pool';
import { rawGrpcClient } from './raw-grpc-client';

const PER_CALL = 100;
const CONCURRENCY = 32;

/**
 * Counts `keys` distinct descriptor values (`tenant=<valueOf(i)>`, by default `fill-<i>`: a day
 * window in rules/bench.yaml, so none expires during the run) through gRPC: 100 descriptors per call, 32 calls in flight,
 * requests encoded by hand and answers not decoded (the client stays light beside the service).
 * Resolves with the seconds it took.
 */
export async function fillDistinctKeys(
  grpcUrl: string,
  keys: number,
  valueOf: (index: number) => string = (index) => `fill-${index}`,
): Promise<number> {
  const client = rawGrpcClient(grpcUrl);
  const started = performance.now();
  try {
    await runPool(Math.ceil(keys / PER_CALL), CONCURRENCY, async (call) => {
      const first = call * PER_CALL;
      const descriptors = [];
      for (let i = first; i < Math.min(keys, first + PER_CALL); i++) {
        descriptors.push(descriptor(['tenant', valueOf(i)]));
      }
      await client.call(encodeRequest({ domain: 'bench', descriptors }));
    });
  } finally {
    client.close();
  }
  return (performance.now() - started) / 1000;
}
