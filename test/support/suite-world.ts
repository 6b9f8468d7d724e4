/**
 * Starts a world before the enclosing `describe` block's tests and stops it after them (also
 * when a test failed). Returns the started world's getter: it throws when called before the
 * world started, so a suite that reads it at definition time fails loudly.
 */
export function suiteWorld<W>(
  start: () => Promise<W>,
  stop: (world: W) => Promise<void>,
  timeoutMs: number,
): () => W {
  let started: W | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    if (started !== undefined) await stop(started);
  });
  return () => {
    if (started === undefined) throw new Error('the world has not started');
    return started;
  };
}
