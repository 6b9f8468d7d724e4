import { emptyImportCounts } from '../import/load-tracker';
import { byteSize, exportSummary, importSummary } from './command-summary';

describe('command summaries', () => {
  it('give an import its counts per kind in a table', () => {
    const counts = emptyImportCounts();
    counts.users = { created: 2, updated: 0, unchanged: 1 };
    counts.entries = { created: 140, updated: 2, unchanged: 10 };
    counts.globalSets = { created: 0, updated: 1, unchanged: 0 };
    expect(importSummary({ counts, files: 6, elapsedMs: 1449 })).toEqual([
      'imported 6 files in 1.4 s',
      'kind         created  updated  unchanged',
      'users              2        0          1',
      'assets             0        0          0',
      'categories         0        0          0',
      'tags               0        0          0',
      'global sets        0        1          0',
      'entries          140        2         10',
      'total            142        3         11',
    ]);
  });

  it('give an export its counts, files and bytes', () => {
    expect(
      exportSummary(
        {
          counts: { users: 3, assets: 4, categories: 4, tags: 5, globalSets: 1, entries: 16 },
          files: 1,
          assetFiles: 4,
          assetBytes: 22_630,
          warnings: [],
          elapsedMs: 2000,
        },
        'out',
      ),
    ).toEqual([
      'exported to out in 2.0 s: 1 content file, 4 asset files (22.1 KiB)',
      'kind         exported',
      'users               3',
      'assets              4',
      'categories          4',
      'tags                5',
      'global sets         1',
      'entries            16',
      'total              33',
    ]);
  });

  it('write sizes in binary units', () => {
    expect(byteSize(1)).toBe('1 byte');
    expect(byteSize(1023)).toBe('1023 bytes');
    expect(byteSize(5 * 1024 * 1024)).toBe('5.0 MiB');
  });
});
