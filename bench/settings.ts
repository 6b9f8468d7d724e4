import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../test/support/service-process';

/*
 * The bench's knobs, all from the environment:
 *   BENCH_SECONDS  measured seconds per load run (default 3; each run adds a 1 s warm-up)
 *   BENCH_ROUNDS   alternating rounds per row, medians kept (default 3)
 *   BENCH_API_ROUNDS  paired rounds of the graphql and teams rows (default 7)
 *   BENCH_CALLGRIND_ROUNDS  paired rounds of the instruction-count rows (default 2; each
 *                  round boots one service per side under valgrind, a few minutes; 0: skipped)
 *   BENCH_BOOTS    fresh `MODULES=ratelimit` boots for the start-up rows (default 3)
 *   BENCH_KEYS     distinct keys for the RSS-after-keys row (default 1000000)
 *   BENCH_ONLY     comma list of groups to run: throughput, latency, algorithms, footprint,
 *                  local-cache, profile, graphql, graphql-ceiling, teams, import, content-size,
 *                  store-latency, rlqs, console (default all)
 *   BENCH_IMPORT_ENTRIES  generated news entries of the import rows (default 20000)
 *   BENCH_CONTENT_SIZE_ENTRIES  entries of the large store of the content-size rows (default 100000)
 *   BENCH_DATA_DIR  where stores kept between runs live (default bench/data; the content-size
 *                  rows' PGlite stores, and the PostgreSQL databases `bench_size_*` they name)
 *   BENCH_BASELINE_REF  the commit the graphql and teams rows compare this build with (default
 *                  HEAD~1; `none`: those rows are skipped); BENCH_BASELINE_MAIN: an existing
 *                  build's main.js instead (bench/tools/baseline-build.ts)
 */
const numberFrom = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

export const GROUPS = [
  'throughput',
  'latency',
  'algorithms',
  'profile',
  'footprint',
  'local-cache',
  'graphql',
  'graphql-ceiling',
  'teams',
  'import',
  'content-size',
  'store-latency',
  'rlqs',
  'console',
] as const;
export type Group = (typeof GROUPS)[number];

function selectedGroups(): ReadonlySet<Group> {
  const raw = process.env.BENCH_ONLY;
  if (!raw) return new Set(GROUPS);
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(GROUPS as readonly string[]).includes(name)) {
      throw new Error(`BENCH_ONLY: unknown group ${name} (groups: ${GROUPS.join(', ')})`);
    }
  }
  return new Set(names as Group[]);
}

export const BENCH = {
  seconds: numberFrom('BENCH_SECONDS', 3),
  rounds: numberFrom('BENCH_ROUNDS', 3),
  /** Paired rounds of the graphql and teams rows (their ratio is the median of the rounds'). */
  apiRounds: numberFrom('BENCH_API_ROUNDS', 7),
  boots: numberFrom('BENCH_BOOTS', 3),
  callgrindRounds:
    process.env.BENCH_CALLGRIND_ROUNDS === '0' ? 0 : numberFrom('BENCH_CALLGRIND_ROUNDS', 2),
  keys: numberFrom('BENCH_KEYS', 1_000_000),
  importEntries: numberFrom('BENCH_IMPORT_ENTRIES', 20_000),
  contentSizeEntries: numberFrom('BENCH_CONTENT_SIZE_ENTRIES', 100_000),
  dataDir: resolve(process.env.BENCH_DATA_DIR?.trim() || join(PROJECT_ROOT, 'bench', 'data')),
  groups: selectedGroups(),
  /** h2load: connections × concurrent streams per connection. */
  grpcLoad: { clients: 16, streams: 10 },
  /** wrk: keep-alive connections. */
  httpConnections: 32,
  /**
   * wrk connections for the graphql and teams rows: enough to keep the service's one event loop
   * busy, few enough that the requests left in flight at a run's end drain quickly.
   */
  apiConnections: 8,
  baselineRef: process.env.BENCH_BASELINE_REF?.trim() || 'HEAD~1',
} as const;

export const runs = (group: Group) => BENCH.groups.has(group);
