import { RedisClient } from './redis-client.factory';

export interface StartupRetry {
  readonly initialMs: number;
  readonly maxMs: number;
  /** 0 retries forever. */
  readonly maxElapsedMs: number;
  readonly log: (message: string) => void;
}

/**
 * Connects and PINGs until the store answers, doubling the wait (with jitter) up to `maxMs`; gives
 * up after `maxElapsedMs` with an error that stops the boot.
 */
export async function connectWithRetry(
  client: RedisClient,
  label: string,
  retry: StartupRetry,
): Promise<void> {
  const started = Date.now();
  let delay = retry.initialMs;
  for (;;) {
    try {
      if (client.status === 'wait' || client.status === 'end') await client.connect();
      await client.ping();
      return;
    } catch (error) {
      const elapsed = Date.now() - started;
      if (retry.maxElapsedMs > 0 && elapsed + delay > retry.maxElapsedMs) {
        throw new Error(`timed out waiting for the ${label} (${(error as Error).message})`);
      }
      retry.log(
        `${label} not reachable (${(error as Error).message}); retrying in ${Math.round(delay)} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2 * (0.75 + Math.random() * 0.5), retry.maxMs);
    }
  }
}
