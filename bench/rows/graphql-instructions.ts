import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiFleet } from '../api-fleet';
import { instructionRow } from '../report/instruction-row';
import { Row, skippedRow } from '../report/row';
import { BENCH } from '../settings';
import { httpSender } from '../tools/http-sender';
import {
  CALLGRIND_ENV,
  callgrindWrapper,
  instructionsPerRequest,
} from '../tools/instruction-count';
import { pidOf, startBaseline } from '../tools/processes';
import { requireTool } from '../tools/require-tool';
import {
  answerHeaders,
  register,
  startPostgresService,
  Variant,
  VARIANTS,
  variantProblem,
} from './graphql-noop';

const WARM_UP = 10_000;
const MEASURED = 2_000;
const CACHED = VARIANTS.filter((variant) => variant.cached);

/**
 * The result cache's hits as instructions of the serving process's main thread per request
 * (callgrind, tools/instruction-count.ts), against the no-op sending the same bytes and headers:
 * a hit takes tens of microseconds, where the throughput rows' rounds spread from about 0.6 to
 * above 1; an instruction count does not depend on what else the machine does. A hit reads no
 * database, so one service on PostgreSQL stands for both (it boots under valgrind in seconds,
 * where PGlite's WebAssembly takes minutes). BENCH_CALLGRIND_ROUNDS rounds of one process per
 * side; each row's ratio is of the medians.
 */
export async function graphqlInstructionRows(fleet: ApiFleet): Promise<Row[]> {
  const base = (variant: Variant) => ({
    group: 'graphql',
    measure: `GraphQL news page, ${variant.measure}: requests per instruction of the serving process's main thread (callgrind)`,
    shape: 'default',
  });
  if (BENCH.callgrindRounds === 0) {
    return CACHED.map((variant) => skippedRow(base(variant), 'BENCH_CALLGRIND_ROUNDS=0'));
  }
  await requireTool('valgrind', 'valgrind');
  const counts = { ours: [] as Map<string, number>[], noop: [] as Map<string, number>[] };
  try {
    for (let round = 0; round < BENCH.callgrindRounds; round++) {
      const { ours, noop } = await countRound(fleet);
      counts.ours.push(ours);
      counts.noop.push(noop);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return CACHED.map((variant) => skippedRow(base(variant), `failed: ${reason.split('\n')[0]}`));
  }
  return CACHED.map((variant) => {
    const per = (side: 'ours' | 'noop') =>
      counts[side].map((round) => round.get(variant.measure) ?? NaN);
    return instructionRow(
      base(variant),
      per('ours'),
      per('noop'),
      'no-op with the same bytes and headers',
    );
  });
}

/** One process of each side under callgrind, each cached variant counted on both. */
async function countRound(
  fleet: ApiFleet,
): Promise<{ ours: Map<string, number>; noop: Map<string, number> }> {
  const directory = mkdtempSync(join(tmpdir(), 'bench-graphql-callgrind-'));
  const [oursDir, noopDir] = ['ours', 'noop'].map((side) => join(directory, side));
  for (const side of [oursDir, noopDir]) mkdirSync(side);
  const postgres = await startPostgresService(fleet, {
    wrapper: callgrindWrapper(oursDir),
    readyTimeoutMs: 600_000,
  });
  try {
    const { service } = postgres;
    const answer = await register(service);
    if (answer.problem !== undefined) throw new Error(`the page: ${answer.problem}`);
    const answerFile = join(directory, 'answer.json');
    const headersFile = join(directory, 'headers.json');
    writeFileSync(answerFile, answer.text);
    writeFileSync(headersFile, JSON.stringify(await answerHeaders(service)));
    for (const variant of CACHED) {
      const problem = await variantProblem(service, variant, answer.text);
      if (problem !== undefined) throw new Error(`${variant.measure}: ${problem}`);
    }
    const senders = (url: string) =>
      CACHED.map((variant) => [variant.measure, httpSender(url, variant.request)] as const);
    const counts = { warmUp: WARM_UP, measured: MEASURED };
    const ours = await instructionsPerRequest(
      service.pid,
      oursDir,
      senders(service.httpUrl),
      counts,
    );
    const noop = await startBaseline('noop-graphql-server.js', [answerFile, headersFile], {
      wrapper: callgrindWrapper(noopDir),
      env: { ...CALLGRIND_ENV, PATH: process.env.PATH },
    });
    try {
      const pid = pidOf(noop.child);
      return { ours, noop: await instructionsPerRequest(pid, noopDir, senders(noop.url), counts) };
    } finally {
      noop.stop();
    }
  } finally {
    await postgres.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}
