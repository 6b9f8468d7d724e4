import { Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ManualClock } from '../../infra/clock/clock';
import { Database } from '../../infra/database/database';
import type { DrizzleExecutor } from '../../infra/database/database.types';
import { MIGRATIONS } from '../../infra/database/migrations';
import { runMigrations } from '../../infra/database/migrations/migration-runner';
import { rawRows } from '../../infra/database/raw-rows';
import type { Settings } from '../../settings/settings';
import { loadSettings } from '../../settings/settings.loader';
import { ContentModelIndex } from '../model/content-model.index';
import { ContentModelService } from '../model/content-model.service';
import { ModelItemsRepository } from '../model/store/model-items.repository';
import type { ElementWriter } from '../store/write/element-writer';
import type { ElementLookups } from '../store/write/element-lookups';
import {
  FixedModelSource,
  testDatabases,
  writerServices,
} from '../store/write/element-writer.fixtures';
import type { GraphqlResultCache } from '../cache/graphql-result-cache';
import { ContentImporter } from '../import/content-importer';
import { ElementStatesRepository } from '../import/element-states.repository';
import { ContentSeeder } from './content-seeder';
import { ModelElements } from '../store/write/model-elements';
import { emptySeedDocument, parseSeedDocument } from '../import/seed-document';
import { readSeedDirectory, SeedFileError } from '../import/seed-files';
import { SeedContentError } from '../import/seed-run';

// The demo model (config/content/project) and the demo content (config/content/seed) on
// PostgreSQL, and on PGlite when jest runs with NODE_OPTIONS=--experimental-vm-modules.
let db: DrizzleExecutor;
let drop: () => Promise<void>;
let database: Database;
let writer: ElementWriter;
let lookups: ElementLookups;
let loader: ContentImporter;
let elements: ModelElements;
/** Counts the seeder's invalidations (the real cache is I8c's; only the call matters here). */
let invalidations = 0;
const cache = {
  invalidate: () => {
    invalidations++;
    return Promise.resolve();
  },
} as unknown as GraphqlResultCache;
let settings: Settings;
let modelService: ContentModelService;
let dataDir: string;
const logged: string[] = [];

const seeder = (models = modelService as FixedModelSource | ContentModelService) =>
  new ContentSeeder(settings, database, models, loader, elements, lookups, cache);

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, query);
  return Number(row.n);
}

const kinds = () =>
  rawRows<{ kind: string; n: number }>(
    db,
    sql`SELECT kind, count(*)::int AS n FROM content_elements GROUP BY kind ORDER BY kind`,
  );

async function site(ref: string, siteHandle: string) {
  const [section, slug] = ref.split('/');
  const model = modelService.current;
  const element = await lookups.bySlug(
    'entry',
    model.sections.handle(section)!.id,
    slug,
    model.primarySite.id,
  );
  const [row] = await rawRows<{
    title: string;
    slug: string;
    uri: string;
    enabled: boolean;
    fields: Record<string, unknown>;
  }>(
    db,
    sql`SELECT title, slug, uri, enabled, fields FROM content_element_sites
        WHERE element_id = ${element!.id} AND site_id = ${model.sites.handle(siteHandle)!.id}`,
  );
  return { id: element!.id, ...row };
}

beforeAll(() => {
  for (const level of ['log', 'warn', 'error'] as const) {
    jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
      logged.push(`${level}: ${String(args[0])}`);
    });
  }
});
afterAll(() => jest.restoreAllMocks());

describe.each(testDatabases())('on %s', (_driver, open) => {
  beforeAll(async () => {
    logged.length = 0;
    dataDir = mkdtempSync(join(tmpdir(), 'content-seed-'));
    ({ db, drop } = await open());
    await runMigrations(db, MIGRATIONS);
    settings = loadSettings({
      CONTENT_PROJECT_DIR: 'config/content/project',
      CONTENT_SEED_DIR: 'config/content/seed',
      DATA_DIR: dataDir,
    });
    database = new Database(db);
    modelService = new ContentModelService(settings, database, new ModelItemsRepository(database));
    await modelService.onModuleInit();
    const clock = new ManualClock(Date.parse('2026-01-01T00:00:00Z'));
    ({ writer, lookups } = writerServices(database, modelService, clock));
    loader = new ContentImporter(
      database,
      modelService,
      writer,
      lookups,
      new ElementStatesRepository(database),
    );
    elements = new ModelElements(database, writer);
  });
  afterAll(async () => {
    await modelService.onApplicationShutdown();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('the demo content', () => {
    it('loads into an empty store at boot, with a one-line summary', async () => {
      invalidations = 0;
      await seeder().onApplicationBootstrap();
      // After the seed; the seed made the global set and single elements, so no second time.
      expect(invalidations).toBe(1);
      expect(logged.filter((line) => line.includes('content seed:'))).toEqual([
        expect.stringMatching(
          /^log: content seed: 16 entries, 4 assets, 4 categories, 5 tags, 1 global set, 2 users from 6 files in .*config\/content\/seed \(\d+ ms\)$/,
        ),
      ]);
      expect(await kinds()).toEqual([
        { kind: 'asset', n: 4 },
        { kind: 'category', n: 4 },
        { kind: 'entry', n: 16 },
        { kind: 'globalset', n: 1 },
        { kind: 'matrixblock', n: 7 },
        { kind: 'tag', n: 5 },
        { kind: 'user', n: 2 },
      ]);
    });

    it('does not load again on a second boot, and keeps one element per global set and single', async () => {
      const before = await kinds();
      const second = seeder();
      expect(await second.seed(modelService.current)).toBeUndefined();
      await second.onApplicationBootstrap();
      await second.onApplicationShutdown();
      expect(await kinds()).toEqual(before);
    });

    it('gives pages their parents’ URIs in both sites', async () => {
      expect(await site('pages/leadership', 'en')).toMatchObject({
        uri: 'about-us/team/leadership',
      });
      expect(await site('pages/leadership', 'de')).toMatchObject({
        title: 'Führung',
        uri: 'ueber-uns/team/fuehrung',
      });
      expect(await site('pages/services', 'de')).toMatchObject({ uri: 'leistungen' });
      const home = await lookups.single(modelService.current.sections.handle('homepage')!.id);
      const [row] = await rawRows<{ uri: string; title: string }>(
        db,
        sql`SELECT uri, title FROM content_element_sites WHERE element_id = ${home!.id} ORDER BY site_id`,
      );
      expect(row).toEqual({ uri: '__home__', title: 'Welcome' });
    });

    it('writes statuses, translations, typed values and relations in order', async () => {
      const welcome = await site('news/welcome-to-the-demo', 'de');
      expect(welcome).toMatchObject({
        title: 'Willkommen zur Demo',
        uri: 'news/willkommen-zur-demo',
      });
      expect(welcome.fields).toMatchObject({
        rating: 4.5,
        featured: true,
        summary: 'Was diese Demo-Seite enthält und wie man sie abfragt.',
      });
      const disabled = await rawRows<{ enabled: boolean }>(
        db,
        sql`SELECT enabled FROM content_elements WHERE id = ${(await site('news/ideas-for-next-quarter', 'en')).id}`,
      );
      expect(disabled[0].enabled).toBe(false);
      const tips = await site('news/five-typescript-tips', 'en');
      const related = await rawRows<{ slug: string }>(
        db,
        sql`SELECT s.slug FROM content_relations r
            JOIN content_element_sites s ON s.element_id = r.target_id AND s.site_id = 1
            WHERE r.source_id = ${tips.id} AND r.field_id = ${modelService.current.fields.handle('relatedArticles')!.id}
            ORDER BY r.sort_order`,
      );
      expect(related.map((r) => r.slug)).toEqual([
        'graphql-for-content-teams',
        'ai-in-the-newsroom',
      ]);
      const about = await site('pages/about-us', 'en');
      expect(about.fields).toMatchObject({
        layout: 'wide',
        audiences: ['editors', 'designers'],
        accentColor: '#336699',
        specs: [
          { col1: 'Founded', col2: 2024 },
          { col1: 'People', col2: 12 },
        ],
      });
      expect(
        await count(
          sql`SELECT count(*) AS n FROM content_user_group_members m JOIN users u ON u.id = m.user_id WHERE u.login IN ('alice', 'bob')`,
        ),
      ).toBe(2);
    });

    it('copies the images into the volume and records their dimensions', async () => {
      const assets = await rawRows<{
        filename: string;
        path: string;
        width: number;
        height: number;
        kind: string;
        mime_type: string;
      }>(
        db,
        sql`SELECT a.filename, f.path, a.width, a.height, a.kind, a.mime_type FROM content_assets a
            JOIN content_asset_folders f ON f.id = a.folder_id ORDER BY a.filename`,
      );
      expect(assets).toEqual([
        {
          filename: 'content-model-diagram.png',
          path: '',
          width: 600,
          height: 600,
          kind: 'image',
          mime_type: 'image/png',
        },
        {
          filename: 'editor-portrait.jpg',
          path: 'team/',
          width: 480,
          height: 640,
          kind: 'image',
          mime_type: 'image/jpeg',
        },
        {
          filename: 'harbour-at-dusk.jpg',
          path: '',
          width: 640,
          height: 480,
          kind: 'image',
          mime_type: 'image/jpeg',
        },
        {
          filename: 'mountain-lake.jpg',
          path: '',
          width: 800,
          height: 450,
          kind: 'image',
          mime_type: 'image/jpeg',
        },
      ]);
      const copied = await sharp(
        join(dataDir, 'volumes', 'images', 'team', 'editor-portrait.jpg'),
      ).metadata();
      expect([copied.width, copied.height]).toEqual([480, 640]);
    });

    it('loads again idempotently through the loader (matched by natural keys)', async () => {
      const before = await kinds();
      const dates = () =>
        rawRows<{ id: number; updated: string; sites: string; modified: string | null }>(
          db,
          sql`SELECT e.id, e.date_updated::text AS updated,
                (SELECT string_agg(s.date_updated::text, ',' ORDER BY s.site_id)
                 FROM content_element_sites s WHERE s.element_id = e.id) AS sites,
                (SELECT a.date_modified::text FROM content_assets a WHERE a.element_id = e.id)
                  AS modified
              FROM content_elements e ORDER BY e.id`,
        );
      const datesBefore = await dates();
      const { document } = readSeedDirectory(join(process.cwd(), 'config/content/seed'));
      const unchanged = (n: number) => ({ created: 0, updated: 0, unchanged: n });
      expect(await loader.load(document, modelService.current)).toEqual({
        users: unchanged(2),
        assets: unchanged(4),
        categories: unchanged(4),
        tags: unchanged(5),
        globalSets: unchanged(1),
        entries: unchanged(16),
      });
      expect(await kinds()).toEqual(before);
      // Nothing changed, so not even the timestamps the files leave out (users, blocks).
      expect(await dates()).toEqual(datesBefore);
    });

    it('counts what a load creates and updates, and never duplicates by uid or slug', async () => {
      const document = emptySeedDocument();
      const problems: string[] = [];
      parseSeedDocument(
        {
          tags: [
            // An existing tag: a new title is an update.
            { group: 'keywords', slug: 'graphql', title: 'GraphQL!' },
            // A uid the store does not hold, but a slug it does: that tag, not a duplicate.
            {
              group: 'keywords',
              uid: '0b5e3c4e-4c1f-4d59-9d0e-6a1f5d6c7b01',
              slug: 'typescript',
              title: 'TypeScript',
            },
            // Two new tags with distinct uids and one slug stay two (tags have no URI to keep
            // unique, so both keep the slug).
            {
              group: 'keywords',
              uid: '0b5e3c4e-4c1f-4d59-9d0e-6a1f5d6c7b02',
              slug: 'twins',
              title: 'Twins',
            },
            {
              group: 'keywords',
              uid: '0b5e3c4e-4c1f-4d59-9d0e-6a1f5d6c7b03',
              slug: 'twins',
              title: 'Twins',
            },
          ],
        },
        'more.yaml',
        '/tmp',
        document,
        problems,
      );
      expect(problems).toEqual([]);
      const tagsBefore = (await kinds()).find((k) => k.kind === 'tag')!.n;
      const counts = await loader.load(document, modelService.current);
      expect(counts.tags).toEqual({ created: 2, updated: 1, unchanged: 1 });
      expect((await kinds()).find((k) => k.kind === 'tag')!.n).toBe(tagsBefore + 2);
      const twins = await rawRows<{ uid: string; slug: string }>(
        db,
        sql`SELECT e.uid, s.slug FROM content_elements e
            JOIN content_element_sites s ON s.element_id = e.id AND s.site_id = 1
            WHERE e.kind = 'tag' AND s.title = 'Twins' ORDER BY e.uid`,
      );
      expect(twins).toEqual([
        { uid: '0b5e3c4e-4c1f-4d59-9d0e-6a1f5d6c7b02', slug: 'twins' },
        { uid: '0b5e3c4e-4c1f-4d59-9d0e-6a1f5d6c7b03', slug: 'twins' },
      ]);
    });
  });

  describe('content files that do not load', () => {
    it('name the file and the path of every shape problem', () => {
      const into = emptySeedDocument();
      const problems: string[] = [];
      parseSeedDocument(
        {
          entries: [
            { section: 'news', title: 'x', postDate: 'soon', colour: 'red' },
            { title: 'no section', sites: { de: { titel: 'x' } } },
          ],
          pages: [],
        },
        'bad.yaml',
        '/tmp',
        into,
        problems,
      );
      expect(problems).toEqual([
        'bad.yaml: entries[0].postDate: expected a date such as 2025-01-31T12:00:00Z, got "soon"',
        expect.stringMatching(
          /^bad\.yaml: entries\[0\]: unknown key "colour" \(allowed: uid, enabled/,
        ),
        'bad.yaml: entries[1]: "section" is required',
        expect.stringMatching(
          /^bad\.yaml: entries\[1\]\.sites\.de: unknown key "titel" \(allowed: title, slug, enabled, fields\)$/,
        ),
        'bad.yaml: unknown top-level key "pages" (allowed: users, assets, categories, tags, globalSets, entries)',
      ]);
      expect(into.entries).toEqual([]);
    });

    it('reports YAML syntax errors with the file name', () => {
      const dir = mkdtempSync(join(tmpdir(), 'content-seed-bad-'));
      try {
        writeFileSync(join(dir, 'broken.yaml'), 'entries: [\n');
        expect(() => readSeedDirectory(dir)).toThrow(SeedFileError);
        expect(() => readSeedDirectory(dir)).toThrow(/broken\.yaml: /);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('collect every unresolved reference and invalid value, and write nothing', async () => {
      const before = await kinds();
      const document = emptySeedDocument();
      const problems: string[] = [];
      parseSeedDocument(
        {
          entries: [
            {
              section: 'news',
              slug: 'broken-one',
              title: 'Broken',
              author: 'nobody',
              fields: { rating: 'high' },
            },
            {
              section: 'news',
              slug: 'broken-two',
              title: 'Broken too',
              fields: { relatedArticles: ['news/missing'], keywords: ['keywords/graphql'] },
            },
            { section: 'nowhere', title: 'Lost' },
          ],
        },
        'broken.yaml',
        '/tmp',
        document,
        problems,
      );
      expect(problems).toEqual([]);
      const error = await loader.load(document, modelService.current).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SeedContentError);
      expect((error as SeedContentError).problems).toEqual([
        'broken.yaml: entries[0] (news/broken-one): no user "nobody" (write the username)',
        'broken.yaml: entries[2] (nowhere/lost): section: no section "nowhere"',
        'broken.yaml: entries[1]: field "relatedArticles": no entry "news/missing" (write <section>/<slug>, or a uid)',
      ]);
      expect(await kinds()).toEqual(before);
      expect(
        await lookups.bySlug(
          'entry',
          modelService.current.sections.handle('news')!.id,
          'broken-two',
          1,
        ),
      ).toBeUndefined();
    });
  });

  describe('model changes', () => {
    it('give a new global set its element', async () => {
      const source = new FixedModelSource(modelService.current);
      const watcher = seeder(source);
      await watcher.onApplicationBootstrap();
      const model = modelService.current.model;
      source.replace(
        new ContentModelIndex({
          ...model,
          globalSets: [
            ...model.globalSets,
            { id: 999_999, uid: 'footer-set-uid', handle: 'footer', name: 'Footer', fields: [] },
          ],
        }),
      );
      await watcher.onApplicationShutdown();
      expect(
        await count(sql`SELECT count(*) AS n FROM content_elements WHERE kind = 'globalset'`),
      ).toBe(2);
      const rows = await rawRows<{ title: string }>(
        db,
        sql`SELECT s.title FROM content_elements e JOIN content_element_sites s ON s.element_id = e.id
            WHERE e.uid = 'footer-set-uid'`,
      );
      expect(rows).toEqual([{ title: 'Footer' }, { title: 'Footer' }]);
    });
  });
});
