import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase } from '../../test/support/postgres-database';
import { ApiFleet } from '../api-fleet';
import { ratioRow, Row, skippedRow, throughput } from '../report/row';
import { BENCH } from '../settings';
import { NEWS_PAGE_QUERY } from '../tools/content-fixture';
import { median, medianBy } from '../tools/median';
import { cpuMicros, CpuLoadResult, perCpu, withCpu } from '../tools/proc-cpu';
import { pidOf, startBaseline } from '../tools/processes';
import { launchService, LaunchOptions, Service } from '../tools/service-launcher';
import { readStats } from '../tools/stats-page';
import { HttpRequestSpec, wrkRequest } from '../tools/wrk-request';

/** As the issue measured: wrk with 32 connections. */
const CONNECTIONS = 32;
const JSON_HEADERS = { 'content-type': 'application/json' };
const BODY = JSON.stringify({ query: NEWS_PAGE_QUERY });
const HASH = createHash('sha256').update(NEWS_PAGE_QUERY).digest('hex');
const PERSISTED = { persistedQuery: { version: 1, sha256Hash: HASH } };
const HITS = 'content.graphql_cache.hits';

export interface Variant {
  readonly measure: string;
  readonly request: HttpRequestSpec;
  /** Whether the result cache must answer it. */
  readonly cached: boolean;
  /** Goal per database: ours / no-op at least. */
  readonly atLeast: { readonly pglite: number; readonly postgres: number };
}

export const VARIANTS: readonly Variant[] = [
  {
    measure: 'uncached (X-Craft-Gql-Cache: no-cache), POST',
    request: {
      method: 'POST',
      path: '/graphql',
      headers: { ...JSON_HEADERS, 'x-craft-gql-cache': 'no-cache' },
      body: BODY,
    },
    cached: false,
    atLeast: { pglite: 0.08, postgres: 0.15 },
  },
  {
    measure: 'from the result cache, POST',
    request: { method: 'POST', path: '/graphql', headers: JSON_HEADERS, body: BODY },
    cached: true,
    atLeast: { pglite: 0.9, postgres: 0.9 },
  },
  {
    measure: 'by persisted-query hash, GET',
    request: {
      method: 'GET',
      path: `/graphql?${new URLSearchParams({ extensions: JSON.stringify(PERSISTED) }).toString()}`,
      headers: {},
    },
    cached: true,
    atLeast: { pglite: 0.9, postgres: 0.9 },
  },
];

type Database = keyof Variant['atLeast'];

/**
 * The content list query of issue 17 against a no-op Fastify route that answers the same bytes
 * (bench/servers/noop-graphql-server.ts), on PGlite (the fleet's own build) and on PostgreSQL (a
 * process of this build on a fresh database): uncached, from the result cache, and by persisted
 * query hash over GET. Each round runs the service and the no-op back to back; a row's ratio is
 * the median of the rounds' ratios.
 */
export async function graphqlNoopRows(fleet: ApiFleet): Promise<Row[]> {
  const rows: Row[] = [];
  rows.push(...(await databaseRows(fleet.current, 'pglite')));
  const postgres = await startPostgresService(fleet);
  try {
    rows.push(...(await databaseRows(postgres.service, 'postgres')));
  } finally {
    await postgres.stop();
  }
  return rows;
}

async function databaseRows(service: Service, database: Database): Promise<Row[]> {
  const label = database === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const base = (variant: Variant) => ({
    group: 'graphql',
    measure: `GraphQL news page (20 entries, 1 relation), ${label}, ${variant.measure}`,
    shape: 'default',
  });
  // The same answer bytes for the no-op: the page as the service sends it (and registered).
  const answer = await register(service);
  const { problem } = answer;
  if (problem !== undefined) return VARIANTS.map((variant) => skippedRow(base(variant), problem));
  const directory = mkdtempSync(join(tmpdir(), 'bench-noop-graphql-'));
  const file = join(directory, 'answer.json');
  writeFileSync(file, answer.text);
  const headersFile = join(directory, 'headers.json');
  const headers = await answerHeaders(service);
  writeFileSync(headersFile, JSON.stringify(headers));
  // The same bytes with nothing but their content type: what the cache's headers cost.
  const bodyOnlyFile = join(directory, 'body-only-headers.json');
  writeFileSync(bodyOnlyFile, JSON.stringify(contentTypeOnly(headers)));
  const noop = await startBaseline('noop-graphql-server.js', [file, headersFile]);
  const bodyOnly = await startBaseline('noop-graphql-server.js', [file, bodyOnlyFile]);
  try {
    const rows: Row[] = [];
    for (const variant of VARIANTS) {
      const problem = await variantProblem(service, variant, answer.text);
      if (problem !== undefined) {
        rows.push(skippedRow(base(variant), problem));
        continue;
      }
      const targets = {
        ours: { url: service.httpUrl, pid: service.pid },
        noop: { url: noop.url, pid: pidOf(noop.child) },
        bodyOnly: { url: bodyOnly.url, pid: pidOf(bodyOnly.child) },
      };
      rows.push(...(await measure(targets, variant, base(variant), database)));
    }
    return rows;
  } finally {
    noop.stop();
    bodyOnly.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

type Side = 'ours' | 'noop' | 'bodyOnly';

/**
 * Rounds of the service and the no-ops back to back, the order rotating each round so a slow
 * spell does not always land on the same side. The row against the no-op with the same headers
 * carries the goal; cached variants also get an information row against the body-only no-op.
 */
async function measure(
  targets: Record<Side, { readonly url: string; readonly pid: number }>,
  variant: Variant,
  base: Pick<Row, 'group' | 'measure' | 'shape'>,
  database: Database,
): Promise<Row[]> {
  const sides: Side[] = variant.cached ? ['ours', 'noop', 'bodyOnly'] : ['ours', 'noop'];
  const run = (side: Side, seconds: number) =>
    withCpu(targets[side].pid, seconds, () =>
      wrkRequest(targets[side].url, variant.request, { seconds, connections: CONNECTIONS }),
    );
  for (const side of sides) await run(side, Math.min(2, BENCH.seconds));
  const rounds: Partial<Record<Side, CpuLoadResult>>[] = [];
  for (let round = 0; round < BENCH.apiRounds; round++) {
    const results: Partial<Record<Side, CpuLoadResult>> = {};
    for (let turn = 0; turn < sides.length; turn++) {
      const side = sides[(round + turn) % sides.length];
      results[side] = await run(side, BENCH.seconds);
    }
    rounds.push(results);
  }
  const atLeast = variant.atLeast[database];
  const rows = [
    ratioOfRounds(
      rounds,
      'noop',
      base,
      atLeast,
      'bare Fastify sending the same answer bytes and headers',
    ),
  ];
  if (variant.cached) {
    rows.push(
      ratioOfRounds(
        rounds,
        'bodyOnly',
        { ...base, measure: `${base.measure}, against a body-only no-op` },
        undefined,
        'bare Fastify sending the same answer bytes with only their content type',
      ),
      perCpuRow(rounds, base),
    );
  }
  return rows;
}

/**
 * Requests per CPU second of the serving process, ours against the no-op with the same headers
 * (medians of each side's rounds): a cache hit takes tens of microseconds, where the rounds'
 * throughput ratios spread from about 0.6 to above 1 with the machine's own noise; the CPU each
 * side spends per request spreads far less.
 */
function perCpuRow(
  rounds: readonly Partial<Record<Side, CpuLoadResult>>[],
  base: Pick<Row, 'group' | 'measure' | 'shape'>,
): Row {
  const byCpu = (side: Side) =>
    medianBy(
      rounds.map((round) => round[side]!),
      (run) => run.perCpuSecond,
    );
  const ours = byCpu('ours');
  const noop = byCpu('noop');
  return ratioRow(
    {
      ...base,
      measure: `${base.measure}, requests per CPU second of the serving process`,
      note: `${cpuMicros(ours)} µs of CPU per request against the no-op's ${cpuMicros(noop)} µs (same bytes and headers)`,
    },
    perCpu(ours),
    perCpu(noop),
  );
}

/** The median of the rounds' ours / baseline ratios, with the figures of that round. */
function ratioOfRounds(
  rounds: readonly Partial<Record<Side, CpuLoadResult>>[],
  baseline: Side,
  base: Pick<Row, 'group' | 'measure' | 'shape'>,
  atLeast: number | undefined,
  noop: string,
): Row {
  const pairs = rounds.map((round) => ({ ours: round.ours!, noop: round[baseline]! }));
  const ratios = pairs.map((pair) => pair.ours.requestsPerSecond / pair.noop.requestsPerSecond);
  const ratio = median(ratios);
  const middle = pairs[ratios.indexOf(ratio)];
  return {
    ...base,
    ours: throughput(middle.ours),
    baseline: throughput(middle.noop),
    ratio,
    goal: atLeast === undefined ? undefined : `≥ ${atLeast.toFixed(2)}`,
    verdict: atLeast === undefined ? 'info' : ratio >= atLeast ? 'met' : 'missed',
    note: `rounds ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)}; ${CONNECTIONS} connections; no-op: ${noop}`,
  };
}

/** Per method, only the content type of the headers the service sent. */
function contentTypeOnly(
  headers: Record<'GET' | 'POST', Record<string, string>>,
): Record<'GET' | 'POST', Record<string, string>> {
  const only = (sent: Record<string, string>) => ({ 'content-type': sent['content-type'] });
  return { GET: only(headers.GET), POST: only(headers.POST) };
}

/** Registers the query as a persisted query (POST with its hash) and returns the answer text. */
export async function register(service: Service): Promise<{ text: string; problem?: string }> {
  const response = await fetch(`${service.httpUrl}/graphql`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ query: NEWS_PAGE_QUERY, extensions: PERSISTED }),
  });
  const text = await response.text();
  if (response.status !== 200) return { text, problem: `answered ${response.status}` };
  const body = JSON.parse(text) as { data?: { entries?: unknown[] }; errors?: unknown };
  if (body.errors !== undefined) {
    return { text, problem: `errors: ${JSON.stringify(body.errors).slice(0, 200)}` };
  }
  if (body.data?.entries?.length !== 20) {
    return { text, problem: `${body.data?.entries?.length ?? 0} entries instead of 20` };
  }
  return { text };
}

/** Set by HTTP itself (or per answer), not part of what the service chose to send. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length']);

/**
 * The headers the service answers the page with from its result cache, per method (GET carries
 * the ETag and cache tags), for the no-op to send too.
 */
export async function answerHeaders(
  service: Service,
): Promise<Record<'GET' | 'POST', Record<string, string>>> {
  const sent = async (method: 'GET' | 'POST') => {
    const variant = VARIANTS.find((each) => each.cached && each.request.method === method)!;
    const { path, headers, body } = variant.request;
    const response = await fetch(`${service.httpUrl}${path}`, { method, headers, body });
    await response.arrayBuffer();
    return Object.fromEntries(
      [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)),
    );
  };
  return { POST: await sent('POST'), GET: await sent('GET') };
}

/**
 * Why the variant would not measure what its row says: another answer than the page, or the
 * result cache hit when it must not be (or not hit when it must).
 */
export async function variantProblem(
  service: Service,
  variant: Variant,
  page: string,
): Promise<string | undefined> {
  const { method, path, headers, body } = variant.request;
  const ask = async () => {
    const response = await fetch(`${service.httpUrl}${path}`, { method, headers, body });
    return { status: response.status, text: await response.text() };
  };
  await ask();
  const before = (await readStats(service.debugUrl)).get(HITS) ?? 0;
  const answer = await ask();
  const after = (await readStats(service.debugUrl)).get(HITS) ?? 0;
  if (answer.status !== 200) return `answered ${answer.status} ${answer.text.slice(0, 200)}`;
  if (answer.text !== page) return 'the answer differs from the page the no-op sends';
  if (variant.cached && after === before) return `the result cache was not hit (${HITS})`;
  if (!variant.cached && after !== before) return 'the result cache was hit despite no-cache';
  return undefined;
}

/**
 * This build on a fresh PostgreSQL database with the fleet's content, dropped at stop; `launch`:
 * more of the launcher's options (a wrapper, a longer time to become ready).
 */
export async function startPostgresService(
  fleet: ApiFleet,
  launch: Pick<LaunchOptions, 'wrapper' | 'readyTimeoutMs'> = {},
): Promise<{ service: Service; stop: () => Promise<void> }> {
  const database = await createPostgresDatabase('bench_noop');
  try {
    const service = await launchService({
      ...launch,
      label: 'api postgres',
      shape: 'default',
      env: { ...fleet.env, DATABASE_URL: database.url },
    });
    return {
      service,
      stop: async () => {
        await service.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
