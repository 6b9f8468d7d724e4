import { RedisOptions } from 'ioredis';
import { RedisProcess, stopAll, waitUntil, withClient } from './process';

/** Every server binds loopback only; the system Redis on 6379 is never one of ours. */
export const HOST = '127.0.0.1';

/** One server process of a topology, for fault tests. */
export interface RedisNode {
  readonly host: string;
  readonly port: number;
  /** Undefined while the process is not running (after kill(), before restart()). */
  readonly pid: number | undefined;
  /** SIGKILL, as a crash; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Same port and args (kills first if still running); resolves once it answers again. */
  restart(): Promise<void>;
}

/** A RedisNode view of a process; `afterRestart` adds topology-level waiting. */
export function nodeHandle(server: RedisProcess, afterRestart?: () => Promise<void>): RedisNode {
  return {
    host: HOST,
    port: server.port,
    get pid() {
      return server.pid;
    },
    kill: () => server.kill(),
    restart: async () => {
      await server.restart();
      await afterRestart?.();
    },
  };
}

/** Arguments every data node gets: loopback only, nothing persisted, its own directory. */
export function baseArgs(port: number, dir: string): string[] {
  return [
    ...['--port', String(port), '--bind', HOST, '--dir', dir],
    ...['--save', '', '--appendonly', 'no'],
    // A master otherwise waits 5 s for more replicas before a diskless full sync.
    ...['--repl-diskless-sync-delay', '0'],
  ];
}

/** `--requirepass`, plus `--masterauth` so a node that becomes a replica can still sync. */
export function passwordArgs(password: string | undefined): string[] {
  return password === undefined ? [] : ['--requirepass', password, '--masterauth', password];
}

/** Ready once PING answers PONG (not LOADING, not NOAUTH) with these connection options. */
export function pings(options: RedisOptions): () => Promise<boolean> {
  return () => withClient(options, async (client) => (await client.ping()) === 'PONG');
}

/** Starts every server or none: if one fails, the ones that did start are stopped. */
export async function startAllOrNone(
  starts: readonly (() => Promise<RedisProcess>)[],
): Promise<RedisProcess[]> {
  const results = await Promise.allSettled(starts.map((start) => start()));
  const started = results.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (!failure) return started;
  await stopAll(started);
  throw failure.reason;
}

/** Waits on a condition across servers, reporting all their log tails if it never holds. */
export function waitForAll(
  what: string,
  servers: readonly RedisProcess[],
  check: () => Promise<boolean>,
): Promise<void> {
  return waitUntil(what, check, () => servers.map((server) => server.logTail(15)).join('\n'));
}
