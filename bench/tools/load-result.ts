/** What one load run measured. */
export interface LoadResult {
  readonly requestsPerSecond: number;
  /** Requests that failed at the HTTP level (non-2xx) or on the socket. */
  readonly failed: number;
  /** Milliseconds, when the run measured latency. */
  readonly p50?: number;
  readonly p99?: number;
}
