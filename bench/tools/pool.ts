/**
 * Runs `task(i)` for i = 0 .. count-1 with at most `concurrency` in flight; rejects with the
 * first failure once the tasks in flight have settled.
 */
export async function runPool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (next < count && failure === undefined) {
      const index = next++;
      try {
        await task(index);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  if (failure !== undefined) {
    throw failure instanceof Error ? failure : new Error(`task failed: ${JSON.stringify(failure)}`);
  }
}
