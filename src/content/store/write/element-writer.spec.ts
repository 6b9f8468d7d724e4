import { sql } from 'drizzle-orm';
import { rawRows } from '../../../infra/database/raw-rows';

import {
  ARTICLE,
  article,
  DE,
  EN,
  h,
  HOMEPAGE,
  NOW,
  page,
  NEWS,
  siteRows,
  writeError,
  writerSuite,
} from './writer-harness.fixtures';

writerSuite(() => {
  describe('entries', () => {
    it('writes the element, per-site rows, URIs, typed field values and search text', async () => {
      const saved = await h.writer.saveEntry(
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
        h.db,
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
      const first = await h.writer.saveEntry(
        article('update-me', { fields: { rating: 3, summary: 'Before' } }),
      );
      const second = await h.writer.saveEntry(
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
        h.writer.saveEntry(
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
      expect(await h.lookups.bySlug('entry', NEWS, 'invalid', EN)).toBeUndefined();
    });

    it('validates option, email, url, color, date and table values', async () => {
      const problems = await writeError(
        h.writer.saveEntry({
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
        h.writer.saveEntry({
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
        h.writer.saveEntry({
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
      const saved = await h.writer.saveEntry({
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
      const about = await h.writer.saveEntry({
        sectionId: 13,
        typeId: 131,
        title: 'About us',
        fields: { eventDate: '2025-06-01 10:00:00+02:00' },
      });
      expect((await siteRows(about.id))[EN].fields.eventDate).toBe('2025-06-01T08:00:00.000Z');
    });

    it('requires a title and names the site', async () => {
      expect(await writeError(h.writer.saveEntry({ sectionId: NEWS, typeId: ARTICLE }))).toEqual([
        'site en: title is required',
        'site de: title is required',
      ]);
    });

    it('makes URIs unique by suffixing the slug, as Craft does', async () => {
      const one = await h.writer.saveEntry(article('same', { title: 'Same' }));
      const two = await h.writer.saveEntry(article('same', { title: 'Same again' }));
      expect((await siteRows(one.id))[EN]).toMatchObject({ slug: 'same', uri: 'news/same' });
      expect((await siteRows(two.id))[EN]).toMatchObject({ slug: 'same-1', uri: 'news/same-1' });
    });

    it('keeps the one entry of a single: __home__ and a fixed URI', async () => {
      // The about single got its entry in an earlier test; the homepage has none yet.
      expect(await h.writer.ensureSingles(h.model)).toBe(1);
      expect(await h.writer.ensureSingles(h.model)).toBe(0);
      const home = await h.lookups.single(HOMEPAGE);
      const rows = await siteRows(home!.id);
      expect(rows[EN]).toMatchObject({ title: 'Homepage', slug: 'homepage', uri: '__home__' });
      const saved = await h.writer.saveEntry({
        sectionId: HOMEPAGE,
        typeId: 121,
        title: 'Welcome',
        fields: { featured: true },
      });
      expect(saved).toMatchObject({ id: home!.id, created: false });
      expect((await siteRows(home!.id))[DE]).toMatchObject({ title: 'Welcome', uri: '__home__' });
      const about = await h.lookups.single(13);
      expect((await siteRows(about!.id))[DE].uri).toBe('about');
      expect(
        await writeError(
          h.writer.saveEntry({
            sectionId: HOMEPAGE,
            typeId: 121,
            uid: 'another-home',
            title: 'Second',
          }),
        ),
      ).toEqual([`the single section "homepage" has its entry (${home!.uid})`]);
    });

    it('refuses a disabled site content outside the section and keeps per-site enabled flags', async () => {
      const saved = await h.writer.saveEntry(
        article('half-enabled', { enabled: true, sites: new Map([[DE, { enabled: false }]]) }),
      );
      const rows = await siteRows(saved.id);
      expect(rows[EN].enabled).toBe(true);
      expect(rows[DE].enabled).toBe(false);
      expect(
        await writeError(
          h.writer.saveEntry(article('x', { sites: new Map([[7, { title: 'x' }]]) })),
        ),
      ).toEqual(['site 7: section "news", entry type "article" is not in this site']);
    });
  });
});
