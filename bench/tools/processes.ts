import { ChildProcess, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../test/support/free-port';

export interface Child {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
  readonly stop: () => void;
}

/** The process id of a spawned child (undefined only when spawning failed). */
export function pidOf(child: ChildProcess): number {
  if (child.pid === undefined) throw new Error(`${child.spawnfile} has no process id`);
  return child.pid;
}

/**
 * A no-op baseline server of bench/servers, compiled next to this file's directory; `under`: a
 * command it runs under (e.g. callgrind, same pid) and the whole environment it gets.
 */
export async function startBaseline(
  script: string,
  args: string[],
  under?: { readonly wrapper: readonly string[]; readonly env: NodeJS.ProcessEnv },
): Promise<Child> {
  const port = await freePort();
  const [command, ...prefix] = [...(under?.wrapper ?? []), process.execPath];
  const child = spawn(
    command,
    [...prefix, join(__dirname, '..', 'servers', script), ...args, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'], env: under?.env ?? process.env },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, port, url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}

/** A throwaway redis-server on a free loopback port, without persistence. */
export async function startRedis(): Promise<Child> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      await promisify(execFile)('redis-cli', ['-p', String(port), 'ping']);
      return { child, port, url: `127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}
