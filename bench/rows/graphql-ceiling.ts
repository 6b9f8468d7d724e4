import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase } from '../../test/support/postgres-database';
import { ADMIN_PASSWORD } from '../api-fleet';
import { Row, skippedRow, throughput } from '../report/row';
import { BENCH } from '../settings';
import { captureEnv, captureStatements } from '../tools/captured-statements';
import { ask, answerProblem, CEILING_QUERIES, CeilingQuery } from '../tools/ceiling-queries';
import { contentFixture } from '../tools/content-fixture';
import { LoadResult } from '../tools/load-result';
import { median } from '../tools/median';
import { pacedHttp } from '../tools/paced-http';
import { requireTool } from '../tools/require-tool';
import { startPgliteEngine } from '../tools/pglite-engine';
import { pgbenchScript, runPgbench } from '../tools/pgbench';
import { cpuSeconds } from '../tools/proc-cpu';
import { benchRules } from '../tools/rule-files';
import { launchService, Service } from '../tools/service-launcher';
import type { CapturedStatement } from '../tools/statement-capture';
import { HttpRequestSpec, wrkRequest } from '../tools/wrk-request';

/** wrk connections, as the rows against the no-op route (issue 17's measurement). */
const CONNECTIONS = 32;
/**
 * Sequences in flight in PGlite's engine loop. The engine runs one statement at a time whatever
 * the number, and by hand (1, 2, 4, 8, 32) 32 was the slowest in every run, 4 never: the worker's
 * message queue and PGlite's query lock cost more the longer the queue (docs/benchmarks.md).
 */
const ENGINE_IN_FLIGHT = 4;
/** pgbench clients: the service's PostgreSQL pool (DATABASE_POOL_SIZE's default). */
const POOL_SIZE = 10;
const GOAL = { pglite: 0.85, postgres: 0.35 } as const;
type Database = keyof typeof GOAL;
const LABEL: Record<Database, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** The database alone, one run of a query's captured statements: sequences a second. */
type Baseline = (seconds: number) => Promise<{ perSecond: number; note: string }>;

/** A service run with the CPU it cost (all threads, the PGlite worker's too). */
interface ServiceRun extends LoadResult {
  readonly cpuMicros: number;
}

/**
 * Uncached GraphQL against the databases' own ceilings (issue 30 item 1): per database and query,
 * the service's uncached POST and GET (wrk, 32 connections) alternating with the database alone
 * running exactly the statements the service sent for one such request (captured at the driver by
 * statement-capture.ts): pgbench `-M prepared` with the service's pool size on PostgreSQL, this
 * build's PGlite worker in a process of its own on a copy of the service's data on PGlite. Then
 * p50/p99 of the POST at half the service's saturated rate (a paced client).
 */
export async function graphqlCeilingRows(progress: (text: string) => void): Promise<Row[]> {
  // Missing, it fails this group only (one row saying which package to install).
  await requireTool('pgbench', 'postgresql-client');
  const content = contentFixture();
  const work = mkdtempSync(join(tmpdir(), 'bench-ceiling-'));
  const env = {
    ...benchRules('bench.yaml'),
    ...content.env,
    BACKEND_TYPE: 'memory',
    ADMIN_PASSWORD,
    ...captureEnv(join(work, 'capture.jsonl')),
  };
  try {
    const rows: Row[] = [];
    // A database whose service or baseline fails gives one row saying why; the other still runs.
    for (const database of ['pglite', 'postgres'] as const) {
      progress(`graphql-ceiling: ${LABEL[database]}`);
      try {
        const measure = database === 'pglite' ? pgliteRows : postgresRows;
        rows.push(...(await measure(env, work, progress)));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        progress(`graphql-ceiling: ${LABEL[database]} failed: ${reason}`);
        rows.push(
          skippedRow(
            { group: 'graphql-ceiling', measure: `the ${LABEL[database]} rows`, shape: 'default' },
            `failed: ${reason.split('\n')[0]}`,
          ),
        );
      }
    }
    return rows;
  } finally {
    content.remove();
    // BENCH_CEILING_KEEP=1: the captured statements, the pgbench scripts and PGlite's copy stay,
    // to rerun a baseline by hand.
    if (process.env.BENCH_CEILING_KEEP === '1') progress(`graphql-ceiling: kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

async function pgliteRows(
  env: Record<string, string>,
  work: string,
  progress: (text: string) => void,
): Promise<Row[]> {
  const dataDir = join(work, 'data');
  const copy = join(work, 'engine-copy');
  const serviceEnv = { ...env, DATA_DIR: dataDir };
  let service = await launchService({ label: 'ceiling pglite', shape: 'default', env: serviceEnv });
  const prepared: { query: CeilingQuery; statements: string; answer: string }[] = [];
  const skipped: Row[] = [];
  try {
    for (const query of CEILING_QUERIES) {
      const checked = await checkAndCapture(service, query, env.BENCH_CAPTURE_FILE, 'pglite');
      if ('problem' in checked) {
        skipped.push(...skippedRows(query, 'pglite', checked.problem));
        continue;
      }
      describe(progress, query, checked.statements);
      const statements = join(work, `pglite-${prepared.length}.json`);
      writeFileSync(statements, JSON.stringify(checked.statements));
      prepared.push({ query, statements, answer: checked.answer });
    }
    // The engine's copy is taken from the stopped service; the service then opens its directory
    // again, and must answer the same bytes.
    await service.stop();
    cpSync(join(dataDir, 'pglite'), copy, { recursive: true });
    service = await launchService({ label: 'ceiling pglite', shape: 'default', env: serviceEnv });
    const rows: Row[] = [...skipped];
    for (const { query, statements, answer } of prepared) {
      const problem = await answerProblem(service, query, query.post, answer);
      if (problem !== undefined) {
        rows.push(...skippedRows(query, 'pglite', `after the restart: ${problem}`));
        continue;
      }
      const engine = await startPgliteEngine({
        directory: copy,
        statementsFile: statements,
        workerClient: env.BENCH_CAPTURE_WORKER_CLIENT,
        concurrency: ENGINE_IN_FLIGHT,
      });
      try {
        // PGlite's WASM is compiled in tiers as it runs: warm beyond the rows' own warm-up, as the
        // service's engine is after its boot and the checks.
        await engine.run({ seconds: 5, warmUpSeconds: 0 });
        const baseline: Baseline = async (seconds) => {
          const run = await engine.run({ seconds, warmUpSeconds: 0.5 });
          if (run.failed > 0) throw new Error(`the PGlite engine loop failed ${run.failed} times`);
          return {
            perSecond: run.perSecond,
            note: `${run.cpuMicrosPerSequence.toFixed(0)} µs CPU/sequence`,
          };
        };
        rows.push(...(await measureQuery(service, query, 'pglite', baseline)));
      } finally {
        await engine.stop();
      }
    }
    return rows;
  } finally {
    await service.stop();
  }
}

async function postgresRows(
  env: Record<string, string>,
  work: string,
  progress: (text: string) => void,
): Promise<Row[]> {
  const database = await createPostgresDatabase('bench_ceiling');
  try {
    const service = await launchService({
      label: 'ceiling postgres',
      shape: 'default',
      env: { ...env, DATABASE_URL: database.url },
    });
    try {
      const rows: Row[] = [];
      for (const [index, query] of CEILING_QUERIES.entries()) {
        const checked = await checkAndCapture(service, query, env.BENCH_CAPTURE_FILE, 'pg');
        if ('problem' in checked) {
          rows.push(...skippedRows(query, 'postgres', checked.problem));
          continue;
        }
        describe(progress, query, checked.statements);
        const script = pgbenchScript(join(work, `pg-${index}.sql`), checked.statements);
        const baseline: Baseline = async (seconds) => {
          const run = await runPgbench(database.url, script, { clients: POOL_SIZE, seconds });
          if (run.failed > 0) throw new Error(`pgbench: ${run.failed} failed transactions`);
          return { perSecond: run.perSecond, note: '' };
        };
        rows.push(...(await measureQuery(service, query, 'postgres', baseline)));
      }
      return rows;
    } finally {
      await service.stop();
    }
  } finally {
    await database.drop();
  }
}

/**
 * Checks that POST and GET both answer the query uncached with the same bytes, and captures the
 * statements one POST sends (the GET's must be the same texts).
 */
async function checkAndCapture(
  service: Service,
  query: CeilingQuery,
  file: string,
  driver: CapturedStatement['driver'],
): Promise<{ statements: CapturedStatement[]; answer: string } | { problem: string }> {
  const postProblem = await answerProblem(service, query, query.post);
  if (postProblem !== undefined) return { problem: `POST: ${postProblem}` };
  const answer = (await ask(service, query.post)).text;
  const getProblem = await answerProblem(service, query, query.get, answer);
  if (getProblem !== undefined) return { problem: `GET: ${getProblem}` };
  const capture = (spec: HttpRequestSpec) =>
    captureStatements(service, file, async () => {
      await ask(service, spec);
    }).then((statements) => statements.filter((statement) => statement.driver === driver));
  const statements = await capture(query.post);
  if (statements.length === 0) return { problem: 'no statement captured' };
  const fromGet = await capture(query.get);
  const texts = (list: CapturedStatement[]) => JSON.stringify(list.map((each) => each.text));
  if (texts(fromGet) !== texts(statements)) {
    return { problem: 'the GET sends other statements than the POST' };
  }
  return { statements, answer };
}

/**
 * Rounds of the three sides (POST, GET, the database alone), the first side rotating; each
 * service row's ratio is the median of the rounds' service / database ratios. Then the POST at
 * half its median saturated rate, paced.
 */
async function measureQuery(
  service: Service,
  query: CeilingQuery,
  database: Database,
  baseline: Baseline,
): Promise<Row[]> {
  const load = async (spec: HttpRequestSpec, seconds: number): Promise<ServiceRun> => {
    const before = cpuSeconds(service.pid);
    const run = await wrkRequest(service.httpUrl, spec, { seconds, connections: CONNECTIONS });
    const cpu = cpuSeconds(service.pid) - before;
    await quiet(service);
    const answered = run.requestsPerSecond * seconds;
    return { ...run, cpuMicros: answered > 0 ? (cpu * 1e6) / answered : 0 };
  };
  const warmUp = Math.min(2, BENCH.seconds);
  await load(query.post, warmUp);
  await load(query.get, warmUp);
  await baseline(warmUp);
  const rounds: { post: ServiceRun; get: ServiceRun; alone: number; note: string }[] = [];
  for (let round = 0; round < BENCH.apiRounds; round++) {
    const sides = ['post', 'get', 'alone'] as const;
    const order = [...sides.slice(round % 3), ...sides.slice(0, round % 3)];
    const result: Partial<(typeof rounds)[number]> = {};
    for (const side of order) {
      if (side === 'alone') {
        const run = await baseline(BENCH.seconds);
        result.alone = run.perSecond;
        result.note = run.note;
      } else result[side] = await load(query[side], BENCH.seconds);
    }
    rounds.push(result as (typeof rounds)[number]);
  }
  const rows: Row[] = [];
  for (const method of ['post', 'get'] as const) {
    const ratios = rounds.map((round) => round[method].requestsPerSecond / round.alone);
    const ratio = median(ratios);
    const middle = rounds[ratios.indexOf(ratio)];
    const goal = GOAL[database];
    rows.push({
      group: 'graphql-ceiling',
      measure: `GraphQL ${query.name}, uncached, ${method.toUpperCase()}, ${LABEL[database]}`,
      shape: 'default',
      ours: throughput(middle[method]),
      baseline: { value: middle.alone, unit: 'req/s' },
      ratio,
      goal: `≥ ${goal.toFixed(2)}`,
      verdict: ratio >= goal ? 'met' : 'missed',
      note: [
        `rounds ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}`,
        `service ${middle[method].cpuMicros.toFixed(0)} µs CPU/request`,
        `baseline: ${baselineName(database)} of the ${query.name}'s captured statements, sequences/s`,
        ...(middle.note ? [middle.note] : []),
      ].join('; '),
    });
  }
  const saturated = median(rounds.map((round) => round.post.requestsPerSecond));
  const rate = Math.max(1, Math.round(saturated / 2));
  const paced = await pacedHttp(service.httpUrl, query.post, {
    rate,
    seconds: Math.max(BENCH.seconds, 5),
    connections: CONNECTIONS,
  });
  await quiet(service);
  rows.push({
    group: 'graphql-ceiling',
    measure: `GraphQL ${query.name}, uncached, POST, ${LABEL[database]}: p99 at half the saturated rate`,
    shape: 'default',
    ours: { value: paced.p99 ?? NaN, unit: 'ms', load: paced },
    verdict: paced.failed > 0 ? 'missed' : 'info',
    note: `p50 ${paced.p50?.toFixed(2)} ms, p99 ${paced.p99?.toFixed(2)} ms at ${rate} req/s paced (answered ${paced.requestsPerSecond.toFixed(0)}/s, ${paced.failed} failed)`,
  });
  return rows;
}

/** What was captured, in the bench's log (stderr): one line per statement. */
function describe(
  progress: (text: string) => void,
  query: CeilingQuery,
  statements: readonly CapturedStatement[],
): void {
  progress(`graphql-ceiling: ${query.name}: ${statements.length} statements captured`);
  for (const { text, values, name, prepared } of statements) {
    const kind = name !== undefined || prepared === true ? 'prepared' : 'unnamed';
    const oneLine = text.replace(/\s+/g, ' ');
    progress(
      `  ${kind}, ${values.length} values: ${oneLine.slice(0, 160)}${oneLine.length > 160 ? '…' : ''}`,
    );
  }
}

const baselineName = (database: Database) =>
  database === 'postgres'
    ? `pgbench -M prepared -c ${POOL_SIZE} -j 1`
    : `this build's PGlite worker alone, ${ENGINE_IN_FLIGHT} sequences in flight`;

function skippedRows(query: CeilingQuery, database: Database, problem: string): Row[] {
  return ['POST', 'GET'].map((method) =>
    skippedRow(
      {
        group: 'graphql-ceiling',
        measure: `GraphQL ${query.name}, uncached, ${method}, ${LABEL[database]}`,
        shape: 'default',
      },
      problem,
    ),
  );
}

/**
 * Waits until the service has worked off what wrk left in flight (two `/healthcheck` answers
 * under 20 ms, at most 3 s), so it does not slow the next side's run.
 */
async function quiet(service: Service): Promise<void> {
  const deadline = performance.now() + 3000;
  let fast = 0;
  while (fast < 2 && performance.now() < deadline) {
    const sent = performance.now();
    await (await fetch(`${service.httpUrl}/healthcheck`)).arrayBuffer();
    fast = performance.now() - sent < 20 ? fast + 1 : 0;
  }
}
