import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Row } from '../report/row';
import { toMB } from '../tools/proc-memory';

interface Footprint {
  readonly offered: number;
  readonly budgetBytes: number;
  readonly before: number;
  readonly after: number;
  readonly kept: number;
}

/**
 * The local over-limit cache alone (tools/local-cache-footprint.ts in a fresh node with
 * --expose-gc), filled to its budget: RSS per entry kept, against what the budget charges per
 * entry. Built from the source tree (src/), not from SERVICE_MAIN.
 */
export async function localCacheRows(): Promise<Row[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', join(__dirname, '..', 'tools', 'local-cache-footprint.js')],
    { timeout: 180_000 },
  );
  const footprint = JSON.parse(stdout) as Footprint;
  const perEntry = (footprint.after - footprint.before) / footprint.kept;
  const charged = footprint.budgetBytes / footprint.kept;
  return [
    {
      group: 'local-cache',
      measure: `LocalOverLimitCache, ${footprint.budgetBytes / 2 ** 20} MiB budget, filled: RSS per entry kept / budget per entry`,
      shape: 'in-process',
      ours: { value: perEntry, unit: 'B/key' },
      baseline: { value: charged, unit: 'B/key' },
      ratio: perEntry / charged,
      goal: '≈ 1',
      verdict: 'info',
      note: `${footprint.kept} entries kept of ${footprint.offered} offered; RSS ${toMB(footprint.before).toFixed(0)} → ${toMB(footprint.after).toFixed(0)} MB`,
    },
  ];
}
