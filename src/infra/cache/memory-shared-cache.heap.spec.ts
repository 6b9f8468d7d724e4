import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ManualClock } from '../clock/clock';
import { MemorySharedCache } from './memory-shared-cache';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Heap in use after full collections: three, a turn of the event loop apart, so finalisers and
 * V8's concurrent sweeping have finished before it is read (read too early, `heapUsed` still
 * holds what the sweeper frees later, and a later reading can come out lower than an earlier one).
 */
async function heapAfterGc(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await turn();
  }
  return process.memoryUsage().heapUsed;
}

/** The middle one of the measurements: one disturbed by the rest of the process does not decide. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

describe('MemorySharedCache accounting against the heap', () => {
  it.each([8, 53, 2000])(
    'charges entries of %i-byte values close to the heap they hold after a full GC',
    async (valueBytes) => {
      const fill = async (cache: MemorySharedCache, entries: number) => {
        const { generation } = await cache.lookup('apq', 'first');
        for (let i = 0; i < entries; i++) {
          // Fresh strings, as a request makes them: a sha256 hash key and its query.
          const key = createHash('sha256').update(`${valueBytes}:${i}`).digest('hex');
          const value = `{ q${i} }`.padEnd(valueBytes, ' ');
          await cache.store('apq', key, generation!, value, 60_000);
        }
      };
      // Warmed up first: the first run's compiled code and hidden classes are heap too.
      await fill(new MemorySharedCache(new ManualClock(0), Number.MAX_SAFE_INTEGER, true), 2000);
      const ratios: number[] = [];
      for (let run = 0; run < 3; run++) {
        const cache = new MemorySharedCache(new ManualClock(0), Number.MAX_SAFE_INTEGER, true);
        const before = await heapAfterGc();
        await fill(cache, 50_000);
        const held = (await heapAfterGc()) - before;
        ratios.push(cache.size.bytes / held);
      }
      // Old accounting: 53 charged for ≈325 held per registration (a ratio of 0.16).
      expect(median(ratios)).toBeGreaterThan(0.6);
      expect(median(ratios)).toBeLessThan(1.6);
    },
  );
});
