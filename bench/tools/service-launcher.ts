import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePorts } from '../../test/support/free-port';
import { PROJECT_ROOT } from '../../test/support/service-process';
import { pidOf } from './processes';

/**
 * The two process shapes of issue 13: the default process (every module, an embedded database
 * under its own DATA_DIR) and a `MODULES=ratelimit` process (the rate limit service only).
 */
export type Shape = 'default' | 'ratelimit';
export const SHAPES: readonly Shape[] = ['default', 'ratelimit'];
export const shapeLabel = (shape: Shape) => (shape === 'default' ? 'default' : 'MODULES=ratelimit');

/** The built service; SERVICE_MAIN (relative to the project, or absolute) picks another build. */
export const SERVICE_MAIN = resolve(
  PROJECT_ROOT,
  process.env.SERVICE_MAIN ?? join('dist', 'main.js'),
);

export interface Service {
  readonly label: string;
  readonly shape: Shape;
  readonly pid: number;
  readonly httpUrl: string;
  readonly debugUrl: string;
  /** `http://host:port`, as h2load takes it. */
  readonly grpcUrl: string;
  readonly grpcAddress: string;
  /** From spawn to the first `/healthcheck` 200, milliseconds. */
  readonly readyMs: number;
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

export interface LaunchOptions {
  readonly label: string;
  readonly shape: Shape;
  /** Rule directory, store and other settings. */
  readonly env: Record<string, string>;
  readonly readyTimeoutMs?: number;
  /** Another build's main.js (absolute) and its directory, e.g. the baseline commit's build. */
  readonly build?: { readonly main: string; readonly root: string };
  /** A command the service runs under, e.g. `['valgrind', '--tool=callgrind']` (same pid). */
  readonly wrapper?: readonly string[];
}

/**
 * Spawns the built service on free loopback ports and polls `/healthcheck` every 10 ms until it
 * answers 200 (the time to healthy), then waits for the debug listener too. Every process gets a
 * fresh DATA_DIR, removed at stop: PGlite allows one process per directory (a `MODULES=ratelimit`
 * process does not read it).
 */
export async function launchService(options: LaunchOptions): Promise<Service> {
  const main = options.build?.main ?? SERVICE_MAIN;
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const [port, grpcPort, debugPort] = await freePorts(3);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const started = performance.now();
  const [command, ...prefix] = [...(options.wrapper ?? []), process.execPath];
  const child = spawn(command, [...prefix, main], {
    cwd: options.build?.root ?? PROJECT_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(grpcPort),
      DEBUG_HOST: '127.0.0.1',
      DEBUG_PORT: String(debugPort),
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      CONTENT_SEED_DIR: 'none',
      ...(options.shape === 'ratelimit' ? { MODULES: 'ratelimit' } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const httpUrl = `http://127.0.0.1:${port}`;
  const debugUrl = `http://127.0.0.1:${debugPort}`;
  try {
    const readyMs = await until(child, `${httpUrl}/healthcheck`, started, options, () => output);
    await until(child, `${debugUrl}/`, started, options, () => output);
    return {
      label: options.label,
      shape: options.shape,
      pid: pidOf(child),
      httpUrl,
      debugUrl,
      grpcUrl: `http://127.0.0.1:${grpcPort}`,
      grpcAddress: `127.0.0.1:${grpcPort}`,
      readyMs,
      output: () => output,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Milliseconds from `started` until `url` answers 200. */
async function until(
  child: ChildProcess,
  url: string,
  started: number,
  options: LaunchOptions,
  output: () => string,
): Promise<number> {
  const timeoutMs = options.readyTimeoutMs ?? 90_000;
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${options.label} exited with ${child.exitCode ?? child.signalCode}:\n${output()}`,
      );
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error(`${options.label}: ${url} not 200 within ${timeoutMs / 1000} s:\n${output()}`);
}
