import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect, Socket } from 'node:net';
import { freePort } from './free-port';

/** A real memcached process on a loopback port. */
export interface MemcachedServer {
  readonly port: number;
  /** `127.0.0.1:<port>`, as ALTCACHE_HOST_PORT lists it. */
  readonly address: string;
  /** Stops the process (SIGKILL simulates a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts a fresh, empty process on the same port. */
  restart(): Promise<void>;
  /** Sends one text-protocol command and resolves with the reply up to `until`. */
  command(line: string, until?: RegExp): Promise<string>;
}

const START_TIMEOUT_MS = 5000;

/** Children still running: a failed test may never reach `stop()`, so none outlives the run. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Starts memcached on a free port and resolves once it accepts connections. */
export async function startMemcached(): Promise<MemcachedServer> {
  requireMemcachedBinary();
  const port = await freePort();
  let child = await launch(port);
  return {
    port,
    address: `127.0.0.1:${port}`,
    stop: async (signal = 'SIGTERM') => stopProcess(child, signal),
    restart: async () => {
      await stopProcess(child, 'SIGKILL');
      child = await launch(port);
    },
    command: (line, until) => textCommand(port, line, until),
  };
}

export function startMemcachedNodes(count: number): Promise<MemcachedServer[]> {
  return Promise.all(Array.from({ length: count }, () => startMemcached()));
}

/** Seconds an item has left, from the meta command `mg <key> t` (memcached 1.6); undefined when absent. */
export async function remainingTtl(
  server: MemcachedServer,
  key: string,
): Promise<number | undefined> {
  const reply = await server.command(`mg ${key} t`, /^(EN|HD[^\r]*)\r\n/);
  const ttl = /\bt(-?\d+)/.exec(reply);
  return reply.startsWith('EN') || !ttl ? undefined : Number(ttl[1]);
}

function requireMemcachedBinary(): void {
  const probe = spawnSync('memcached', ['-V'], { encoding: 'utf8' });
  if (probe.error) {
    throw new Error(
      'the memcached binary is not on PATH: these tests start real memcached processes; install it ' +
        '(Debian/Ubuntu: `apt-get install memcached`)',
    );
  }
}

async function launch(port: number): Promise<ChildProcess> {
  // Small and single-threaded: the tests share two cores with other work.
  const args = ['-p', String(port), '-U', '0', '-l', '127.0.0.1', '-m', '16', '-t', '1'];
  // memcached refuses to run as root unless told which user to run as.
  if (process.getuid?.() === 0) args.push('-u', 'root');
  const child = spawn('memcached', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`memcached on port ${port} exited with ${child.exitCode}: ${output}`);
    }
    if (await accepts(port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGKILL');
  throw new Error(
    `memcached on port ${port} did not accept connections within ${START_TIMEOUT_MS} ms`,
  );
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
  await exited;
  clearTimeout(timer);
}

function textCommand(port: number, line: string, until = /\r\n$/): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(`${line}\r\n`));
    let reply = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`memcached did not answer "${line}" within 2 s (got ${JSON.stringify(reply)})`),
      );
    }, 2000);
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('latin1');
      if (until.test(reply)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(reply);
      }
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
