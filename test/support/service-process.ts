import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { freePorts } from './free-port';

/** The directory holding package.json (this file also runs compiled, from the bench's output). */
export const PROJECT_ROOT = findProjectRoot(__dirname);

function findProjectRoot(from: string): string {
  let directory = from;
  while (!existsSync(join(directory, 'package.json'))) {
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`no package.json above ${from}`);
    directory = parent;
  }
  return directory;
}
/** SERVICE_MAIN lets a build in another output directory be tested (e.g. `dist-xds/main.js`). */
const MAIN = join(PROJECT_ROOT, process.env.SERVICE_MAIN ?? join('dist', 'main.js'));

export interface ServiceProcess {
  readonly httpUrl: string;
  readonly debugUrl: string;
  readonly grpcAddress: string;
  readonly child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM and wait for the exit; resolves with the exit code or signal. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  /** How long the listeners may take to answer (default 45 s); a large boot seed takes longer. */
  readonly readyTimeoutMs?: number;
  /** The working directory (where a `.env` file is looked for); the project root by default. */
  readonly cwd?: string;
}

/**
 * Starts the built service (`dist/main.js`, from `npm run build`) on free loopback ports and waits
 * until its HTTP and debug listeners answer.
 */
export async function startService(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServiceProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const [port, grpcPort, debugPort] = await freePorts(3);
  const child = spawn(process.execPath, [MAIN], {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(grpcPort),
      DEBUG_HOST: '127.0.0.1',
      DEBUG_PORT: String(debugPort),
      LOG_LEVEL: 'info',
      // Only content tests load the demo content (they pass CONTENT_SEED_DIR themselves).
      CONTENT_SEED_DIR: 'none',
      // The content suites ask the public schema for Craft's ad-hoc transforms (Craft allows them);
      // the default (`tokens`) is tested by test/content/transform-limits.e2e-spec.ts.
      GRAPHQL_ADHOC_TRANSFORMS: 'any',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const service: ServiceProcess = {
    httpUrl: `http://127.0.0.1:${port}`,
    debugUrl: `http://127.0.0.1:${debugPort}`,
    grpcAddress: `127.0.0.1:${grpcPort}`,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  // Without the ratelimit module there is no debug listener.
  const limits = env.MODULES === undefined || env.MODULES.includes('ratelimit');
  const debugAnswers = async () => !limits || (await answers(`${service.debugUrl}/`));
  // A first PGlite boot (initdb, migrations) takes seconds on a busy 2-core machine.
  const readyTimeoutMs = options.readyTimeoutMs ?? 45_000;
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await closed; // the output streams may still hold the reason
      throw new Error(`service exited with ${child.exitCode}:\n${output}`);
    }
    if ((await answers(`${service.httpUrl}/json`)) && (await debugAnswers())) return service;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await service.stop('SIGKILL');
  throw new Error(`service did not start within ${readyTimeoutMs / 1000} s:\n${output}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

/** Runs the built service expecting it to exit by itself (bad settings); resolves with code and output. */
export function runServiceToExit(
  env: Record<string, string>,
  cwd = PROJECT_ROOT,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN], {
      cwd,
      env: { PATH: process.env.PATH, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
