import { mkdirSync, writeFileSync } from 'node:fs';
import { Fleet, shapeServices } from '../fleet';
import { grpcLoad, jsonLoad } from '../load';
import { ONE } from '../requests';
import { RESULTS_DIRECTORY, stamp } from '../report/results-file';
import { Row } from '../report/row';
import { BENCH } from '../settings';
import { CpuProfile, percent, ProfileSummary, summarize } from '../tools/cpu-profile';
import { LoadResult } from '../tools/load-result';
import { Service, shapeLabel, SHAPES } from '../tools/service-launcher';
import { join } from 'node:path';

/**
 * A CPU profile of each memory-store service under saturating gRPC and /json load (1 descriptor),
 * taken in-process through the debug listener's /debug/pprof/profile while the load runs. Each
 * gives an information row with where the self time goes; the raw `.cpuprofile` files and the
 * top functions are written beside the results.
 */
export async function profileRows(fleet: Fleet, at: Date): Promise<Row[]> {
  const seconds = Math.max(1, Math.round(BENCH.seconds));
  const rows: Row[] = [];
  const details: string[] = [];
  mkdirSync(RESULTS_DIRECTORY, { recursive: true });
  for (const shape of SHAPES) {
    const service = shapeServices(fleet).memory[shape].service;
    for (const transport of ['gRPC', '/json'] as const) {
      const load = () =>
        transport === 'gRPC'
          ? grpcLoad(service.grpcUrl, ONE, { seconds: seconds + 1 })
          : jsonLoad(service.httpUrl, ONE, seconds + 2);
      const { profile, result } = await profiledLoad(service, seconds, load);
      const name = `${transport === 'gRPC' ? 'grpc' : 'json'}-${shape}`;
      const file = join(RESULTS_DIRECTORY, `${stamp(at)}-${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      const summary = summarize(profile);
      const measure = `CPU profile, ${transport}, memory store, 1 descriptor`;
      rows.push({
        group: 'profile',
        measure,
        shape: shapeLabel(shape),
        ours: { value: result.requestsPerSecond, unit: 'req/s', load: result },
        verdict: 'info',
        note: summary.buckets
          .slice(0, 8)
          .map((bucket) => `${bucket.name} ${percent(bucket.share)}`)
          .join(', '),
      });
      details.push(section(`${measure}, ${shapeLabel(shape)}`, file, summary));
    }
  }
  writeFileSync(join(RESULTS_DIRECTORY, `${stamp(at)}-profiles.md`), details.join('\n\n') + '\n');
  return rows;
}

/** Starts the load, waits out its warm-up, and takes a profile of `seconds` while it runs. */
async function profiledLoad(
  service: Service,
  seconds: number,
  load: () => Promise<LoadResult>,
): Promise<{ profile: CpuProfile; result: LoadResult }> {
  const running = load();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const response = await fetch(`${service.debugUrl}/debug/pprof/profile?seconds=${seconds}`);
  if (response.status !== 200) {
    throw new Error(`profile: ${response.status} ${await response.text()}`);
  }
  const profile = (await response.json()) as CpuProfile;
  return { profile, result: await running };
}

function section(title: string, file: string, summary: ProfileSummary): string {
  const table = (rows: readonly { name: string; share: number }[]) =>
    [
      '| self time | where |',
      '|---|---|',
      ...rows.map((row) => `| ${percent(row.share)} | \`${row.name}\` |`),
    ].join('\n');
  return [
    `## ${title}`,
    '',
    `${summary.samples} samples; raw profile: ${file}`,
    '',
    table(summary.buckets),
    '',
    table(summary.functions),
  ].join('\n');
}
