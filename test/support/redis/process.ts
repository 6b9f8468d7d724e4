import { ChildProcess, execFile, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Socket } from 'node:net';
import { promisify } from 'node:util';
import { Script } from 'node:vm';
import Redis, { RedisOptions } from 'ioredis';
import { freePort } from '../free-port';

export const execFileAsync = promisify(execFile);

/** How long any starter waits for a server (or a topology) to settle before giving up. */
export const START_DEADLINE_MS = 15_000;
const POLL_MS = 75;
/** Bytes of server output kept for error messages; redis logs little, so this is many lines. */
const LOG_KEEP = 32 * 1024;

const INSTALL_HINTS = {
  'redis-server': 'apt-get install redis-server',
  'redis-cli': 'apt-get install redis-tools (redis-server pulls it in)',
  openssl: 'apt-get install openssl',
} as const;

/** Full path of a binary the support code shells out to; throws with an install hint if absent. */
export function requireBinary(name: keyof typeof INSTALL_HINTS): string {
  for (const directory of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this PATH entry
    }
  }
  throw new Error(`${name} is not on PATH; these tests need it: ${INSTALL_HINTS[name]}`);
}

/**
 * jest hands each test file a copy of `process` whose 'exit' event never fires; code compiled by
 * vm in the main context still sees the real one.
 */
const realProcess = new Script('process').runInThisContext() as NodeJS.Process;

/**
 * Every redis-server child still alive in this worker process, with its working directory. A
 * failing test may never reach its `stop()`, so one exit hook (shared by all test files a jest
 * worker runs, hence kept on the real process) kills and cleans up whatever is left.
 */
const REGISTRY = Symbol.for('test-support.redis-children');
type Registry = { [REGISTRY]?: Map<ChildProcess, string> };
const live = ((realProcess as Registry)[REGISTRY] ??= (() => {
  const children = new Map<ChildProcess, string>();
  realProcess.once('exit', () => {
    for (const [child, dir] of children) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return children;
})());

/** Pids of redis-server processes this module started that have not exited yet. */
export function liveRedisPids(): number[] {
  return [...live.keys()].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}

/** Thrown from a readiness check when waiting longer cannot help (the server died). */
class FatalStartError extends Error {}

/**
 * Polls `check` until it returns true. A thrown error counts as "not yet" (and is reported if the
 * deadline passes), except FatalStartError, which ends the wait at once.
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  logs: () => string,
  deadlineMs = START_DEADLINE_MS,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  let lastError = '';
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      if (error instanceof FatalStartError) throw error;
      lastError = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline) {
      const cause = lastError ? ` (last error: ${lastError})` : '';
      throw new Error(`${what} not reached within ${deadlineMs} ms${cause}\n${logs()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Runs `fn` on a fresh, non-retrying ioredis connection and closes it. Readiness polls want one
 * honest attempt per tick, not ioredis's reconnect loop and offline queue.
 */
export async function withClient<T>(
  options: RedisOptions,
  fn: (client: Redis) => Promise<T>,
): Promise<T> {
  const client = new Redis({
    host: '127.0.0.1',
    ...options,
    lazyConnect: true,
    connectTimeout: 1000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    // ioredis otherwise arms a 2 s timer per disconnect that only a later 'close' clears, and a
    // failed probe's socket has closed already: the timers would hold the test process open.
    disconnectTimeout: 0,
  });
  let lastError = '';
  client.on('error', (error: Error) => (lastError = error.message)); // ioredis's rejection is vaguer
  let timer: NodeJS.Timeout | undefined;
  // A hard cap on top of ioredis's own timeouts: a poll that never settles would otherwise hang
  // the whole wait past its deadline (and past jest's hook timeout, leaking the servers).
  const cap = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within 5 s ${lastError}`)), 5000);
  });
  try {
    const attempt = client.connect().then(() => fn(client));
    attempt.catch(() => undefined); // it may lose the race; its late rejection is not news
    return await Promise.race([attempt, cap]);
  } catch (error) {
    if (lastError && error instanceof Error && !error.message.includes(lastError)) {
      error.message += ` (${lastError})`;
    }
    throw error;
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/** One redis-server (or sentinel) process with a fixed port, args and working directory. */
export class RedisProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private output = '';
  /** Set on spawn, cleared on 'exit' or a spawn error (after which exitCode stays null). */
  private alive = false;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly dir: string,
    private readonly args: readonly string[],
    /** Answers true once the server is usable; called every poll tick while starting. */
    private readonly ready: (server: RedisProcess) => Promise<boolean>,
  ) {}

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return this.alive;
  }

  /** The last lines the server printed, labelled, for error messages. */
  logTail(lines = 30): string {
    const tail = this.output.trimEnd().split('\n').slice(-lines).join('\n');
    return `--- ${this.name} (port ${this.port}) log tail ---\n${tail}`;
  }

  /** Spawns the process and waits until `ready` says yes; kills it again if it never does. */
  async start(): Promise<void> {
    if (this.running) throw new Error(`${this.name} on port ${this.port} is already running`);
    const child = spawn(requireBinary('redis-server'), this.args, {
      cwd: this.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Unref'd (process and pipes): a server a failing test never stopped must not keep the test
    // process alive forever; the exit hook above kills it instead.
    child.unref();
    for (const pipe of [child.stdout, child.stderr]) (pipe as Socket | null)?.unref();
    this.child = child;
    this.alive = true;
    live.set(child, this.dir);
    this.output += `\n[spawned: redis-server ${this.args.join(' ')}]\n`;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-LOG_KEEP);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    // 'exit', not 'close': a fork (replication RDB child) may hold the pipes open a while longer.
    this.exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', (error) => {
        this.output += `\n[spawn error: ${error.message}]\n`;
        resolve();
      });
    }).then(() => {
      this.alive = false;
      live.delete(child);
    });
    // The last log lines arrive with 'close'; a start failure waits briefly for them.
    const closed = new Promise((resolve) => child.once('close', resolve));
    try {
      await waitUntil(
        `${this.name} on port ${this.port} ready`,
        async () => {
          if (!this.running) {
            await this.exited;
            await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 500))]);
            throw new FatalStartError(
              `${this.name} on port ${this.port} exited while starting (${describeExit(child)})\n${this.logTail()}`,
            );
          }
          return this.ready(this);
        },
        () => this.logTail(),
      );
    } catch (error) {
      await this.kill();
      throw error;
    }
  }

  /** SIGKILL (a crash, as fault tests want it) and wait until the process is gone. */
  async kill(): Promise<void> {
    if (this.running) this.child?.kill('SIGKILL');
    // The child is unref'd, so hold the event loop open until its exit has been seen.
    const hold = setTimeout(() => undefined, 10_000);
    await this.exited;
    clearTimeout(hold);
  }

  /** Same port, same args, same directory: comes back with whatever it had persisted there. */
  async restart(): Promise<void> {
    await this.kill();
    await this.start();
  }

  /** Kill and remove the working directory. */
  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function describeExit(child: ChildProcess): string {
  return child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`;
}

/**
 * Starts a server on a fresh free port. `freePort()` only says the port was free a moment ago, and
 * other engineers' tests share this machine, so a bind race is retried on another port.
 */
export async function launch(
  name: string,
  makeArgs: (port: number, dir: string) => Promise<string[]> | string[],
  ready: (server: RedisProcess) => Promise<boolean>,
): Promise<RedisProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), `${name}-`));
    const server = new RedisProcess(name, port, dir, await makeArgs(port, dir), ready);
    try {
      await server.start();
      return server;
    } catch (error) {
      await server.stop();
      const message = error instanceof Error ? error.message : '';
      if (attempt >= 3 || !/Address already in use/i.test(message)) throw error;
    }
  }
}

/** Stops every given server, even when some stop fails, then reports the first failure. */
export async function stopAll(servers: readonly RedisProcess[]): Promise<void> {
  const results = await Promise.allSettled(servers.map((server) => server.stop()));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
