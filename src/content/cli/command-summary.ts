import type { ExportReport } from '../import/export/content-exporter';
import type { ImportReport } from '../import/content-importer';
import type { SeedKind } from '../import/seed-document';

const KIND_LABELS: Record<SeedKind, string> = {
  users: 'users',
  assets: 'assets',
  categories: 'categories',
  tags: 'tags',
  globalSets: 'global sets',
  entries: 'entries',
};
const KINDS = Object.keys(KIND_LABELS) as SeedKind[];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function byteSize(bytes: number): string {
  if (bytes < 1024) return plural(bytes, 'byte');
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Right-aligned columns after a left-aligned first one. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  ')
      .trimEnd(),
  );
}

/**
 * What `content-import` prints when it is done:
 *
 * ```
 * imported 6 files in 1.4 s
 * kind         created  updated  unchanged
 * users              2        0          1
 * ...
 * total             30        3          1
 * ```
 */
export function importSummary(report: ImportReport): string[] {
  const rows = KINDS.map((kind) => {
    const { created, updated, unchanged } = report.counts[kind];
    return [KIND_LABELS[kind], String(created), String(updated), String(unchanged)];
  });
  const sum = (column: 'created' | 'updated' | 'unchanged') =>
    String(KINDS.reduce((total, kind) => total + report.counts[kind][column], 0));
  return [
    `imported ${plural(report.files, 'file')} in ${seconds(report.elapsedMs)}`,
    ...table([
      ['kind', 'created', 'updated', 'unchanged'],
      ...rows,
      ['total', sum('created'), sum('updated'), sum('unchanged')],
    ]),
  ];
}

/** What `content-export` prints when it is done (warnings go to stderr separately). */
export function exportSummary(report: ExportReport, directory: string): string[] {
  const total = KINDS.reduce((sum, kind) => sum + report.counts[kind], 0);
  return [
    `exported to ${directory} in ${seconds(report.elapsedMs)}: ${plural(report.files, 'content file')}, ${plural(report.assetFiles, 'asset file')} (${byteSize(report.assetBytes)})`,
    ...table([
      ['kind', 'exported'],
      ...KINDS.map((kind) => [KIND_LABELS[kind], String(report.counts[kind])]),
      ['total', String(total)],
    ]),
  ];
}
