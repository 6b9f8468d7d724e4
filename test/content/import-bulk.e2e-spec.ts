import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { writeGeneratedContent } from '../support/generated-content';
import { createPostgresDatabase, PostgresDatabase } from '../support/postgres-database';
import { PROJECT_ROOT } from '../support/service-process';

// content-import at a size where batching shows (issue 27): a few thousand generated news
// entries, each naming tags, a category, an asset and earlier entries of the same run, and a
// three-level page structure, on PostgreSQL. What the store holds is compared with the files;
// a re-import changes nothing; a problem found at the very end leaves nothing written.

const DIST = join(PROJECT_ROOT, dirname(process.env.SERVICE_MAIN ?? join('dist', 'main.js')));
const IMPORT = join(DIST, 'content', 'cli', 'content-import.js');
const ENTRIES = 3_000;
const STEP_TIMEOUT = 300_000;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The command as `npx content-import` runs it: the built file executed through its interpreter
 * line (`env -S node <flags>`), which npm's bin link makes executable.
 */
function runImport(database: PostgresDatabase, dir: string): Promise<Run> {
  chmodSync(IMPORT, 0o755);
  return new Promise((resolve, reject) => {
    const child = spawn(IMPORT, ['-quiet', dir], {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: mkdtempSync(join(root, 'data-')),
        DATABASE_URL: database.url,
        CONTENT_PROJECT_DIR: 'config/content/project',
        ADMIN_PASSWORD: 'admin-secret',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The summary table's row of a kind: [created, updated, unchanged]. */
function counts(stdout: string, kind: string): number[] {
  const row = stdout.split('\n').find((line) => line.startsWith(kind));
  return (row ?? '')
    .trim()
    .split(/\s{2,}/)
    .slice(1)
    .map(Number);
}

interface GeneratedEntry {
  slug: string;
  fields: Record<string, unknown>;
}

/** What the generated news files say each entry relates to: "slug field" → target names. */
function expectedRelations(dir: string): Map<string, string[]> {
  const expected = new Map<string, string[]>();
  for (const name of readdirSync(dir).filter((n) => n.startsWith('80-gen-news'))) {
    const { entries } = parse(readFileSync(join(dir, name), 'utf8')) as {
      entries: GeneratedEntry[];
    };
    for (const entry of entries) {
      for (const field of ['newsCategories', 'keywords', 'relatedArticles', 'heroImage']) {
        const names = (entry.fields[field] as string[]).map((ref) => ref.split('/').pop()!);
        if (names.length > 0) expected.set(`${entry.slug} ${field}`, names);
      }
    }
  }
  return expected;
}

/** What the store relates: the same keys, targets by slug (assets by filename), in order. */
async function storedRelations(database: PostgresDatabase): Promise<Map<string, string[]>> {
  const rows = await database.query<{ key: string; targets: string[] }>(
    `SELECT s.slug || ' ' || f.handle AS key,
            array_agg(coalesce(a.filename, t.slug) ORDER BY r.sort_order) AS targets
     FROM content_relations r
     JOIN content_model_items f ON f.id = r.field_id AND f.kind = 'field'
     JOIN content_element_sites s ON s.element_id = r.source_id AND s.site_id = 1
     JOIN content_element_sites t ON t.element_id = r.target_id AND t.site_id = 1
     LEFT JOIN content_assets a ON a.element_id = r.target_id
     WHERE s.slug LIKE 'gen-article-%' AND (r.source_site_id IS NULL OR r.source_site_id = 1)
     GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.key, row.targets]));
}

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'content-import-bulk-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe(`content-import of ${ENTRIES} generated entries (PostgreSQL)`, () => {
  let database: PostgresDatabase;
  let files: string;
  beforeAll(async () => {
    database = await createPostgresDatabase('import_bulk');
    files = join(root, 'content');
    writeGeneratedContent(files, join(PROJECT_ROOT, 'config', 'content', 'seed'), ENTRIES);
  });
  afterAll(() => database?.drop());

  it(
    'writes every entry with its relations, in order, as the files give them',
    async () => {
      const result = await runImport(database, files);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      // The demo's news and pages, the generated ones, not the singles (updated).
      const pages = Math.floor(ENTRIES / 20);
      const [created] = counts(result.stdout, 'entries');
      expect(created).toBe(ENTRIES + pages + 14);
      expect(counts(result.stdout, 'tags')[0]).toBe(205);
      const stored = await storedRelations(database);
      const expected = expectedRelations(files);
      expect(stored.size).toBe(expected.size);
      for (const [key, targets] of expected) expect([key, stored.get(key)]).toEqual([key, targets]);
      // Structure: three levels, each URI under its parent's.
      const uris = await database.query<{ slug: string; uri: string; level: number }>(
        `SELECT s.slug, s.uri, n.level FROM content_element_sites s
         JOIN content_structure_nodes n ON n.element_id = s.element_id
         WHERE s.site_id = 1 AND s.slug IN ('gen-page-3', 'gen-page-4', 'gen-page-5')
         ORDER BY s.slug`,
      );
      expect(uris).toEqual([
        { slug: 'gen-page-3', uri: 'gen-page-3', level: 1 },
        { slug: 'gen-page-4', uri: 'gen-page-3/gen-page-4', level: 2 },
        { slug: 'gen-page-5', uri: 'gen-page-3/gen-page-4/gen-page-5', level: 3 },
      ]);
    },
    STEP_TIMEOUT,
  );

  it(
    'the same files again change nothing',
    async () => {
      const before = await storedRelations(database);
      const result = await runImport(database, files);
      expect(result.code).toBe(0);
      const [created, updated, unchanged] = counts(result.stdout, 'entries');
      expect({ created, updated }).toEqual({ created: 0, updated: 0 });
      expect(unchanged).toBe(ENTRIES + Math.floor(ENTRIES / 20) + 16);
      expect(await storedRelations(database)).toEqual(before);
    },
    STEP_TIMEOUT,
  );
});

describe(`a problem in the last of ${ENTRIES} generated entries (PostgreSQL)`, () => {
  let database: PostgresDatabase;
  afterAll(() => database?.drop());

  it(
    'is reported and nothing of the load is written',
    async () => {
      database = await createPostgresDatabase('import_bulk');
      const files = join(root, 'failing');
      writeGeneratedContent(files, join(PROJECT_ROOT, 'config', 'content', 'seed'), ENTRIES);
      writeFileSync(
        join(files, '95-last.yaml'),
        [
          'entries:',
          '  - section: news',
          '    slug: the-last-one',
          '    title: The last one',
          '    fields:',
          '      relatedArticles: [news/gen-article-1, news/not-there]',
        ].join('\n') + '\n',
      );
      const result = await runImport(database, files);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        '95-last.yaml: entries[0]: field "relatedArticles": no entry "news/not-there" (write <section>/<slug>, or a uid)',
      );
      const [left] = await database.query<{ entries: string; relations: string }>(
        `SELECT (SELECT count(*) FROM content_elements
                 WHERE kind IN ('entry', 'category', 'tag', 'asset')) AS entries,
                (SELECT count(*) FROM content_relations) AS relations`,
      );
      // The singles' entries are made with the model, before the load's transaction.
      expect(left).toEqual({ entries: '2', relations: '0' });
    },
    STEP_TIMEOUT,
  );
});
