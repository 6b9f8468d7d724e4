/** What one load run measured. */
export interface LoadResult {
  readonly requestsPerSecond: number;
  /** Requests that failed at the HTTP level (non-2xx) or on the socket. */
  readonly failed: number;
  /** Milliseconds, when the run measured latency. */
  readonly p50?: number;
  readonly p99?: number;
}

/** The rate, failures and p50/p99 (ms) of a run's request durations; sorts `durations`. */
export function latencyResult(durations: number[], seconds: number, failed: number): LoadResult {
  durations.sort((a, b) => a - b);
  const at = (share: number) =>
    durations.length === 0
      ? NaN
      : durations[Math.min(durations.length - 1, Math.floor(durations.length * share))];
  return { requestsPerSecond: durations.length / seconds, failed, p50: at(0.5), p99: at(0.99) };
}
