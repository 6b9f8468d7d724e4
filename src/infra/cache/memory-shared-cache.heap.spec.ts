import { createHash } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ManualClock } from '../clock/clock';
import { MemorySharedCache } from './memory-shared-cache';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap in use after full collections (twice: finalisers of the first free more). */
function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('MemorySharedCache accounting against the heap (issue 29)', () => {
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
      const cache = new MemorySharedCache(new ManualClock(0), Number.MAX_SAFE_INTEGER, true);
      const before = heapAfterGc();
      await fill(cache, 50_000);
      const held = heapAfterGc() - before;
      const charged = cache.size.bytes;
      // Old accounting: 53 charged for ≈325 held per registration (a ratio of 0.16).
      expect(charged / held).toBeGreaterThan(0.6);
      expect(charged / held).toBeLessThan(1.6);
    },
  );
});
