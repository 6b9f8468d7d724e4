import { median } from '../tools/median';
import { Row, ratioRow } from './row';

/**
 * A row of instruction counts per request (callgrind rounds of each side): requests per
 * billion instructions, ours against the no-op's (the ratio of the medians), every round's count
 * in the note.
 */
export function instructionRow(
  base: Pick<Row, 'group' | 'measure' | 'shape'>,
  ours: readonly number[],
  noop: readonly number[],
  noopName: string,
): Row {
  const perBillion = (counts: readonly number[]) => ({
    value: 1e9 / median(counts),
    unit: 'req/G instr' as const,
  });
  const thousands = (counts: readonly number[]) =>
    counts.map((count) => (count / 1000).toFixed(1)).join(', ');
  return ratioRow(
    {
      ...base,
      note: `thousand instructions per request, rounds ours: ${thousands(ours)}; ${noopName}: ${thousands(noop)}`,
    },
    perBillion(ours),
    perBillion(noop),
  );
}
