/*
 * `npm run bench:soak` knobs, from the environment:
 *   SOAK_SECONDS           length of the load (default 600)
 *   SOAK_SAMPLE_SECONDS    RSS and heap sampled this often (default 60)
 *   SOAK_KEYS              distinct descriptor values cycled through (default 1000000)
 *   SOAK_GRPC_CONCURRENCY  gRPC calls in flight (default 32)
 *   SOAK_JSON_CONCURRENCY  POST /json requests in flight (default 8)
 *   SOAK_RATE              total requests per second, 0 for as fast as it goes (default 0)
 *   SOAK_UNKNOWN_DOMAINS   distinct unknown domains in the mix (default 100)
 */
const numberFrom = (name: string, fallback: number, allowZero = false): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || (value === 0 && !allowZero)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer`);
  }
  return value;
};

export const SOAK = {
  seconds: numberFrom('SOAK_SECONDS', 600),
  sampleSeconds: numberFrom('SOAK_SAMPLE_SECONDS', 60),
  keys: numberFrom('SOAK_KEYS', 1_000_000),
  grpcConcurrency: numberFrom('SOAK_GRPC_CONCURRENCY', 32),
  jsonConcurrency: numberFrom('SOAK_JSON_CONCURRENCY', 8),
  rate: numberFrom('SOAK_RATE', 0, true),
  unknownDomains: numberFrom('SOAK_UNKNOWN_DOMAINS', 100),
  /** The RSS goal: the end within this share of the reference sample (minute 2). */
  tolerance: 0.1,
  referenceSeconds: 120,
} as const;
