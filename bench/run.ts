import { Fleet, startFleet } from './fleet';
import { machine, writeResults } from './report/results-file';
import { Row } from './report/row';
import { markdownTable } from './report/table';
import { algorithmRows } from './rows/algorithms';
import { footprintRows } from './rows/footprint';
import { latencyRows } from './rows/latency';
import { localCacheRows } from './rows/local-cache';
import { throughputRows } from './rows/throughput';
import { BENCH, runs } from './settings';
import { requireTool } from './tools/require-tool';

/*
 * `npm run bench`: the built service against baselines measured in the same run on the same
 * machine (alternating rounds, medians), printed as a table of ratios with absolute figures and
 * written to bench/results/<UTC time>.{json,md}. Knobs: bench/settings.ts.
 */
async function main(): Promise<void> {
  const at = new Date();
  const needsFleet = runs('throughput') || runs('latency') || runs('algorithms');
  if (needsFleet) {
    await requireTool('h2load', 'nghttp2-client');
    await requireTool('wrk', 'wrk');
    await requireTool('redis-server', 'redis-server');
  }
  const rows: Row[] = [];
  const notes: string[] = [];
  const progress = (text: string) => process.stderr.write(`[bench] ${text}\n`);
  let fleet: Fleet | undefined;
  try {
    if (needsFleet) {
      progress('starting baselines, redis-server and the services');
      fleet = await startFleet({
        shapes: runs('throughput') || runs('latency'),
        algorithms: runs('algorithms'),
      });
      notes.push(...fleet.notes);
      let grpcBaseline: number | undefined;
      if (runs('throughput')) {
        progress('throughput rows');
        const throughput = await throughputRows(fleet);
        rows.push(...throughput.rows);
        grpcBaseline = throughput.grpcBaseline;
      }
      if (runs('latency')) {
        progress('latency rows');
        rows.push(...(await latencyRows(fleet, grpcBaseline)));
      }
      if (runs('algorithms')) {
        progress('algorithm rows');
        rows.push(...(await algorithmRows(fleet)));
      }
    }
  } finally {
    await fleet?.stop();
  }
  if (runs('footprint')) {
    progress('footprint rows (fresh MODULES=ratelimit processes)');
    rows.push(...(await footprintRows(fleet)));
  }
  if (runs('local-cache')) {
    progress('local cache rows');
    rows.push(...(await localCacheRows()));
  }
  const heading = `${machine()}; ${BENCH.seconds} s per run (+1 s warm-up), medians of ${BENCH.rounds} alternating rounds; ${at.toISOString()}`;
  const markdown = [
    heading,
    '',
    markdownTable(rows),
    ...(notes.length > 0 ? ['', ...notes.map((note) => `- ${note}`)] : []),
  ].join('\n');
  process.stdout.write(markdown + '\n');
  const files = writeResults(
    '',
    at,
    {
      at: at.toISOString(),
      machine: machine(),
      settings: { ...BENCH, groups: [...BENCH.groups] },
      notes,
      rows,
    },
    markdown,
  );
  process.stdout.write(`\nwritten: ${files.json}, ${files.markdown}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
