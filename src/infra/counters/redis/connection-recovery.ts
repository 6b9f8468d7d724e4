import Redis, { Cluster } from 'ioredis';
import type { RedisClient } from './redis-client';

/** ioredis' text for a command that got no reply within `commandTimeout`. */
const COMMAND_TIMED_OUT = 'Command timed out';

export function isCommandTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === COMMAND_TIMED_OUT;
}

/**
 * `reconnectOnError`: a READONLY reply means the connection reaches a server that is a replica now
 * (its master failed over while the socket stayed open). Drop it and connect again: sentinel mode
 * asks the sentinels for the master again, a cluster node's client follows the new slot owner. The
 * command itself fails (1, not 2: with no offline queue a resend would fail anyway).
 */
export function reconnectOnReadonly(error: Error): 1 | false {
  return error.message.startsWith('READONLY') ? 1 : false;
}

/**
 * A command timeout counts against the connection: a server that stopped answering (frozen,
 * partitioned) keeps its socket open, so ioredis would otherwise wait on it forever and every
 * command would spend the whole timeout. Dropping the connection makes the next commands fail at
 * once while ioredis reconnects (in sentinel mode, to whatever the sentinels name as master now).
 * A cluster client cannot say which node timed out: it re-reads the slot map instead, which moves
 * the slots of a failed-over master to its promoted replica.
 */
export function countTimeoutAgainst(client: RedisClient, error: unknown): void {
  if (!isCommandTimeout(error)) return;
  if (client instanceof Cluster) {
    client.refreshSlotsCache();
    return;
  }
  // Commands of a connection that already closed were rejected at the close: a timeout comes from
  // the current one. Only a connection that counts as up is dropped (once, not per timed out command).
  if (client.status === 'ready') client.disconnect(true);
}

/**
 * Sends PING on an idle-or-busy connection every `intervalMs` while it is ready, so a server that
 * stops answering is noticed (and its connection dropped, see countTimeoutAgainst) even when no
 * command is under way. Returns the function that stops it.
 */
export function probeAnswers(client: Redis, intervalMs: number): () => void {
  let inFlight = false;
  const timer = setInterval(() => {
    if (inFlight || client.status !== 'ready') return;
    inFlight = true;
    client
      .ping()
      .catch((error: unknown) => countTimeoutAgainst(client, error))
      .finally(() => (inFlight = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
