import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ONE } from '../requests';
import { instructionRow } from '../report/instruction-row';
import { Row, skippedRow } from '../report/row';
import { BENCH } from '../settings';
import { httpSender } from '../tools/http-sender';
import {
  CALLGRIND_ENV,
  callgrindWrapper,
  instructionsPerRequest,
  Sender,
} from '../tools/instruction-count';
import { pidOf, startBaseline } from '../tools/processes';
import { requireTool } from '../tools/require-tool';
import { benchRules } from '../tools/rule-files';
import { launchService, Shape, shapeLabel, SHAPES } from '../tools/service-launcher';
import { HttpRequestSpec } from '../tools/wrk-request';

const WARM_UP = 15_000;
const MEASURED = 2_000;
const LABEL = 'POST /json';
const JSON_DECISION: HttpRequestSpec = {
  method: 'POST',
  path: '/json',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(ONE),
};

/**
 * `POST /json` as instructions of the serving process's main thread per request (callgrind,
 * tools/instruction-count.ts), each process shape against the no-op Fastify route of the
 * throughput rows: what our code costs per decision, whatever else the machine does. The
 * throughput row also prices the kernel's loopback and how wrk and the server share two cores,
 * which both sides pay. BENCH_CALLGRIND_ROUNDS rounds of one process per side; ratios of medians.
 */
export async function jsonInstructionRows(): Promise<Row[]> {
  const base = (shape: Shape) => ({
    group: 'throughput',
    measure: `${LABEL}, memory store, 1 descriptor: requests per instruction of the serving process's main thread (callgrind)`,
    shape: shapeLabel(shape),
  });
  if (BENCH.callgrindRounds === 0) {
    return SHAPES.map((shape) => skippedRow(base(shape), 'BENCH_CALLGRIND_ROUNDS=0'));
  }
  await requireTool('valgrind', 'valgrind');
  const rules = benchRules('bench.yaml');
  const counts: Record<Shape | 'noop', number[]> = { default: [], ratelimit: [], noop: [] };
  try {
    for (let round = 0; round < BENCH.callgrindRounds; round++) {
      counts.noop.push(await countNoop());
      for (const shape of SHAPES) counts[shape].push(await countService(shape, rules));
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return SHAPES.map((shape) => skippedRow(base(shape), `failed: ${reason.split('\n')[0]}`));
  }
  return SHAPES.map((shape) => instructionRow(base(shape), counts[shape], counts.noop, 'no-op'));
}

async function countService(shape: Shape, rules: Record<string, string>): Promise<number> {
  return inCallgrindDirectory(async (directory) => {
    const service = await launchService({
      label: `${shape} (callgrind)`,
      shape,
      env: { ...rules, BACKEND_TYPE: 'memory' },
      readyTimeoutMs: 600_000,
      wrapper: callgrindWrapper(directory),
    });
    try {
      return await countOne(service.pid, directory, httpSender(service.httpUrl, JSON_DECISION));
    } finally {
      await service.stop();
    }
  });
}

async function countNoop(): Promise<number> {
  return inCallgrindDirectory(async (directory) => {
    const noop = await startBaseline('noop-http-server.js', [], {
      wrapper: callgrindWrapper(directory),
      env: { ...CALLGRIND_ENV, PATH: process.env.PATH },
    });
    try {
      return await countOne(pidOf(noop.child), directory, httpSender(noop.url, JSON_DECISION));
    } finally {
      noop.stop();
    }
  });
}

async function countOne(pid: number, directory: string, send: Sender): Promise<number> {
  const counts = await instructionsPerRequest(pid, directory, [[LABEL, send]], {
    warmUp: WARM_UP,
    measured: MEASURED,
  });
  return counts.get(LABEL)!;
}

async function inCallgrindDirectory<T>(use: (directory: string) => Promise<T>): Promise<T> {
  const directory = mkdtempSync(join(tmpdir(), 'bench-json-callgrind-'));
  try {
    return await use(directory);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
