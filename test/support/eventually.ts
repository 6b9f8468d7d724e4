/**
 * Polls `probe` until it returns a value other than undefined, bounded by a deadline; resolves with
 * that value and how long it took. For changes that happen "soon" (a reload after a file change):
 * the test waits exactly as long as needed and fails with `what` when the deadline passes.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5000,
  intervalMs = 10,
): Promise<{ value: T; elapsedMs: number }> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    const elapsedMs = performance.now() - started;
    if (value !== undefined) return { value, elapsedMs };
    if (elapsedMs > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Checks that `probe` keeps returning true for `durationMs`: the negative counterpart of
 * `eventually`, for "this change must NOT be picked up". Resolves false at the first failure.
 */
export async function holdsFor(
  durationMs: number,
  probe: () => Promise<boolean> | boolean,
  intervalMs = 25,
): Promise<boolean> {
  const until = performance.now() + durationMs;
  while (performance.now() < until) {
    if (!(await probe())) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return probe();
}

/** Waits until `/healthcheck` of the service at `httpUrl` answers `status`. */
export async function healthBecomes(
  httpUrl: string,
  status: number,
  timeoutMs = 15_000,
): Promise<void> {
  await eventually(
    `/healthcheck to answer ${status}`,
    async () => ((await fetch(`${httpUrl}/healthcheck`)).status === status ? true : undefined),
    timeoutMs,
  );
}
