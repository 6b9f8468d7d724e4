import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { EngineLoopOptions, EngineLoopResult } from './pglite-engine-loop';

/**
 * One run of PGlite's engine alone (pglite-engine-loop.ts) in a process of its own, started for
 * the run and gone after it, so that it holds no memory or threads while the service is measured.
 */
export async function runPgliteEngine(options: EngineLoopOptions): Promise<EngineLoopResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(__dirname, 'pglite-engine-loop.js'), JSON.stringify(options)],
    { maxBuffer: 1024 * 1024, timeout: (options.seconds + options.warmUpSeconds + 60) * 1000 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as EngineLoopResult;
}
