import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Row } from '../report/row';

interface Footprint {
  readonly baselineRssMiB: number;
  readonly memoryStoreRssMiB: number;
  readonly memoryStoreKeys: number;
  readonly localCacheRssMiB: number;
  readonly localCacheEntries: number;
}

/**
 * The in-process structures alone (bench/memory-footprint.ts in a fresh node with --expose-gc):
 * one million keys through the memory store, then through a 64 MiB local over-limit cache.
 */
export async function localCacheRows(): Promise<Row[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--expose-gc',
    join(__dirname, '..', 'memory-footprint.js'),
  ]);
  const footprint = JSON.parse(stdout) as Footprint;
  const bytesPerKey = (rss: number, keys: number) =>
    (((rss - footprint.baselineRssMiB) * 2 ** 20) / keys).toFixed(0);
  return [
    {
      group: 'local-cache',
      measure: `in-process MemoryCounterStore, ${footprint.memoryStoreKeys} keys`,
      shape: '',
      ours: { value: footprint.memoryStoreRssMiB, unit: 'MiB' },
      verdict: 'info',
      note: `RSS ${footprint.baselineRssMiB.toFixed(0)} MiB before; ${bytesPerKey(footprint.memoryStoreRssMiB, footprint.memoryStoreKeys)} B/key`,
    },
    {
      group: 'local-cache',
      measure: 'in-process LocalOverLimitCache (64 MiB budget), 1000000 keys offered',
      shape: '',
      ours: { value: footprint.localCacheRssMiB, unit: 'MiB' },
      verdict: 'info',
      note: `${footprint.localCacheEntries} entries kept; ${bytesPerKey(footprint.localCacheRssMiB - footprint.memoryStoreRssMiB + footprint.baselineRssMiB, footprint.localCacheEntries)} B/entry`,
    },
  ];
}
