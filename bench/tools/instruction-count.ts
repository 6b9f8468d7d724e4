import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { rawGrpcClient } from './raw-grpc-client';
import { median } from './median';
import { requireTool } from './require-tool';
import { launchService, LaunchOptions } from './service-launcher';

/**
 * Service instructions per gRPC decision, counted by valgrind's callgrind: a count that does not
 * depend on what else the machine does, so a 1 % difference between two builds or settings shows
 * where throughput on this shared 2-core machine drifts by tens of percent.
 *
 * The service boots under callgrind with instrumentation off (ten times faster than on) and takes
 * a warm-up of every request, so the JIT has settled; then per request, with instrumentation on,
 * three windows of `measured` calls, each zeroed and dumped, the median kept. Only the main
 * thread is counted (`--separate-threads`): the decision path runs there, while V8's compiler and
 * concurrent marking threads finish their work at times that vary run to run. Under valgrind the
 * process runs some fifty times slower, so work done per second of wall time (samplers, timers)
 * weighs about fifty times more per decision than it does natively: an upper bound for such costs.
 */
export interface InstructionOptions extends Omit<LaunchOptions, 'wrapper'> {
  /** Framed requests by label, each warmed and then counted in turn. */
  readonly requests: readonly (readonly [string, Buffer])[];
  readonly warmUp: number;
  /** Calls per counted window. */
  readonly measured: number;
}

const IN_FLIGHT = 8;

/** The environment a counted process and callgrind_control share (see callgrindControl). */
export const CALLGRIND_ENV = { HOST: '127.0.0.1' } as const;
/**
 * Counted windows per request, the median kept: a window that holds a full mark-compact of the
 * heap counts about 10 % more than its neighbours, and whether one falls in varies run to run.
 */
const WINDOWS = 3;

export async function instructionsPerDecision(
  options: InstructionOptions,
): Promise<Map<string, number>> {
  await requireTool('valgrind', 'valgrind');
  const directory = mkdtempSync(join(tmpdir(), 'bench-callgrind-'));
  const service = await launchService({
    ...options,
    readyTimeoutMs: 600_000,
    wrapper: callgrindWrapper(directory),
  });
  try {
    const senders = options.requests.map(
      ([label, frame]) => [label, (count: number) => calls(service.grpcUrl, frame, count)] as const,
    );
    return await instructionsPerRequest(service.pid, directory, senders, options);
  } finally {
    await service.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Sends `count` requests of one kind, all answered, before it resolves; any failure throws. */
export type Sender = (count: number) => Promise<void>;

/**
 * valgrind's callgrind with instrumentation off until `instructionsPerRequest` turns it on, the
 * dumps written into `directory`: the command a process to count runs under (same pid).
 */
export function callgrindWrapper(directory: string): string[] {
  return [
    'valgrind',
    '--tool=callgrind',
    '--quiet',
    // V8 writes the code it runs: valgrind must notice, or it runs stale translations.
    '--smc-check=all-non-file',
    '--instr-atstart=no',
    '--separate-threads=yes',
    `--callgrind-out-file=${join(directory, 'out')}`,
  ];
}

/**
 * Instructions of the main thread of `pid` (running under `callgrindWrapper(directory)`) per
 * request, by label: every sender warms first, then each is counted in WINDOWS windows of
 * `measured` requests, the median kept.
 */
export async function instructionsPerRequest(
  pid: number,
  directory: string,
  senders: readonly (readonly [string, Sender])[],
  counts: { readonly warmUp: number; readonly measured: number },
): Promise<Map<string, number>> {
  const control = callgrindControl(pid);
  const perRequest = new Map<string, number>();
  // Every request warms before any is counted: the first phase counted after a warm-up of
  // only its own request varied by 15 % run to run (the JIT still settling the others' paths).
  for (const [, send] of senders) await send(counts.warmUp);
  for (const [label, send] of senders) {
    await control('--instr=on');
    const windows: number[] = [];
    for (let window = 0; window < WINDOWS; window++) {
      await control('--zero');
      await send(counts.measured);
      await control(`--dump=${label}#${window}`);
      windows.push(mainThreadTotal(directory, `${label}#${window}`) / counts.measured);
    }
    await control('--instr=off');
    perRequest.set(label, median(windows));
  }
  return perRequest;
}

/** `count` calls of one frame, IN_FLIGHT at a time on one connection; any failure throws. */
async function calls(url: string, frame: Buffer, count: number): Promise<void> {
  const client = rawGrpcClient(url);
  let left = count;
  const caller = async () => {
    while (left-- > 0) await client.call(frame);
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, caller));
  } finally {
    client.close();
  }
}

/**
 * callgrind_control finds the process through vgdb's FIFOs, named after USER and HOST as each side
 * sees them: a counted process gets HOST=127.0.0.1 and no USER (CALLGRIND_ENV), so the control
 * must too.
 */
function callgrindControl(pid: number): (option: string) => Promise<void> {
  const env: NodeJS.ProcessEnv = { ...CALLGRIND_ENV, PATH: process.env.PATH };
  return async (option) => {
    const { stdout } = await promisify(execFile)('callgrind_control', [option, String(pid)], {
      env,
    });
    if (!stdout.includes('OK')) throw new Error(`callgrind_control ${option}: ${stdout}`);
  };
}

/** The main thread's instruction total in the dump made with `--dump=<label>`. */
function mainThreadTotal(directory: string, label: string): number {
  for (const name of readdirSync(directory).filter((file) => file.endsWith('-01'))) {
    const text = readFileSync(join(directory, name), 'utf8');
    if (!text.includes(`\ndesc: Trigger: dump ${label}\n`)) continue;
    const summary = /^summary: (\d+)$/m.exec(text);
    if (summary) return Number(summary[1]);
  }
  throw new Error(`no callgrind dump "${label}" for the main thread in ${directory}`);
}
