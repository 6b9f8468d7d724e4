import { sql } from 'drizzle-orm';
import { rawRows } from '../../../infra/database/raw-rows';

import {
  article,
  DE,
  EN,
  h,
  nodes,
  page,
  PAGE,
  PAGES,
  relations,
  siteRows,
  writeError,
  writerSuite,
  imageFile,
} from './writer-harness.fixtures';

writerSuite(() => {
  describe('structures', () => {
    // The structure's first root, as the entries tests (element-writer.spec.ts) leave it.
    beforeAll(() => h.writer.saveEntry(page('Values')));

    it('places entries as last children or roots, with nested-set positions and parent URIs', async () => {
      const about = await h.writer.saveEntry(page('About us'));
      const team = await h.writer.saveEntry(page('Team', about.id));
      const leadership = await h.writer.saveEntry(page('Leadership', team.id));
      const history = await h.writer.saveEntry(page('History', about.id));
      await h.writer.saveEntry(page('Services'));
      const contact = await h.writer.saveEntry(page('Contact'));
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
      expect(await writeError(h.writer.saveEntry(page('Too deep', leadership.id)))).toEqual([
        'the structure allows 3 levels; this would put an element at level 4',
      ]);
      expect(
        await writeError(h.writer.saveEntry({ ...page('About us', team.id), uid: about.uid })),
      ).toEqual(['an element cannot be moved under itself or its descendants']);

      // Moving a subtree under another parent: positions shift, URIs of the subtree follow.
      await h.writer.saveEntry({ ...page('Team', contact.id), uid: team.uid });
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
      await h.writer.saveEntry({ ...page('Team', null), uid: team.uid, slug: 'our-team' });
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
      await h.writer.saveEntry({
        sectionId: PAGES,
        typeId: PAGE,
        uid: leadership.uid,
        title: 'Leaders',
      });
      expect((await nodes(PAGES))[6]).toBe('leadership 12-13 L2 root=our-team');
    });

    it('keeps categories in their group structure with the group URI format', async () => {
      const tech = await h.writer.saveCategory({ groupId: 30, title: 'Technology' });
      const ai = await h.writer.saveCategory({ groupId: 30, title: 'AI', parentId: tech.id });
      await h.writer.saveCategory({ groupId: 30, title: 'Culture' });
      expect(await nodes(30)).toEqual([
        'technology 1-4 L1 root=technology',
        'ai 2-3 L2 root=technology',
        'culture 5-6 L1 root=culture',
      ]);
      expect((await siteRows(ai.id))[EN].uri).toBe('topics/ai');
      expect(
        await writeError(h.writer.saveCategory({ groupId: 30, title: 'Deep', parentId: ai.id })),
      ).toEqual(['the structure allows 2 levels; this would put an element at level 3']);
      expect(
        await writeError(h.writer.saveEntry({ ...article('wrong-parent'), parentId: tech.id })),
      ).toEqual(['parent: section "news" is not a structure']);
    });

    it('saves new structure entries in a batch where saving them one by one places them', async () => {
      const idOf = async (slug: string) => {
        const [row] = await rawRows<{ element_id: number | string }>(
          h.db,
          sql`SELECT element_id FROM content_element_sites WHERE slug = ${slug} AND site_id = ${EN}`,
        );
        return Number(row.element_id);
      };
      const saved = await h.writer.saveNewEntries([
        // Under a stored parent in the middle: what follows it moves up.
        page('Careers', await idOf('about-us')),
        { ...page('Jobs'), parentId: undefined, parentInBatch: 0 },
        page('Archive', await idOf('history')),
        page('Press'),
        { ...page('Releases'), parentId: undefined, parentInBatch: 3 },
        // Level 4: the batch stops before it (the single save reports it).
        { ...page('Too deep'), parentId: undefined, parentInBatch: 1 },
        page('Never'),
      ]);
      expect(saved).toHaveLength(5);
      expect(await nodes(PAGES)).toEqual([
        'values 1-2 L1 root=values',
        'about-us 3-12 L1 root=about-us',
        'history 4-7 L2 root=about-us',
        'archive 5-6 L3 root=about-us',
        'careers 8-11 L2 root=about-us',
        'jobs 9-10 L3 root=about-us',
        'services 13-14 L1 root=services',
        'contact 15-16 L1 root=contact',
        'our-team 17-20 L1 root=our-team',
        'leadership 18-19 L2 root=our-team',
        'press 21-24 L1 root=press',
        'releases 22-23 L2 root=press',
      ]);
      expect((await siteRows(saved[1].id))[DE].uri).toBe('about-us/careers/jobs');
      expect((await siteRows(saved[2].id))[EN].uri).toBe('about-us/history/archive');
      expect((await siteRows(saved[4].id))[EN].uri).toBe('press/releases');
    });
  });

  describe('relations and blocks', () => {
    it('replaces a relation field in the given order, validating kind, sources and limit', async () => {
      const a = await h.writer.saveEntry(article('rel-a'));
      const b = await h.writer.saveEntry(article('rel-b'));
      const c = await h.writer.saveEntry(article('rel-c'));
      const source = await h.writer.saveEntry(
        article('rel-source', { fields: { relatedArticles: [c.id, a.id, c.id, b.id] } }),
      );
      expect(await relations(source.id, 'relatedArticles')).toEqual([c.id, a.id, b.id]);
      await h.writer.saveEntry(
        article('rel-source', { uid: source.uid, fields: { relatedArticles: [b.id] } }),
      );
      expect(await relations(source.id, 'relatedArticles')).toEqual([b.id]);
      await h.writer.saveRelations(source.id, h.model.fields.handle('relatedArticles')!.id, [
        a.id,
        b.id,
      ]);
      expect(await relations(source.id, 'relatedArticles')).toEqual([a.id, b.id]);

      const aPage = await h.writer.saveEntry(page('Not news'));
      const tag = await h.writer.saveTag({ groupId: 40, title: 'Tagged' });
      const problems = await writeError(
        h.writer.saveEntry(
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

    it("keeps each relation row's source post date in step with its entry, on every write", async () => {
      // Lists of one site sort an intersection by these dates (relation-sql.ts): a stale one
      // is a wrong order.
      const datesOf = async (sourceId: number) => {
        const rows = await rawRows<{ source_post_date: Date | string | null }>(
          h.db,
          sql`SELECT source_post_date FROM content_relations WHERE source_id = ${sourceId}`,
        );
        return rows.map((row) =>
          row.source_post_date === null ? null : new Date(row.source_post_date).toISOString(),
        );
      };
      const [first, second, third] = [
        '2021-01-01T00:00:00.000Z',
        '2022-02-02T00:00:00.000Z',
        '2023-03-03T00:00:00.000Z',
      ];
      const a = await h.writer.saveEntry(article('dated-a'));
      const b = await h.writer.saveEntry(article('dated-b'));
      const related = { relatedArticles: [a.id, b.id] };
      const source = await h.writer.saveEntry(
        article('dated-source', { postDate: new Date(first), fields: related }),
      );
      expect(await datesOf(source.id)).toEqual([first, first]);

      // The date changes, the relations do not.
      await h.writer.saveEntry(
        article('dated-source', { uid: source.uid, postDate: new Date(second) }),
      );
      expect(await datesOf(source.id)).toEqual([second, second]);

      await h.writer.saveRelations(source.id, h.model.fields.handle('relatedArticles')!.id, [b.id]);
      expect(await datesOf(source.id)).toEqual([second]);

      // The import's path: a new entry saved without its relations, then a batch of them.
      const batched = await h.writer.saveEntry(
        article('dated-batch', { postDate: new Date(third) }),
      );
      const fieldId = h.model.fields.handle('relatedArticles')!.id;
      expect(
        await h.writer.saveRelationBatch([
          { sourceId: batched.id, fieldId, targetIds: [a.id, b.id], fresh: true },
        ]),
      ).toEqual([[]]);
      expect(await datesOf(batched.id)).toEqual([third, third]);

      const stale = await rawRows<{ count: number | string }>(
        h.db,
        sql`SELECT count(*) AS count FROM content_relations r
            JOIN content_elements e ON e.id = r.source_id
            WHERE r.source_post_date IS DISTINCT FROM e.post_date`,
      );
      expect(Number(stale[0].count)).toBe(0);
    });

    it('writes per-site relations for translatable relation fields', async () => {
      const [ai, web] = [
        await h.writer.saveTag({ groupId: 40, title: 'ai' }),
        await h.writer.saveTag({ groupId: 40, title: 'web' }),
      ];
      const source = await h.writer.saveEntry(
        article('site-rel', {
          fields: { keywords: [ai.id, web.id] },
          sites: new Map([[DE, { fields: { keywords: [web.id] } }]]),
        }),
      );
      expect(await relations(source.id, 'keywords', EN)).toEqual([ai.id, web.id]);
      expect(await relations(source.id, 'keywords', DE)).toEqual([web.id]);
      expect(await relations(source.id, 'keywords', null)).toEqual([]);
      const keywords = h.model.fields.handle('keywords')!.id;
      await h.writer.saveRelations(source.id, keywords, [ai.id], DE);
      expect(await relations(source.id, 'keywords', DE)).toEqual([ai.id]);
      expect(await relations(source.id, 'keywords', EN)).toEqual([ai.id, web.id]);
      await expect(
        h.writer.saveRelations(source.id, h.model.fields.handle('relatedArticles')!.id, [], DE),
      ).rejects.toThrow('field "relatedArticles": not translatable, so it has no per-site values');
    });

    it('writes matrix blocks with their own values and relations, reusing them on update', async () => {
      const matrix = h.model.fields.handle('contentBlocks')!;
      const [text, quote, image] = matrix.blockTypes;
      const photo = await h.writer.saveAsset({
        volumeId: 20,
        folderPath: '',
        filename: 'block.png',
        sourceFile: await imageFile('block.png', 40, 30),
      });
      const saved = await h.writer.saveEntry(
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
        h.db,
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
        h.db,
        sql`SELECT target_id FROM content_relations WHERE source_id = ${blocks[2].id} AND field_id = ${imageField.id}`,
      );
      expect(blockRelations.map((r) => Number(r.target_id))).toEqual([photo.id]);
      const owner = await siteRows(saved.id);
      expect(owner[EN].search_text).toContain('Intro text');
      expect(owner[DE].search_text).toContain('Sein');

      // Same types in the same places keep their ids; the rest go.
      const again = await h.writer.saveEntry(
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
        h.db,
        sql`SELECT count(*)::int AS n FROM content_elements WHERE owner_id = ${saved.id}`,
      );
      expect(left[0].n).toBe(2);

      const bad = await writeError(
        h.writer.saveEntry(
          article('bad-blocks', {
            fields: { contentBlocks: [{ typeId: text.id, fields: { text: 5 } }] },
          }),
        ),
      );
      expect(bad).toEqual(['field "contentBlocks" block 1: field "text": expected text, got 5']);
    });
  });
});
