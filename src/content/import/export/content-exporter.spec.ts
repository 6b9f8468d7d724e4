import { Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { parse as parseYaml } from 'yaml';
import { ManualClock } from '../../../infra/clock/clock';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { ModelElements } from '../../store/write/model-elements';
import { emptySeedDocument, parseSeedDocument, type SeedDocument } from '../seed-document';
import { writerTestDrivers, writerTestModel } from '../../store/write/element-writer.fixtures';
import { ContentExporter } from './content-exporter';
import { ContentImporter } from '../content-importer';
import { ElementStatesRepository } from '../element-states.repository';
import { ExportRepository } from './export.repository';
import type { ImportCounts } from '../load-tracker';

// Import → export → import into an empty store → export again gives the same bytes, on
// PostgreSQL and (with --experimental-vm-modules) PGlite. The content is the awkward kind:
// per-site values and statuses, translatable relations, matrix blocks with per-site values,
// a three-level structure, two tags sharing a slug, values equal to and unlike defaults, a
// trashed entry, and relations to it.

const NOW = Date.parse('2025-03-01T12:00:00Z');
const UID = (n: number) => `6f1c2a3b-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface Store {
  db: DrizzleExecutor;
  drop: () => Promise<void>;
  importer: ContentImporter;
  exporter: ContentExporter;
}

let work: string;

async function png(path: string, width: number, height: number): Promise<void> {
  await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 100, b: 50 } },
  })
    .png()
    .toFile(path);
}

function demoDocument(dir: string): SeedDocument {
  const document = emptySeedDocument();
  const problems: string[] = [];
  parseSeedDocument(
    {
      users: [
        { username: 'alice', email: 'alice@example.com', fullName: 'Alice', groups: ['editors'] },
        { username: 'bob', email: 'bob@example.com', photo: 'images/team/portrait.png' },
      ],
      assets: [
        {
          volume: 'images',
          filename: 'wide.png',
          file: 'src/wide.png',
          alt: 'A wide picture',
          uploader: 'alice',
          sites: { de: { title: 'Breit' } },
        },
        {
          volume: 'images',
          folder: 'team',
          filename: 'portrait.png',
          file: 'src/portrait.png',
          title: 'Portrait',
          focalPoint: [0.25, 0.75],
          enabled: false,
        },
      ],
      categories: [
        { group: 'topics', title: 'Technology', fields: { summary: 'Machines' } },
        {
          group: 'topics',
          title: 'AI',
          parent: 'technology',
          sites: { de: { title: 'KI', slug: 'ki', fields: { summary: 'Maschinen' } } },
        },
      ],
      tags: [
        { group: 'keywords', title: 'GraphQL' },
        { group: 'keywords', uid: UID(1), title: 'Twin' },
        { group: 'keywords', uid: UID(2), title: 'Twin' },
      ],
      globalSets: [
        {
          handle: 'siteInfo',
          fields: { copyright: '© Demo', contactEmail: 'hello@example.com' },
          sites: { de: { fields: { copyright: '© Demo GmbH' } } },
        },
      ],
      entries: [
        {
          section: 'news',
          title: 'One',
          author: 'alice',
          postDate: '2024-01-01T10:00:00Z',
          fields: {
            summary: 'First',
            heroImage: ['images/wide.png'],
            newsCategories: ['topics/ai'],
            keywords: ['keywords/graphql', UID(2)],
            relatedArticles: ['news/two', 'news/gone'],
            rating: 4.5,
            featured: true,
            reviewers: ['alice'],
            contentBlocks: [
              { type: 'text', fields: { text: '<p>Hello</p>' } },
              {
                type: 'quote',
                fields: { quote: 'Ask', attribution: 'Someone' },
                sites: { de: { fields: { quote: 'Frag' } } },
              },
              { type: 'image', enabled: false, fields: { image: ['images/team/portrait.png'] } },
            ],
          },
          sites: {
            de: {
              title: 'Eins',
              enabled: false,
              fields: { summary: 'Erstens', keywords: [UID(1)] },
            },
          },
        },
        {
          section: 'news',
          title: 'Two',
          enabled: false,
          postDate: null,
          expiryDate: '2030-01-01T00:00:00Z',
          fields: { relatedArticles: ['news/one'] },
        },
        { section: 'news', type: 'link', title: 'Gone', fields: { website: 'https://x.test/' } },
        {
          section: 'pages',
          title: 'About us',
          fields: {
            specs: [
              { label: 'Founded', value: 2024 },
              { label: 'Empty', value: null },
            ],
            layout: null,
            audiences: [],
            accentColor: '#ABC',
          },
        },
        { section: 'pages', title: 'Team', parent: 'about-us', fields: { layout: 'wide' } },
        { section: 'pages', title: 'Lead', parent: 'team', sites: { de: { slug: 'leitung' } } },
        { section: 'pages', title: 'Contact', archived: true },
        { section: 'homepage', title: 'Home', fields: { heroImage: ['images/wide.png'] } },
      ],
    },
    'demo.yaml',
    dir,
    document,
    problems,
  );
  expect(problems).toEqual([]);
  return document;
}

/** Every file below a directory with its bytes, by relative path. */
async function tree(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    result[relative(dir, path)] = (await readFile(path)).toString('base64');
  }
  return result;
}

beforeAll(async () => {
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  work = await mkdtemp(join(tmpdir(), 'content-export-'));
  await import('node:fs/promises').then((fs) => fs.mkdir(join(work, 'src')));
  await png(join(work, 'src', 'wide.png'), 64, 32);
  await png(join(work, 'src', 'portrait.png'), 30, 40);
});
afterAll(async () => {
  jest.restoreAllMocks();
  await rm(work, { recursive: true, force: true });
});

describe.each(writerTestDrivers())('on %s', (_driver, open) => {
  const stores: Store[] = [];

  async function store(name: string): Promise<Store> {
    const model = writerTestModel(join(work, name, 'volume'));
    const opened = await open(model, new ManualClock(NOW));
    // The writer's own Database: one transaction context (PGlite has one connection).
    const { database } = opened;
    const states = new ElementStatesRepository(database);
    await new ModelElements(database, opened.writer).ensure(model);
    const result = {
      db: opened.db,
      drop: opened.drop,
      importer: new ContentImporter(database, opened.models, opened.writer, opened.lookups, states),
      exporter: new ContentExporter(database, opened.models, new ExportRepository(database)),
    };
    stores.push(result);
    return result;
  }

  afterAll(async () => {
    for (const { drop } of stores.splice(0)) await drop();
  });

  it('exports what an import into an empty store gives back, byte for byte', async () => {
    const first = await store(`${_driver}-a`);
    await first.importer.load(demoDocument(work));
    // Trashed: not exported, and relations to it are left out.
    await first.db.execute(
      sql`UPDATE content_elements SET date_deleted = now() WHERE uid IN (
            SELECT e.uid FROM content_elements e JOIN content_element_sites s ON s.element_id = e.id
            WHERE s.slug = 'gone')`,
    );
    const one = join(work, `${_driver}-export-1`);
    const report = await first.exporter.export(one, 'yaml');
    expect(report.counts).toEqual({
      users: 2,
      assets: 2,
      categories: 2,
      tags: 3,
      globalSets: 1,
      entries: 8,
    });
    expect(report.assetFiles).toBe(2);

    const second = await store(`${_driver}-b`);
    const { document } = await import('../seed-files').then((m) => m.readSeedDirectory(one));
    await second.importer.load(document);
    const two = join(work, `${_driver}-export-2`);
    await second.exporter.export(two, 'yaml');
    expect(await tree(two)).toEqual(await tree(one));

    // Loading the export again changes nothing, and says so.
    const unchanged = (n: number) => ({ created: 0, updated: 0, unchanged: n });
    expect(await second.importer.load(document)).toEqual<ImportCounts>({
      users: unchanged(2),
      assets: unchanged(2),
      categories: unchanged(2),
      tags: unchanged(3),
      globalSets: unchanged(1),
      entries: unchanged(8),
    });
  });

  it('writes the file format: defaults left out, per-site differences, references', async () => {
    const dir = join(work, `${_driver}-export-1`);
    const read = async (name: string) =>
      parseYaml(await readFile(join(dir, name), 'utf8')) as Record<
        string,
        Record<string, unknown>[]
      >;
    const news = (await read('60-entries-news.yaml')).entries;
    const one = news.find((entry) => entry.title === 'One')!;
    const twins = (await read('40-tags-keywords.yaml')).tags.filter((t) => t.title === 'Twin');
    expect(twins.map((t) => [t.uid, t.slug])).toEqual([
      [UID(1), 'twin'],
      [UID(2), 'twin'],
    ]);
    expect(one).toMatchObject({
      section: 'news',
      type: 'article',
      slug: 'one',
      author: 'alice',
      postDate: '2024-01-01T10:00:00.000Z',
      fields: {
        summary: 'First',
        heroImage: ['images/wide.png'],
        newsCategories: ['topics/ai'],
        // A slug two tags share names neither: the uid does.
        keywords: ['keywords/graphql', UID(2)],
        // The trashed entry is left out.
        relatedArticles: ['news/two'],
        contentBlocks: [
          { type: 'text', fields: { text: '<p>Hello</p>' } },
          {
            type: 'quote',
            fields: { quote: 'Ask', attribution: 'Someone' },
            sites: { de: { fields: { quote: 'Frag' } } },
          },
          { type: 'image', enabled: false, fields: { image: ['images/team/portrait.png'] } },
        ],
      },
      sites: {
        de: {
          title: 'Eins',
          enabled: false,
          fields: { summary: 'Erstens', keywords: [UID(1)] },
        },
      },
    });
    const two = news.find((entry) => entry.title === 'Two')!;
    expect(two).toMatchObject({
      enabled: false,
      postDate: null,
      fields: { relatedArticles: ['news/one'] },
    });
    const pages = (await read('60-entries-pages.yaml')).entries;
    expect(pages.map((page) => [page.slug, page.parent])).toEqual([
      ['about-us', undefined],
      ['team', 'about-us'],
      ['lead', 'team'],
      ['contact', undefined],
    ]);
    // The dropdown's default is "narrow": an empty value is written; checkboxes without any
    // default are not; table cells without a value are left out.
    expect(pages[0].fields).toEqual({
      specs: [{ label: 'Founded', value: 2024 }, { label: 'Empty' }],
      layout: null,
      accentColor: '#aabbcc',
    });
    expect(pages[2]).toMatchObject({ sites: { de: { slug: 'leitung' } } });
    expect(pages[3]).toMatchObject({ archived: true });
    const [home] = (await read('60-entries-homepage.yaml')).entries;
    expect(home.uid).toBeUndefined();
    expect((await read('10-users.yaml')).users).toEqual([
      { username: 'alice', email: 'alice@example.com', fullName: 'Alice', groups: ['editors'] },
      {
        username: 'bob',
        email: 'bob@example.com',
        fullName: 'bob',
        photo: 'images/team/portrait.png',
      },
    ]);
    const assets = (await read('20-assets-images.yaml')).assets;
    expect(
      assets.map(
        ({ uid: _uid, dateCreated: _c, dateUpdated: _u, dateModified: _m, ...rest }) => rest,
      ),
    ).toEqual([
      {
        volume: 'images',
        filename: 'wide.png',
        file: 'files/images/wide.png',
        title: 'Wide',
        alt: 'A wide picture',
        uploader: 'alice',
        sites: { de: { title: 'Breit' } },
      },
      {
        volume: 'images',
        folder: 'team',
        filename: 'portrait.png',
        file: 'files/images/team/portrait.png',
        title: 'Portrait',
        focalPoint: [0.25, 0.75],
        enabled: false,
      },
    ]);
    expect((await read('50-globals.yaml')).globalSets).toEqual([
      {
        handle: 'siteInfo',
        dateUpdated: '2025-03-01T12:00:00.000Z',
        fields: { copyright: '© Demo', contactEmail: 'hello@example.com' },
        sites: { de: { fields: { copyright: '© Demo GmbH' } } },
      },
    ]);
  });

  it('refuses a directory that is not empty', async () => {
    const [first] = stores;
    await expect(first.exporter.export(join(work, `${_driver}-export-1`), 'json')).rejects.toThrow(
      /is not empty: export into a new or empty directory/,
    );
  });

  it('writes JSON with the same content', async () => {
    const [first] = stores;
    const dir = join(work, `${_driver}-export-json`);
    await first.exporter.export(dir, 'json');
    const yaml = parseYaml(
      await readFile(join(work, `${_driver}-export-1`, '60-entries-news.yaml'), 'utf8'),
    ) as unknown;
    const json = JSON.parse(await readFile(join(dir, '60-entries-news.json'), 'utf8')) as unknown;
    expect(json).toEqual(yaml);
  });
});
