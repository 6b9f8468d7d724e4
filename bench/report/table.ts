import { Figure, Row } from './row';

const MARK = { met: '✓', missed: '✗', skipped: 'skipped', info: '' } as const;

function figure(value: Figure | undefined): string {
  if (!value) return '';
  const digits =
    value.unit === 'req/s' ||
    value.unit === 'entries/s' ||
    value.unit === 'keys' ||
    value.unit === 'B/key'
      ? 0
      : 2;
  const failed = value.load?.failed ? ` (${value.load.failed} failed)` : '';
  return `${value.value.toFixed(digits)} ${value.unit}${failed}`;
}

/** The rows as a markdown table (also what the terminal shows). */
export function markdownTable(rows: readonly Row[]): string {
  const header = ['group', 'measure', 'process', 'ours', 'baseline', 'ratio', 'goal', '', 'note'];
  const lines = rows.map((row) => [
    row.group,
    row.measure,
    row.shape,
    figure(row.ours),
    figure(row.baseline),
    row.ratio === undefined ? '' : ratioText(row.ratio),
    row.goal ?? '',
    MARK[row.verdict],
    row.note ?? '',
  ]);
  const cells = (values: readonly string[]) =>
    `| ${values.map((value) => value.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [cells(header), cells(header.map(() => '---')), ...lines.map(cells)].join('\n');
}

/** Two decimals; three significant digits below 0.1, where two decimals would print 0.00. */
function ratioText(ratio: number): string {
  return ratio >= 0.1 ? ratio.toFixed(2) : ratio.toPrecision(3);
}
