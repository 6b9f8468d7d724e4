import { LoadResult } from './load-result';
import { medianBy } from './median';

/**
 * Runs every variant once per round, `rounds` times, starting each round one variant later so no
 * side always runs first; each variant is represented by its median run (by rate unless `by`
 * says otherwise, e.g. p99 for latency runs). A slow
 * spell of the shared machine then lands on all sides instead of on one.
 */
export async function alternate<T extends LoadResult>(
  variants: readonly (() => Promise<T>)[],
  rounds: number,
  by: (run: T) => number = (run) => run.requestsPerSecond,
): Promise<T[]> {
  const runs = await alternateRuns(variants, rounds);
  return runs.map((list) => medianBy(list, by));
}

/** As `alternate`, with every run of every variant, in the order of `variants`. */
export async function alternateRuns<T>(
  variants: readonly (() => Promise<T>)[],
  rounds: number,
): Promise<T[][]> {
  const runs: T[][] = variants.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < variants.length; turn++) {
      const index = (round + turn) % variants.length;
      runs[index].push(await variants[index]());
    }
  }
  return runs;
}
