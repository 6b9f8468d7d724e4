/**
 * Query texts longer than this give the event loop a turn between parsing, validation and
 * execution: a large anonymous document holds the loop for tens of milliseconds in each, and
 * the rate limiter's decisions share that loop
 * (docs/security.md#one-anonymous-client-against-the-shared-event-loop-issue-29). Smaller ones run
 * straight through, as a turn costs a fraction of a millisecond they need not pay.
 */
export const YIELD_ABOVE_QUERY_CHARS = 4 * 1024;

/** Resolves after pending I/O callbacks (gRPC decisions among them) have run. */
export function eventLoopTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
