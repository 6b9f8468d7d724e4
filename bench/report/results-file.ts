import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../test/support/service-process';

export const RESULTS_DIRECTORY = join(PROJECT_ROOT, 'bench', 'results');

/** `2026-11-25T17-02-03Z`: sortable and safe in a file name. */
export const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

export function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** Writes `<prefix><stamp>.json` and `.md` under bench/results/; returns their paths. */
export function writeResults(
  prefix: string,
  at: Date,
  json: unknown,
  markdown: string,
): { json: string; markdown: string } {
  mkdirSync(RESULTS_DIRECTORY, { recursive: true });
  const base = join(RESULTS_DIRECTORY, `${prefix}${stamp(at)}`);
  writeFileSync(`${base}.json`, JSON.stringify(json, null, 2) + '\n');
  writeFileSync(`${base}.md`, markdown + '\n');
  return { json: `${base}.json`, markdown: `${base}.md` };
}
