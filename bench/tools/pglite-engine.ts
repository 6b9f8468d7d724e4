import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { EngineLoopOptions, EngineLoopResult, EngineRun } from './pglite-engine-loop';

/** PGlite's engine alone (pglite-engine-loop.ts), warm between runs. */
export interface PgliteEngine {
  run(options: EngineRun): Promise<EngineLoopResult>;
  stop(): Promise<void>;
}

/**
 * Starts the engine loop in a process of its own and waits until it has opened the database. It
 * is idle between runs (no CPU while the service is measured) and stays warm for the next one.
 */
export async function startPgliteEngine(options: EngineLoopOptions): Promise<PgliteEngine> {
  const child = spawn(
    process.execPath,
    [join(__dirname, 'pglite-engine-loop.js'), JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const lines: AsyncIterator<string, undefined> = createInterface({ input: child.stdout })[
    Symbol.asyncIterator
  ]();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const next = async (): Promise<string> => {
    const { value, done } = await lines.next();
    if (done === true) {
      await exited;
      throw new Error(`the PGlite engine loop exited with ${child.exitCode}: ${errors}`);
    }
    return value;
  };
  await next();
  return {
    run: async (run) => {
      child.stdin.write(JSON.stringify(run) + '\n');
      return JSON.parse(await next()) as EngineLoopResult;
    },
    stop: async () => {
      child.stdin.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
