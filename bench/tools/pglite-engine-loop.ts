/*
 * PGlite's engine alone, in the service's arrangement: a process of its own starts this build's
 * PGlite worker thread (dist/infra/database/pglite-worker) on a copy of the service's data
 * directory and runs the statements the service sent for one request (captured by
 * statement-capture.ts) through the worker client's `preparedQuery` — the named prepared
 * statements the service's reads use — with the same parameters and row options, `concurrency`
 * sequences in flight, each statement after the previous one's answer as in the service.
 *
 * It stays up for all rounds of a row, idle between them, so that the engine is as warm as the
 * service's (PGlite's WASM is compiled in tiers while it runs; a fresh process per round measured
 * the engine before it was warm): it prints `{"ready":true}` once open, then for every stdin line
 * `{"seconds":n,"warmUpSeconds":m}` runs the loop and prints one JSON line (EngineLoopResult);
 * stdin's end closes it. Started by pglite-engine.ts as `node pglite-engine-loop.js <json options>`.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { CapturedStatement } from './statement-capture';

export interface EngineLoopOptions {
  /** The data directory's `pglite` directory (a copy). */
  readonly directory: string;
  /** The captured statements, a JSON array. */
  readonly statementsFile: string;
  /** This build's pglite-worker-client.js. */
  readonly workerClient: string;
  readonly concurrency: number;
}

export interface EngineRun {
  readonly seconds: number;
  readonly warmUpSeconds: number;
}

export interface EngineLoopResult {
  /** Sequences (one request's statements) answered per second in the measured window. */
  readonly perSecond: number;
  /** The process's CPU (all threads) per sequence over the measured window. */
  readonly cpuMicrosPerSequence: number;
  readonly failed: number;
}

interface WorkerClient {
  preparedQuery(text: string, params: unknown[], options?: object): Promise<unknown>;
  query(text: string, params: unknown[], options?: object): Promise<unknown>;
  close(): Promise<void>;
}

async function run(
  calls: readonly (() => Promise<unknown>)[],
  concurrency: number,
  { seconds, warmUpSeconds }: EngineRun,
): Promise<EngineLoopResult> {
  const measureFrom = performance.now() + warmUpSeconds * 1000;
  const end = measureFrom + seconds * 1000;
  let done = 0;
  let failed = 0;
  let cpuAtStart: NodeJS.CpuUsage | undefined;
  const loop = async () => {
    while (performance.now() < end) {
      // Counted when it ends inside the measured window, as a load generator counts answers.
      let ok = true;
      try {
        for (const call of calls) await call();
      } catch {
        ok = false;
      }
      const at = performance.now();
      if (at >= measureFrom && at <= end) {
        if (ok) done++;
        else failed++;
      }
    }
  };
  // The CPU count starts with the measured part.
  const startCpu = setTimeout(() => (cpuAtStart = process.cpuUsage()), warmUpSeconds * 1000);
  await Promise.all(Array.from({ length: concurrency }, loop));
  clearTimeout(startCpu);
  const cpu = process.cpuUsage(cpuAtStart);
  return {
    perSecond: done / seconds,
    cpuMicrosPerSequence: done > 0 ? (cpu.user + cpu.system) / done : 0,
    failed,
  };
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2]) as EngineLoopOptions;
  const statements = JSON.parse(
    readFileSync(options.statementsFile, 'utf8'),
  ) as CapturedStatement[];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PgliteWorkerClient } = require(options.workerClient) as {
    PgliteWorkerClient: { open(directory: string): Promise<WorkerClient> };
  };
  const client = await PgliteWorkerClient.open(options.directory);
  const keep = (value: string) => value;
  const calls = statements.map((statement) => {
    const queryOptions = {
      rowMode: statement.rowMode,
      parsers: Object.fromEntries((statement.rawOids ?? []).map((oid) => [oid, keep])),
    };
    const params = [...statement.values];
    return statement.prepared === true
      ? () => client.preparedQuery(statement.text, params, queryOptions)
      : () => client.query(statement.text, params, queryOptions);
  });
  process.stdout.write(JSON.stringify({ ready: true }) + '\n');
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') continue;
    const result = await run(calls, options.concurrency, JSON.parse(line) as EngineRun);
    process.stdout.write(JSON.stringify(result) + '\n');
  }
  await client.close();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
