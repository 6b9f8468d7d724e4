import { ApiFleet, startApiFleet } from './api-fleet';
import { Fleet, startFleet } from './fleet';
import { machine, writeResults } from './report/results-file';
import { Row, skippedRow } from './report/row';
import { markdownTable } from './report/table';
import { algorithmRows } from './rows/algorithms';
import { consoleRows } from './rows/console';
import { footprintRows } from './rows/footprint';
import { graphqlRows } from './rows/graphql';
import { importRows } from './rows/import';
import { contentSizeRows } from './rows/content-size';
import { graphqlCeilingRows } from './rows/graphql-ceiling';
import { graphqlNoopRows } from './rows/graphql-noop';
import { graphqlInstructionRows } from './rows/graphql-instructions';
import { latencyRows } from './rows/latency';
import { localCacheRows } from './rows/local-cache';
import { profileRows } from './rows/profile';
import { storeLatencyRows } from './rows/store-latency';
import { rlqsRows } from './rows/rlqs';
import { teamsRows } from './rows/teams';
import { throughputRows } from './rows/throughput';
import { jsonInstructionRows } from './rows/json-instructions';
import { BENCH, Group, runs } from './settings';
import { requireTool } from './tools/require-tool';

/*
 * `npm run bench`: the built service against baselines measured in the same run on the same
 * machine (alternating rounds, medians), printed as a table of ratios with absolute figures and
 * written to bench/results/<UTC time>.{json,md}. Knobs: bench/settings.ts.
 */
async function main(): Promise<void> {
  const at = new Date();
  const needsFleet = runs('throughput') || runs('latency') || runs('algorithms') || runs('profile');
  const needsApiFleet = runs('graphql') || runs('teams');
  if (needsFleet || needsApiFleet || runs('graphql-ceiling')) await requireTool('wrk', 'wrk');
  if (needsFleet) {
    await requireTool('h2load', 'nghttp2-client');
    await requireTool('redis-server', 'redis-server');
  }
  const rows: Row[] = [];
  const notes: string[] = [];
  const progress = (text: string) => process.stderr.write(`[bench] ${text}\n`);
  // A group that fails becomes one row saying why; the groups after it still run.
  const group = async (name: Group, measure: () => Promise<Row[]>) => {
    if (!runs(name)) return;
    progress(`${name} rows`);
    try {
      rows.push(...(await measure()));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      progress(`${name} failed: ${reason}`);
      rows.push(
        skippedRow(
          { group: name, measure: 'the whole group', shape: '' },
          `failed: ${reason.split('\n')[0]}`,
        ),
      );
    }
  };
  let fleet: Fleet | undefined;
  try {
    if (needsFleet) {
      progress('starting baselines, redis-server and the services');
      fleet = await startFleet({
        shapes: runs('throughput') || runs('latency') || runs('profile'),
        algorithms: runs('algorithms'),
      });
      notes.push(...fleet.notes);
      const started = fleet;
      let grpcBaseline: number | undefined;
      await group('throughput', async () => {
        const throughput = await throughputRows(started);
        grpcBaseline = throughput.grpcBaseline;
        return [...throughput.rows, ...(await jsonInstructionRows())];
      });
      await group('latency', () => latencyRows(started, grpcBaseline));
      await group('algorithms', () => algorithmRows(started));
      await group('profile', () => profileRows(started, at));
    }
  } finally {
    await fleet?.stop();
  }
  // After the rate limit fleet has stopped: the two default-shape processes of these rows hold
  // PGlite each, and only they should share the machine with wrk.
  let apiFleet: ApiFleet | undefined;
  try {
    if (needsApiFleet) {
      progress('building the baseline and starting the two builds for the graphql and teams rows');
      apiFleet = await startApiFleet(progress);
      notes.push(...apiFleet.notes);
      const started = apiFleet;
      await group('graphql', async () => [
        ...(await graphqlRows(started)),
        ...(await graphqlNoopRows(started)),
        ...(await graphqlInstructionRows(started)),
      ]);
      await group('teams', () => teamsRows(started));
    }
  } catch (error) {
    // The fleet itself failed (this build did not start): one row, the other groups still run.
    const reason = error instanceof Error ? error.message : String(error);
    progress(`graphql/teams fleet failed: ${reason}`);
    rows.push(
      skippedRow(
        { group: 'graphql, teams', measure: 'the content and Teams rows', shape: '' },
        `failed: ${reason.split('\n')[0]}`,
      ),
    );
  } finally {
    await apiFleet?.stop();
  }
  // Its own two services (PGlite, PostgreSQL) and the databases alone, with nothing else running.
  await group('graphql-ceiling', () => graphqlCeilingRows(progress));
  await group('footprint', () => footprintRows(fleet));
  await group('local-cache', () => localCacheRows());
  await group('import', () => importRows());
  await group('content-size', () => contentSizeRows());
  await group('store-latency', () => storeLatencyRows());
  await group('rlqs', () => rlqsRows());
  await group('console', () => consoleRows());
  const heading = `${machine()}; ${BENCH.seconds} s per load run (h2load adds a 1 s warm-up), medians of ${BENCH.rounds} alternating rounds; ${at.toISOString()}`;
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
