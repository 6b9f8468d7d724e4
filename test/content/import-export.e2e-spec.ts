import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphqlClient } from '../support/graphql-client';
import { PROJECT_ROOT, ServiceProcess, startService } from '../support/service-process';
import {
  CONTENT_EXPORT as EXPORT,
  CONTENT_IMPORT as IMPORT,
  type CommandRun as Run,
  fileTree as tree,
  runContentCommand,
} from '../support/content-cli';

// The content commands as an operator runs them: real processes on fresh PGlite data
// directories. The demo content is imported and exported; the export, imported into another
// empty store and exported again, gives the same files byte for byte; imports are idempotent;
// the data directory's lock keeps a command away from a running service.

const STEP_TIMEOUT = 180_000;

let root: string;
const dataA = () => join(root, 'data-a');
const dataB = () => join(root, 'data-b');

function run(script: string, args: readonly string[], dataDir: string): Promise<Run> {
  return runContentCommand(script, args, {
    DATA_DIR: dataDir,
    CONTENT_PROJECT_DIR: 'config/content/project',
  });
}

/** The summary table's rows: kind → [created, updated, unchanged]. */
function importCounts(stdout: string): Record<string, number[]> {
  const rows = stdout.trim().split('\n').slice(2);
  return Object.fromEntries(
    rows.map((row) => {
      const cells = row.trim().split(/\s{2,}/);
      return [cells[0], cells.slice(1).map(Number)];
    }),
  );
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'content-import-export-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('content-import and content-export', () => {
  it(
    'import the demo content into an empty data directory, with a summary per kind',
    async () => {
      const result = await run(IMPORT, ['config/content/seed'], dataA());
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toMatch(/^imported 6 files in \d+\.\d s\n/);
      expect(importCounts(result.stdout)).toEqual({
        users: [2, 0, 0],
        assets: [4, 0, 0],
        categories: [4, 0, 0],
        tags: [5, 0, 0],
        // The global set's element and the singles' entries exist with the model.
        'global sets': [0, 1, 0],
        entries: [14, 2, 0],
        total: [29, 3, 0],
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'import the same files again without changing anything',
    async () => {
      const result = await run(IMPORT, ['config/content/seed'], dataA());
      expect(result.code).toBe(0);
      expect(importCounts(result.stdout)).toEqual({
        users: [0, 0, 2],
        assets: [0, 0, 4],
        categories: [0, 0, 4],
        tags: [0, 0, 5],
        'global sets': [0, 0, 1],
        entries: [0, 0, 16],
        total: [0, 0, 32],
      });
    },
    STEP_TIMEOUT,
  );

  it(
    'export, import the export into another empty store, and export the same bytes again',
    async () => {
      const first = await run(EXPORT, [join(root, 'export-1')], dataA());
      expect(first).toMatchObject({ code: 0, stderr: '' });
      expect(first.stdout).toContain('9 content files, 4 asset files');
      expect(first.stdout).toMatch(/entries\s+16\n/);

      const imported = await run(IMPORT, [join(root, 'export-1')], dataB());
      expect(imported.code).toBe(0);
      // The admin user (made on the first start) was there already.
      expect(importCounts(imported.stdout).users).toEqual([2, 0, 1]);

      const second = await run(EXPORT, [join(root, 'export-2')], dataB());
      expect(second.code).toBe(0);
      const files = tree(join(root, 'export-1'));
      expect(Object.keys(files).sort()).toEqual([
        '10-users.yaml',
        '20-assets-images.yaml',
        '30-categories-topics.yaml',
        '40-tags-keywords.yaml',
        '50-globals.yaml',
        '60-entries-about.yaml',
        '60-entries-homepage.yaml',
        '60-entries-news.yaml',
        '60-entries-pages.yaml',
        'files/images/content-model-diagram.png',
        'files/images/harbour-at-dusk.jpg',
        'files/images/mountain-lake.jpg',
        'files/images/team/editor-portrait.jpg',
      ]);
      expect(tree(join(root, 'export-2'))).toEqual(files);

      // The export again: nothing changes, so the store exports as before.
      const again = await run(IMPORT, [join(root, 'export-1')], dataB());
      expect(importCounts(again.stdout).total).toEqual([0, 0, 33]);
      const third = await run(EXPORT, [join(root, 'export-3')], dataB());
      expect(third.code).toBe(0);
      expect(tree(join(root, 'export-3'))).toEqual(files);
    },
    STEP_TIMEOUT * 2,
  );

  describe('beside a running service', () => {
    let service: ServiceProcess;

    beforeAll(async () => {
      service = await startService({
        DATA_DIR: dataB(),
        CONTENT_PROJECT_DIR: 'config/content/project',
        ADMIN_PASSWORD: 'admin-secret',
      });
    }, STEP_TIMEOUT);
    afterAll(async () => {
      await service?.stop();
    });

    it('the service serves what was imported', async () => {
      const answer = await new GraphqlClient(service.httpUrl).post<{
        data: { entryCount: number; pages: { title: string }[] };
      }>({
        query:
          '{ entryCount(section: "news") pages: entries(section: "pages", level: 1) { title } }',
      });
      expect(answer.status).toBe(200);
      // Statuses apply: the disabled, pending and expired articles are not live.
      expect(answer.body.data.pages.map((page) => page.title)).toEqual([
        'About us',
        'Services',
        'Contact',
      ]);
      expect(answer.body.data.entryCount).toBeGreaterThan(0);
    });

    it(
      'a command on its PGlite data directory is refused, saying why',
      async () => {
        const result = await run(IMPORT, ['config/content/seed'], dataB());
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(
          `content-import: the database in DATA_DIR (${dataB()}) is open in process ${service.child.pid}, most likely the running service`,
        );
        expect(result.stderr).toContain(
          'Stop the service first, or run the service and the commands on PostgreSQL (DATABASE_URL)',
        );
      },
      STEP_TIMEOUT,
    );
  });

  it(
    'files that are not content are refused, every problem listed',
    async () => {
      const result = await run(IMPORT, [join(PROJECT_ROOT, 'package.json')], dataA());
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('package.json: unknown top-level key "name"');
    },
    STEP_TIMEOUT,
  );
});
