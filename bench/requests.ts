/*
 * The decision requests the bench sends, in the proto's JSON-ish shape (camelCase, as
 * @grpc/proto-loader and `/json` take them). Rules: rules/bench.yaml and rules/algorithms.yaml.
 */
export interface Entry {
  readonly key: string;
  readonly value: string;
}
export interface Descriptor {
  readonly entries: readonly Entry[];
  readonly limit?: { readonly requestsPerUnit: number; readonly unit: string };
}
export interface DecisionRequest {
  readonly domain: string;
  readonly descriptors: readonly Descriptor[];
}

export const descriptor = (...pairs: [string, string][]): Descriptor => ({
  entries: pairs.map(([key, value]) => ({ key, value })),
});

export const ONE: DecisionRequest = {
  domain: 'bench',
  descriptors: [descriptor(['user', 'alice'])],
};
export const THREE: DecisionRequest = {
  domain: 'bench',
  descriptors: [
    descriptor(['user', 'alice']),
    descriptor(['path', '/api']),
    descriptor(['tenant', 'acme']),
  ],
};

/** One descriptor per algorithm of issue 14, each a rule of its own in rules/algorithms.yaml. */
export const ALGORITHM_DOMAIN = 'bench_algorithms';
export const algorithmRequest = (key: string): DecisionRequest => ({
  domain: ALGORITHM_DOMAIN,
  descriptors: [descriptor([key, 'alice'])],
});
export const ALGORITHMS = [
  { key: 'fixed', label: 'fixed window' },
  { key: 'sliding', label: 'sliding window' },
  { key: 'bucket', label: 'token bucket' },
  { key: 'two_limits', label: 'two limits (rate_limits)' },
] as const;
