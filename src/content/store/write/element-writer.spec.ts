import { sql } from 'drizzle-orm';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ManualClock } from '../../../infra/clock/clock';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { rawRows } from '../../../infra/database/raw-rows';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ElementWriter } from './element-writer';
import { ElementWriteError } from './write-error';
import type { EntryInput } from './write-input';
import { ElementLookups } from './element-lookups';
import { writerTestDrivers, writerTestModel } from './element-writer.fixtures';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const EN = 1;
const DE = 2;
const NEWS = 10;
const PAGES = 11;
const HOMEPAGE = 12;
const ARTICLE = 101;
const PAGE = 111;

let db: DrizzleExecutor;
let drop: () => Promise<void>;
let writer: ElementWriter;
let lookups: ElementLookups;
let model: ContentModelIndex;
let dir: string;
const clock = new ManualClock(NOW);

interface SiteRowView {
  site_id: number;
  title: string | null;
  slug: string | null;
  uri: string | null;
  enabled: boolean;
  fields: Record<string, unknown>;
  search_text: string;
}

async function siteRows(elementId: number): Promise<Record<number, SiteRowView>> {
  const rows = await rawRows<SiteRowView>(
    db,
    sql`SELECT site_id, title, slug, uri, enabled, fields, search_text FROM content_element_sites
        WHERE element_id = ${elementId} ORDER BY site_id`,
  );
  return Object.fromEntries(rows.map((row) => [Number(row.site_id), row]));
}

async function relations(sourceId: number, fieldHandle: string, siteId: number | null = null) {
  const fieldId = model.fields.handle(fieldHandle)!.id;
  const rows = await rawRows<{ target_id: number }>(
    db,
    sql`SELECT target_id FROM content_relations WHERE source_id = ${sourceId}
        AND field_id = ${fieldId} AND source_site_id IS NOT DISTINCT FROM ${siteId}::bigint
        ORDER BY sort_order`,
  );
  return rows.map((row) => Number(row.target_id));
}

async function nodes(structureId: number) {
  const rows = await rawRows<{
    slug: string;
    lft: number;
    rgt: number;
    level: number;
    root: string;
  }>(
    db,
    sql`SELECT s.slug, n.lft, n.rgt, n.level, r.slug AS root
        FROM content_structure_nodes n
        JOIN content_element_sites s ON s.element_id = n.element_id AND s.site_id = 1
        JOIN content_element_sites r ON r.element_id = n.root_id AND r.site_id = 1
        WHERE n.structure_id = ${structureId} ORDER BY n.lft`,
  );
  return rows.map((r) => `${r.slug} ${r.lft}-${r.rgt} L${r.level} root=${r.root}`);
}

async function writeError(work: Promise<unknown>): Promise<string[]> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ElementWriteError);
  return [...(error as ElementWriteError).problems];
}

const article = (slug: string, extra: Partial<EntryInput> = {}): EntryInput => ({
  sectionId: NEWS,
  typeId: ARTICLE,
  title: `Article ${slug}`,
  slug,
  ...extra,
});

const page = (title: string, parentId: number | null = null): EntryInput => ({
  sectionId: PAGES,
  typeId: PAGE,
  title,
  parentId,
});

// Every test runs on PostgreSQL, and on PGlite too when jest runs with
// NODE_OPTIONS=--experimental-vm-modules (PGlite loads its parts with dynamic import(), which
// jest's sandbox refuses otherwise; the e2e suites boot the service on PGlite).
describe.each(writerTestDrivers())('on %s', (_driver, open) => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'element-writer-'));
    model = writerTestModel(join(dir, 'volume'));
    ({ db, drop, writer, lookups } = await open(model, clock));
  });
  afterAll(async () => {
    await drop();
    await rm(dir, { recursive: true, force: true });
  });

  describe('entries', () => {
    it('writes the element, per-site rows, URIs, typed field values and search text', async () => {
      const saved = await writer.saveEntry(
        article('hello-world', {
          title: 'Hello World',
          postDate: new Date('2024-05-01T08:00:00Z'),
          fields: {
            summary: 'A first article',
            rating: '4.46',
            featured: true,
            body: '# Hello\n\nSome *markdown*.',
          },
          sites: new Map([
            [
              DE,
              {
                title: 'Hallo Welt',
                slug: 'hallo-welt',
                fields: { summary: 'Ein erster Artikel' },
              },
            ],
          ]),
        }),
      );
      expect(saved.created).toBe(true);
      const [element] = await rawRows<{
        kind: string;
        container_id: number;
        type_id: number;
        post_date: unknown;
        date_created: unknown;
      }>(
        db,
        sql`SELECT kind, container_id, type_id, post_date, date_created FROM content_elements WHERE id = ${saved.id}`,
      );
      expect(element.kind).toBe('entry');
      expect(Number(element.container_id)).toBe(NEWS);
      expect(Number(element.type_id)).toBe(ARTICLE);
      expect(new Date(element.post_date as string).toISOString()).toBe('2024-05-01T08:00:00.000Z');
      expect(new Date(element.date_created as string).getTime()).toBe(NOW);

      const rows = await siteRows(saved.id);
      expect(rows[EN]).toMatchObject({
        title: 'Hello World',
        slug: 'hello-world',
        uri: 'news/hello-world',
        enabled: true,
        fields: {
          summary: 'A first article',
          rating: 4.5,
          featured: true,
          body: '# Hello\n\nSome *markdown*.',
        },
      });
      expect(rows[DE]).toMatchObject({
        title: 'Hallo Welt',
        slug: 'hallo-welt',
        uri: 'news/hallo-welt',
        fields: { summary: 'Ein erster Artikel', rating: 4.5, featured: true },
      });
      expect(rows[EN].search_text).toContain('Hello World hello-world A first article');
      expect(rows[DE].search_text).toContain('Ein erster Artikel');
    });

    it('updates by uid, keeping the id and the values not given', async () => {
      const first = await writer.saveEntry(
        article('update-me', { fields: { rating: 3, summary: 'Before' } }),
      );
      const second = await writer.saveEntry(
        article('update-me', { uid: first.uid, title: 'Renamed', fields: { rating: 5 } }),
      );
      expect(second).toMatchObject({ id: first.id, uid: first.uid, created: false });
      const rows = await siteRows(first.id);
      expect(rows[EN]).toMatchObject({
        title: 'Renamed',
        slug: 'update-me',
        fields: { rating: 5, summary: 'Before' },
      });
    });

    it('refuses invalid values, naming every field at once, and writes nothing', async () => {
      const problems = await writeError(
        writer.saveEntry(
          article('invalid', {
            fields: { rating: 'lots', featured: 'yes', unknownThing: 1, summary: 42 },
            sites: new Map([[DE, { fields: { rating: 2 } }]]),
          }),
        ),
      );
      expect(problems).toEqual([
        'field "rating": expected a number, got "lots"',
        'field "featured": expected true or false, got "yes"',
        expect.stringMatching(
          /^unknown field "unknownThing" \(the fields of section "news", entry type "article": summary, body/,
        ),
        'field "summary": expected text, got 42',
        'site de: field "rating": not translatable, so it has no per-site values',
      ]);
      expect(await lookups.bySlug('entry', NEWS, 'invalid', EN)).toBeUndefined();
    });

    it('validates option, email, url, color, date and table values', async () => {
      const problems = await writeError(
        writer.saveEntry({
          ...page('Bad values'),
          fields: {
            layout: 'huge',
            audiences: ['developers', 'robots'],
            accentColor: 'red',
            specs: [{ label: 'Weight', value: 'heavy' }, { colour: 'x' }],
          },
        }),
      );
      expect(problems).toEqual([
        'field "layout": "huge" is not one of wide, narrow',
        'field "audiences": "robots" is not one of developers, editors, designers',
        'field "accentColor": "red" is not a hex color such as #ff0000',
        'field "specs": row 1, column "value": expected a number, got "heavy"',
      ]);
      const more = await writeError(
        writer.saveEntry({
          sectionId: 13,
          typeId: 131,
          title: 'About',
          fields: { contactEmail: 'not-an-email', eventDate: 'someday' },
        }),
      );
      expect(more).toEqual([
        'field "contactEmail": "not-an-email" is not a valid email address',
        'field "eventDate": expected a date, got "someday"',
      ]);
      const link = await writeError(
        writer.saveEntry({
          sectionId: NEWS,
          typeId: 102,
          title: 'A link',
          fields: { website: 'javascript:alert(1)' },
        }),
      );
      expect(link).toEqual([
        'field "website": "javascript:alert(1)" is not a valid URL (http, https, mailto or tel)',
      ]);
    });

    it('stores normalised option, color, date and table values, and option defaults', async () => {
      const saved = await writer.saveEntry({
        ...page('Values'),
        fields: {
          audiences: ['designers', 'developers', 'designers'],
          accentColor: '#ABC',
          specs: [
            { label: 'Weight', value: '2.5' },
            { col1: 'Height', col2: 10 },
          ],
        },
      });
      const rows = await siteRows(saved.id);
      expect(rows[EN].fields).toEqual({
        layout: 'narrow',
        audiences: ['developers', 'designers'],
        accentColor: '#aabbcc',
        specs: [
          { col1: 'Weight', col2: 2.5 },
          { col1: 'Height', col2: 10 },
        ],
      });
      expect(rows[EN].search_text).toContain(
        'Values values Weight Height Narrow Developers Designers',
      );
      const about = await writer.saveEntry({
        sectionId: 13,
        typeId: 131,
        title: 'About us',
        fields: { eventDate: '2025-06-01 10:00:00+02:00' },
      });
      expect((await siteRows(about.id))[EN].fields.eventDate).toBe('2025-06-01T08:00:00.000Z');
    });

    it('requires a title and names the site', async () => {
      expect(await writeError(writer.saveEntry({ sectionId: NEWS, typeId: ARTICLE }))).toEqual([
        'site en: title is required',
        'site de: title is required',
      ]);
    });

    it('makes URIs unique by suffixing the slug, as Craft does', async () => {
      const one = await writer.saveEntry(article('same', { title: 'Same' }));
      const two = await writer.saveEntry(article('same', { title: 'Same again' }));
      expect((await siteRows(one.id))[EN]).toMatchObject({ slug: 'same', uri: 'news/same' });
      expect((await siteRows(two.id))[EN]).toMatchObject({ slug: 'same-1', uri: 'news/same-1' });
    });

    it('keeps the one entry of a single: __home__ and a fixed URI', async () => {
      // The about single got its entry in an earlier test; the homepage has none yet.
      expect(await writer.ensureSingles(model)).toBe(1);
      expect(await writer.ensureSingles(model)).toBe(0);
      const home = await lookups.single(HOMEPAGE);
      const rows = await siteRows(home!.id);
      expect(rows[EN]).toMatchObject({ title: 'Homepage', slug: 'homepage', uri: '__home__' });
      const saved = await writer.saveEntry({
        sectionId: HOMEPAGE,
        typeId: 121,
        title: 'Welcome',
        fields: { featured: true },
      });
      expect(saved).toMatchObject({ id: home!.id, created: false });
      expect((await siteRows(home!.id))[DE]).toMatchObject({ title: 'Welcome', uri: '__home__' });
      const about = await lookups.single(13);
      expect((await siteRows(about!.id))[DE].uri).toBe('about');
      expect(
        await writeError(
          writer.saveEntry({
            sectionId: HOMEPAGE,
            typeId: 121,
            uid: 'another-home',
            title: 'Second',
          }),
        ),
      ).toEqual([`the single section "homepage" has its entry (${home!.uid})`]);
    });

    it('refuses a disabled site content outside the section and keeps per-site enabled flags', async () => {
      const saved = await writer.saveEntry(
        article('half-enabled', { enabled: true, sites: new Map([[DE, { enabled: false }]]) }),
      );
      const rows = await siteRows(saved.id);
      expect(rows[EN].enabled).toBe(true);
      expect(rows[DE].enabled).toBe(false);
      expect(
        await writeError(writer.saveEntry(article('x', { sites: new Map([[7, { title: 'x' }]]) }))),
      ).toEqual(['site 7: section "news", entry type "article" is not in this site']);
    });
  });

  describe('structures', () => {
    it('places entries as last children or roots, with nested-set positions and parent URIs', async () => {
      const about = await writer.saveEntry(page('About us'));
      const team = await writer.saveEntry(page('Team', about.id));
      const leadership = await writer.saveEntry(page('Leadership', team.id));
      const history = await writer.saveEntry(page('History', about.id));
      await writer.saveEntry(page('Services'));
      const contact = await writer.saveEntry(page('Contact'));
      expect(await nodes(PAGES)).toEqual([
        'values 1-2 L1 root=values',
        'about-us 3-10 L1 root=about-us',
        'team 4-7 L2 root=about-us',
        'leadership 5-6 L3 root=about-us',
        'history 8-9 L2 root=about-us',
        'services 11-12 L1 root=services',
        'contact 13-14 L1 root=contact',
      ]);
      expect((await siteRows(leadership.id))[DE].uri).toBe('about-us/team/leadership');
      expect((await siteRows(history.id))[EN].uri).toBe('about-us/history');
      expect((await siteRows(contact.id))[EN].uri).toBe('contact');

      // Too deep for maxLevels 3; a cycle.
      expect(await writeError(writer.saveEntry(page('Too deep', leadership.id)))).toEqual([
        'the structure allows 3 levels; this would put an element at level 4',
      ]);
      expect(
        await writeError(writer.saveEntry({ ...page('About us', team.id), uid: about.uid })),
      ).toEqual(['an element cannot be moved under itself or its descendants']);

      // Moving a subtree under another parent: positions shift, URIs of the subtree follow.
      await writer.saveEntry({ ...page('Team', contact.id), uid: team.uid });
      expect(await nodes(PAGES)).toEqual([
        'values 1-2 L1 root=values',
        'about-us 3-6 L1 root=about-us',
        'history 4-5 L2 root=about-us',
        'services 7-8 L1 root=services',
        'contact 9-14 L1 root=contact',
        'team 10-13 L2 root=contact',
        'leadership 11-12 L3 root=contact',
      ]);
      expect((await siteRows(leadership.id))[EN].uri).toBe('contact/team/leadership');

      // Back to the top level; a renamed slug renames the descendants' URIs.
      await writer.saveEntry({ ...page('Team', null), uid: team.uid, slug: 'our-team' });
      expect(await nodes(PAGES)).toEqual([
        'values 1-2 L1 root=values',
        'about-us 3-6 L1 root=about-us',
        'history 4-5 L2 root=about-us',
        'services 7-8 L1 root=services',
        'contact 9-10 L1 root=contact',
        'our-team 11-14 L1 root=our-team',
        'leadership 12-13 L2 root=our-team',
      ]);
      expect((await siteRows(leadership.id))[DE].uri).toBe('our-team/leadership');

      // Saving without a parent keeps the position.
      await writer.saveEntry({
        sectionId: PAGES,
        typeId: PAGE,
        uid: leadership.uid,
        title: 'Leaders',
      });
      expect((await nodes(PAGES))[6]).toBe('leadership 12-13 L2 root=our-team');
    });

    it('keeps categories in their group structure with the group URI format', async () => {
      const tech = await writer.saveCategory({ groupId: 30, title: 'Technology' });
      const ai = await writer.saveCategory({ groupId: 30, title: 'AI', parentId: tech.id });
      await writer.saveCategory({ groupId: 30, title: 'Culture' });
      expect(await nodes(30)).toEqual([
        'technology 1-4 L1 root=technology',
        'ai 2-3 L2 root=technology',
        'culture 5-6 L1 root=culture',
      ]);
      expect((await siteRows(ai.id))[EN].uri).toBe('topics/ai');
      expect(
        await writeError(writer.saveCategory({ groupId: 30, title: 'Deep', parentId: ai.id })),
      ).toEqual(['the structure allows 2 levels; this would put an element at level 3']);
      expect(
        await writeError(writer.saveEntry({ ...article('wrong-parent'), parentId: tech.id })),
      ).toEqual(['parent: section "news" is not a structure']);
    });
  });

  describe('relations and blocks', () => {
    it('replaces a relation field in the given order, validating kind, sources and limit', async () => {
      const a = await writer.saveEntry(article('rel-a'));
      const b = await writer.saveEntry(article('rel-b'));
      const c = await writer.saveEntry(article('rel-c'));
      const source = await writer.saveEntry(
        article('rel-source', { fields: { relatedArticles: [c.id, a.id, c.id, b.id] } }),
      );
      expect(await relations(source.id, 'relatedArticles')).toEqual([c.id, a.id, b.id]);
      await writer.saveEntry(
        article('rel-source', { uid: source.uid, fields: { relatedArticles: [b.id] } }),
      );
      expect(await relations(source.id, 'relatedArticles')).toEqual([b.id]);
      await writer.saveRelations(source.id, model.fields.handle('relatedArticles')!.id, [
        a.id,
        b.id,
      ]);
      expect(await relations(source.id, 'relatedArticles')).toEqual([a.id, b.id]);

      const aPage = await writer.saveEntry(page('Not news'));
      const tag = await writer.saveTag({ groupId: 40, title: 'Tagged' });
      const problems = await writeError(
        writer.saveEntry(
          article('rel-bad', {
            fields: { relatedArticles: [aPage.id, tag.id, 999999], heroImage: [1, 2] },
          }),
        ),
      );
      expect(problems).toEqual([
        `field "relatedArticles": element ${aPage.id} is not in the field's sources (news)`,
        `field "relatedArticles": element ${tag.id} is a tag, not an entry`,
        'field "relatedArticles": element 999999 does not exist',
        'field "heroImage": at most 1 related element allowed, got 2',
      ]);
    });

    it('writes per-site relations for translatable relation fields', async () => {
      const [ai, web] = [
        await writer.saveTag({ groupId: 40, title: 'ai' }),
        await writer.saveTag({ groupId: 40, title: 'web' }),
      ];
      const source = await writer.saveEntry(
        article('site-rel', {
          fields: { keywords: [ai.id, web.id] },
          sites: new Map([[DE, { fields: { keywords: [web.id] } }]]),
        }),
      );
      expect(await relations(source.id, 'keywords', EN)).toEqual([ai.id, web.id]);
      expect(await relations(source.id, 'keywords', DE)).toEqual([web.id]);
      expect(await relations(source.id, 'keywords', null)).toEqual([]);
      const keywords = model.fields.handle('keywords')!.id;
      await writer.saveRelations(source.id, keywords, [ai.id], DE);
      expect(await relations(source.id, 'keywords', DE)).toEqual([ai.id]);
      expect(await relations(source.id, 'keywords', EN)).toEqual([ai.id, web.id]);
      await expect(
        writer.saveRelations(source.id, model.fields.handle('relatedArticles')!.id, [], DE),
      ).rejects.toThrow('field "relatedArticles": not translatable, so it has no per-site values');
    });

    it('writes matrix blocks with their own values and relations, reusing them on update', async () => {
      const matrix = model.fields.handle('contentBlocks')!;
      const [text, quote, image] = matrix.blockTypes;
      const photo = await writer.saveAsset({
        volumeId: 20,
        folderPath: '',
        filename: 'block.png',
        sourceFile: await imageFile('block.png', 40, 30),
      });
      const saved = await writer.saveEntry(
        article('with-blocks', {
          fields: {
            contentBlocks: [
              { typeId: text.id, fields: { text: '<p>Intro <b>text</b></p>' } },
              {
                typeId: quote.id,
                fields: { quote: 'To be', attribution: 'W.S.' },
                sites: new Map([[DE, { fields: { quote: 'Sein' } }]]),
              },
              { typeId: image.id, fields: { image: [photo.id] } },
            ],
          },
        }),
      );
      const blocks = saved.blocks.get('contentBlocks')!;
      expect(blocks).toHaveLength(3);
      const rows = await rawRows<{
        id: number;
        owner_id: number;
        container_id: number;
        type_id: number;
        sort_order: number;
      }>(
        db,
        sql`SELECT id, owner_id, container_id, type_id, sort_order FROM content_elements
            WHERE kind = 'matrixblock' AND owner_id = ${saved.id} ORDER BY sort_order`,
      );
      expect(
        rows.map((r) => [
          Number(r.owner_id),
          Number(r.container_id),
          Number(r.type_id),
          r.sort_order,
        ]),
      ).toEqual([
        [saved.id, matrix.id, text.id, 1],
        [saved.id, matrix.id, quote.id, 2],
        [saved.id, matrix.id, image.id, 3],
      ]);
      expect((await siteRows(blocks[1].id))[DE].fields).toEqual({
        quote: 'Sein',
        attribution: 'W.S.',
      });
      expect((await siteRows(blocks[1].id))[EN].fields).toEqual({
        quote: 'To be',
        attribution: 'W.S.',
      });
      const imageField = image.fields[0];
      const blockRelations = await rawRows<{ target_id: number }>(
        db,
        sql`SELECT target_id FROM content_relations WHERE source_id = ${blocks[2].id} AND field_id = ${imageField.id}`,
      );
      expect(blockRelations.map((r) => Number(r.target_id))).toEqual([photo.id]);
      const owner = await siteRows(saved.id);
      expect(owner[EN].search_text).toContain('Intro text');
      expect(owner[DE].search_text).toContain('Sein');

      // Same types in the same places keep their ids; the rest go.
      const again = await writer.saveEntry(
        article('with-blocks', {
          uid: saved.uid,
          fields: {
            contentBlocks: [
              { typeId: text.id, fields: { text: '<p>New</p>' } },
              { typeId: image.id, fields: {} },
            ],
          },
        }),
      );
      const after = again.blocks.get('contentBlocks')!;
      expect(after[0].id).toBe(blocks[0].id);
      expect(after[1].id).not.toBe(blocks[2].id);
      const left = await rawRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM content_elements WHERE owner_id = ${saved.id}`,
      );
      expect(left[0].n).toBe(2);

      const bad = await writeError(
        writer.saveEntry(
          article('bad-blocks', {
            fields: { contentBlocks: [{ typeId: text.id, fields: { text: 5 } }] },
          }),
        ),
      );
      expect(bad).toEqual(['field "contentBlocks" block 1: field "text": expected text, got 5']);
    });
  });

  async function imageFile(name: string, width: number, height: number): Promise<string> {
    const path = join(dir, name);
    const image = sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
    await (name.endsWith('.png') ? image.png() : image.jpeg()).toFile(path);
    return path;
  }

  describe('assets', () => {
    it('copies the file into its folder and records size, kind, mime type and dimensions', async () => {
      const source = await imageFile('team_photo-2.jpg', 64, 48);
      const saved = await writer.saveAsset({
        volumeId: 20,
        folderPath: '/people/staff/',
        filename: 'team_photo-2.jpg',
        sourceFile: source,
        alt: 'The team',
        focalPoint: [0.25, 0.5],
      });
      const target = join(dir, 'volume', 'people', 'staff', 'team_photo-2.jpg');
      const size = (await stat(target)).size;
      const [asset] = await rawRows<Record<string, unknown>>(
        db,
        sql`SELECT a.filename, a.kind, a.mime_type, a.size, a.width, a.height, a.focal_x, a.focal_y,
              a.alt, f.path, p.path AS parent_path
            FROM content_assets a JOIN content_asset_folders f ON f.id = a.folder_id
            JOIN content_asset_folders p ON p.id = f.parent_id
            WHERE a.element_id = ${saved.id}`,
      );
      expect({ ...asset, size: Number(asset.size) }).toEqual({
        filename: 'team_photo-2.jpg',
        kind: 'image',
        mime_type: 'image/jpeg',
        size,
        width: 64,
        height: 48,
        focal_x: 0.25,
        focal_y: 0.5,
        alt: 'The team',
        path: 'people/staff/',
        parent_path: 'people/',
      });
      const folders = await rawRows<{ path: string }>(
        db,
        sql`SELECT path FROM content_asset_folders WHERE volume_id = 20 ORDER BY path`,
      );
      expect(folders.map((f) => f.path)).toEqual(['', 'people/', 'people/staff/']);
      const rows = await siteRows(saved.id);
      expect(rows[EN]).toMatchObject({ title: 'Team Photo 2', slug: null, uri: null });
      expect(rows[EN].search_text).toContain('team_photo-2.jpg');

      // The same folder and filename without a uid: the same asset, updated.
      const again = await writer.saveAsset({
        volumeId: 20,
        folderPath: 'people/staff',
        filename: 'team_photo-2.jpg',
        sourceFile: await imageFile('bigger.jpg', 80, 20),
        title: 'Our team',
      });
      expect(again).toMatchObject({ id: saved.id, created: false });
      const [updated] = await rawRows<{ width: number; height: number; alt: string }>(
        db,
        sql`SELECT width, height, alt FROM content_assets WHERE element_id = ${saved.id}`,
      );
      expect(updated).toEqual({ width: 80, height: 20, alt: 'The team' });
      expect((await siteRows(saved.id))[DE].title).toBe('Our team');
      expect(await lookups.asset(20, 'people/staff/', 'team_photo-2.jpg')).toEqual({
        id: saved.id,
        uid: saved.uid,
      });
    });

    it('refuses paths outside the volume and missing files', async () => {
      expect(
        await writeError(
          writer.saveAsset({ volumeId: 20, folderPath: '../up', filename: 'x.jpg' }),
        ),
      ).toEqual([
        'folder "../up": segments may not be "." or "..", contain "\\" or start with "_" (transform folders)',
      ]);
      const missing = await writeError(
        writer.saveAsset({ volumeId: 20, folderPath: '', filename: 'nothing.jpg' }),
      );
      expect(missing[0]).toMatch(/^file: .*nothing\.jpg does not exist$/);
    });
  });

  describe('users, global sets', () => {
    it('creates identity users with their user element and group memberships', async () => {
      const saved = await writer.saveUser({
        username: 'alice',
        email: 'alice@example.com',
        fullName: 'Alice Archer',
        groupIds: [60],
      });
      expect(saved.created).toBe(true);
      const [user] = await rawRows<{
        login: string;
        name: string;
        element_id: number;
        groups: number[];
      }>(
        db,
        sql`SELECT u.login, u.name, e.id AS element_id,
              (SELECT array_agg(group_id) FROM content_user_group_members m WHERE m.user_id = u.id) AS groups
            FROM users u JOIN content_elements e ON e.user_id = u.id WHERE u.login = 'alice'`,
      );
      expect({
        ...user,
        element_id: Number(user.element_id),
        groups: user.groups.map(Number),
      }).toEqual({
        login: 'alice',
        name: 'Alice Archer',
        element_id: saved.id,
        groups: [60],
      });
      expect(Object.keys(await siteRows(saved.id))).toEqual(['1', '2']);
      const again = await writer.saveUser({
        username: 'Alice',
        email: 'alice@example.com',
        groupIds: [60, 61],
      });
      expect(again).toMatchObject({ id: saved.id, created: false });
      expect(await lookups.user('ALICE')).toEqual({ id: saved.id, uid: saved.uid });

      const bob = await writer.saveUser({
        username: 'bob',
        email: 'bob@example.com',
        groupIds: [61],
      });
      // reviewers only takes editors.
      const problems = await writeError(
        writer.saveEntry(article('reviewed', { fields: { reviewers: [saved.id, bob.id] } })),
      );
      expect(problems).toEqual([
        `field "reviewers": element ${bob.id} is not in the field's sources (editors)`,
      ]);
      const reviewed = await writer.saveEntry(
        article('reviewed', { authorId: bob.id, fields: { reviewers: [saved.id] } }),
      );
      expect(await relations(reviewed.id, 'reviewers')).toEqual([saved.id]);
      expect(
        await writeError(writer.saveEntry(article('bad-author', { authorId: reviewed.id }))),
      ).toEqual([`author: element ${reviewed.id} is not a user`]);
      expect(
        await writeError(writer.saveUser({ username: 'carol', email: 'ALICE@example.com' })),
      ).toEqual(['user "carol": another user has this email address']);
    });

    it('gives users made elsewhere their site rows', async () => {
      await rawRows(
        db,
        sql`INSERT INTO users (uid, login, email, name, org_id) VALUES ('dave-uid', 'dave', 'dave@example.com', 'Dave', 1) RETURNING id`,
      );
      expect(await writer.ensureUserSites(model)).toBe(2);
      expect(await writer.ensureUserSites(model)).toBe(0);
      const dave = await lookups.user('dave');
      expect((await siteRows(dave!.id))[EN].search_text).toBe('dave Dave dave@example.com');
    });

    it('keeps exactly one element per global set and writes its values per site', async () => {
      expect(await writer.ensureGlobalSets(model)).toBe(1);
      expect(await writer.ensureGlobalSets(model)).toBe(0);
      const saved = await writer.saveGlobalSet({
        globalSetId: 50,
        fields: { copyright: '© 2025 Demo', contactEmail: 'hello@example.com' },
        sites: new Map([[DE, { fields: { copyright: '© 2025 Demo GmbH' } }]]),
      });
      expect(saved).toMatchObject({ uid: 'globalset-siteinfo', created: false });
      const rows = await siteRows(saved.id);
      expect(rows[EN]).toMatchObject({
        title: 'Site information',
        fields: { copyright: '© 2025 Demo', contactEmail: 'hello@example.com' },
      });
      expect(rows[DE].fields).toEqual({
        copyright: '© 2025 Demo GmbH',
        contactEmail: 'hello@example.com',
      });
      const count = await rawRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM content_elements WHERE kind = 'globalset'`,
      );
      expect(count[0].n).toBe(1);
    });
  });
});
