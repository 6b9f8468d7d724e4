import { sql } from 'drizzle-orm';
import type { ElementCriteria, Param } from '../../element-criteria';
import { E, FIELD, GROUP, SECTION, SITE, VOLUME } from '../elements.fixtures';

import { ids, byKey, news, pages, LIVE_NEWS, type StoreSuiteContext } from './helpers.fixtures';

/** The element store suite: relations, structures and query counts (the kinds: element-kinds.suite.ts). */
export function relationSuites(ctx: StoreSuiteContext): void {
  describe('relations', () => {
    it('narrows relations to those made in some sites (Craft 5 relatedViaSite)', async () => {
      const via = (element: number, sourceSiteIds: number[], siteIds: number[] = [SITE.en]) =>
        news({
          siteIds,
          relatedTo: { operator: 'or', conditions: [{ element: [element], sourceSiteIds }] },
        });
      // heroImage is translatable: hello → hero was made in en, hello → photo in de.
      expect(ids(await ctx.store.find(via(E.hero, [SITE.en])))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(via(E.hero, [SITE.de])))).toEqual([]);
      expect(ids(await ctx.store.find(via(E.photo, [SITE.de], [SITE.de])))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(via(E.photo, [SITE.en], [SITE.de])))).toEqual([]);
      // relatedArticles is not: its relations hold in every site, whichever are named.
      expect(ids(await ctx.store.find(via(E.second, [SITE.de])))).toEqual([E.hello]);
    });

    it('keeps a relation to its site in intersections and relation field filters', async () => {
      // hello → hero (heroImage) holds in en only, hello → photo in de only; hello → second
      // (relatedArticles, not translatable) in both. One site reads relations as id sets, several
      // test them row by row: both must agree.
      const both = (a: number, b: number, siteIds: number[]) =>
        news({
          siteIds,
          relatedTo: { operator: 'and', conditions: [{ element: [a] }, { element: [b] }] },
        });
      expect(ids(await ctx.store.find(both(E.hero, E.second, [SITE.en])))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(both(E.hero, E.second, [SITE.de])))).toEqual([]);
      expect(ids(await ctx.store.find(both(E.photo, E.second, [SITE.de])))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(both(E.photo, E.second, [SITE.en])))).toEqual([]);
      expect(ids(await ctx.store.find(both(E.hero, E.photo, [SITE.en])))).toEqual([]);
      const twoSites = await ctx.store.find(both(E.hero, E.second, [SITE.en, SITE.de]));
      expect(twoSites.map((row) => [row.id, row.siteId])).toEqual([[E.hello, SITE.en]]);
      const excluded = news({
        siteIds: [SITE.de],
        notRelatedTo: {
          operator: 'and',
          conditions: [{ element: [E.photo] }, { element: [E.second] }],
        },
      });
      expect(ids(await ctx.store.find(excluded))).not.toContain(E.hello);
      const hero = (target: number, siteIds: number[]) =>
        news({
          siteIds,
          fields: [{ fieldHandle: 'heroImage', fieldType: 'assets', param: target }],
        });
      expect(ids(await ctx.store.find(hero(E.hero, [SITE.en])))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(hero(E.hero, [SITE.de])))).toEqual([]);
      expect(ids(await ctx.store.find(hero(E.photo, [SITE.de])))).toEqual([E.hello]);
      const heroInBoth = await ctx.store.find(hero(E.photo, [SITE.en, SITE.de]));
      expect(heroInBoth.map((row) => [row.id, row.siteId])).toEqual([[E.hello, SITE.de]]);
      // A field filter with a relatedTo: in one site one intersection of both sets.
      const heroAndRelated = (target: Param, related: number, siteIds: number[]) =>
        news({
          siteIds,
          fields: [{ fieldHandle: 'heroImage', fieldType: 'assets', param: target }],
          relatedTo: { operator: 'or', conditions: [{ element: [related] }] },
        });
      const found = async (criteria: ElementCriteria) =>
        (await ctx.store.find(criteria)).map((row) => [row.id, row.siteId]);
      expect(await found(heroAndRelated(E.hero, E.second, [SITE.en]))).toEqual([
        [E.hello, SITE.en],
      ]);
      expect(await found(heroAndRelated(E.hero, E.second, [SITE.de]))).toEqual([]);
      expect(await found(heroAndRelated(E.photo, E.second, [SITE.de]))).toEqual([
        [E.hello, SITE.de],
      ]);
      expect(await found(heroAndRelated([E.hero, E.photo], E.second, [SITE.de]))).toEqual([
        [E.hello, SITE.de],
      ]);
      expect(await found(heroAndRelated(['and', E.hero, E.photo], E.second, [SITE.en]))).toEqual(
        [],
      );
      // hello → photo holds in de only, so not as a relatedTo in en either.
      expect(await found(heroAndRelated(E.hero, E.photo, [SITE.en]))).toEqual([]);
      expect(await found(heroAndRelated(E.photo, E.second, [SITE.en, SITE.de]))).toEqual([
        [E.hello, SITE.de],
      ]);
      expect(await found(heroAndRelated(`not ${E.hero}`, E.second, [SITE.en]))).toEqual([]);
      expect(await found(heroAndRelated(`not ${E.hero}`, E.second, [SITE.de]))).toEqual([
        [E.hello, SITE.de],
      ]);
    });

    it('finds elements related in either direction, by field, and with and/or', async () => {
      const related = (conditions: ElementCriteria['relatedTo']) => news({ relatedTo: conditions });
      expect(
        ids(await ctx.store.find(related({ operator: 'or', conditions: [{ element: [E.ai] }] }))),
      ).toEqual([E.hello]);
      expect(
        ids(
          await ctx.store.find(related({ operator: 'or', conditions: [{ element: [E.hello] }] })),
        ),
      ).toEqual([E.second]);
      expect(
        ids(
          await ctx.store.find(
            related({ operator: 'or', conditions: [{ sourceElement: [E.hello] }] }),
          ),
        ),
      ).toEqual([E.second]);
      expect(
        ids(
          await ctx.store.find(
            related({
              operator: 'and',
              conditions: [{ element: [E.ai] }, { element: [E.second] }],
            }),
          ),
        ),
      ).toEqual([E.hello]);
      expect(
        ids(
          await ctx.store.find(
            related({
              operator: 'or',
              conditions: [{ element: [E.web] }, { element: [E.ai] }],
            }),
          ),
        ),
      ).toEqual([E.second, E.hello]);
      expect(
        ids(
          await ctx.store.find(
            related({
              operator: 'or',
              conditions: [{ element: [E.ai, E.web], fieldIds: [FIELD.relatedArticles] }],
            }),
          ),
        ),
      ).toEqual([]);
      expect(
        await ctx.store.find(related({ operator: 'or', conditions: [{ element: [] }] })),
      ).toEqual([]);
      expect(
        ids(
          await ctx.store.find(
            news({ notRelatedTo: { operator: 'or', conditions: [{ element: [E.ai] }] } }),
          ),
        ),
      ).toEqual([E.link, E.second, E.disabledInDe]);
      const categories = await ctx.store.find({
        kind: 'category',
        siteIds: [SITE.en],
        containerIds: [GROUP.topics],
        relatedTo: {
          operator: 'or',
          conditions: [{ targetElement: [] }, { sourceElement: [E.hello] }],
        },
      });
      expect(ids(categories)).toEqual([E.technology, E.ai]);
    });

    it('orders and pages an intersection after its site rows filter it', async () => {
      // disabledInDe (newer) and hello both point at culture and alpha; link at culture only.
      // One site reads the intersection's elements sorted before their site rows are joined:
      // a match disabled in the site must still be skipped, not fill the limit.
      const added: [number, number][] = [
        [E.disabledInDe, E.culture],
        [E.disabledInDe, E.alpha],
        [E.hello, E.culture],
        [E.hello, E.alpha],
        [E.link, E.culture],
      ];
      for (const [source, target] of added) {
        await ctx.db
          .execute(sql`INSERT INTO content_relations (field_id, source_id, source_site_id, target_id, sort_order, source_post_date)
          VALUES (${FIELD.newsCategories}, ${source}, NULL, ${target}, 9, (SELECT post_date FROM content_elements WHERE id = ${source}))`);
      }
      try {
        const both = (siteIds: number[], more: Partial<ElementCriteria> = {}) =>
          news({
            siteIds,
            relatedTo: {
              operator: 'and',
              conditions: [{ element: [E.culture] }, { element: [E.alpha] }],
            },
            ...more,
          });
        const found = async (criteria: ElementCriteria) => ids(await ctx.store.find(criteria));
        expect(await found(both([SITE.en]))).toEqual([E.disabledInDe, E.hello]);
        expect(await found(both([SITE.en], { limit: 1 }))).toEqual([E.disabledInDe]);
        expect(await found(both([SITE.de], { limit: 1 }))).toEqual([E.hello]);
        expect(await found(both([SITE.en], { offset: 1, limit: 1 }))).toEqual([E.hello]);
        expect(await found(both([SITE.en], { inReverse: true, limit: 1 }))).toEqual([E.hello]);
        expect(await found(both([SITE.en], { orderBy: 'postDate asc', limit: 1 }))).toEqual([
          E.hello,
        ]);
        expect(await found(both([SITE.en], { orderBy: 'title desc' }))).toEqual([
          E.hello,
          E.disabledInDe,
        ]);
        expect(
          await found(both([SITE.en], { id: [E.hello, E.disabledInDe], fixedOrder: true })),
        ).toEqual([E.hello, E.disabledInDe]);
        expect(await ctx.store.count(both([SITE.de], { limit: 1 }))).toBe(1);
        // A condition naming several ids is one set of either (second points at web, not alpha).
        const either = news({
          siteIds: [SITE.en],
          relatedTo: {
            operator: 'and',
            conditions: [{ element: [E.web, E.culture] }, { element: [E.alpha, E.second] }],
          },
        });
        expect(await found(either)).toEqual([E.disabledInDe, E.hello]);
        const filtered = news({
          siteIds: [SITE.de],
          limit: 1,
          fields: [
            {
              fieldHandle: 'newsCategories',
              fieldType: 'categories',
              param: ['and', E.culture, E.alpha],
            },
          ],
        });
        expect(await found(filtered)).toEqual([E.hello]);
      } finally {
        await ctx.db.execute(
          sql`DELETE FROM content_relations WHERE field_id = ${FIELD.newsCategories} AND sort_order = 9`,
        );
      }
    });

    it('holds per-site relations only in their site', async () => {
      const pointsAtHero = (siteId: number) =>
        news({
          siteIds: [siteId],
          relatedTo: { operator: 'or', conditions: [{ targetElement: [E.hero] }] },
        });
      expect(ids(await ctx.store.find(pointsAtHero(SITE.en)))).toEqual([E.hello]);
      expect(await ctx.store.find(pointsAtHero(SITE.de))).toEqual([]);
    });

    it('loads the targets of many sources in one query, in relation order, paged per source', async () => {
      const before = ctx.queries();
      const live = news({ siteIds: [SITE.en] });
      const related = await ctx.store.findRelated(
        FIELD.relatedArticles,
        [E.hello, E.second, E.link],
        SITE.en,
        live,
      );
      expect(byKey(related)).toEqual({ [E.hello]: [E.second], [E.second]: [E.hello] });
      expect(ctx.queries()).toBe(before + 1);
      const topics = {
        kind: 'category' as const,
        siteIds: [SITE.en],
        containerIds: [GROUP.topics],
      };
      expect(
        byKey(
          await ctx.store.findRelated(FIELD.newsCategories, [E.hello, E.second], SITE.en, topics),
        ),
      ).toEqual({ [E.hello]: [E.ai, E.technology], [E.second]: [E.web] });
      expect(
        byKey(
          await ctx.store.findRelated(FIELD.newsCategories, [E.hello, E.second], SITE.en, {
            ...topics,
            limit: 1,
            offset: 1,
          }),
        ),
      ).toEqual({ [E.hello]: [E.technology] });
      expect(
        byKey(
          await ctx.store.findRelated(FIELD.newsCategories, [E.hello], SITE.en, {
            ...topics,
            orderBy: 'title desc',
          }),
        ),
      ).toEqual({ [E.hello]: [E.technology, E.ai] });
      const images = { kind: 'asset' as const, siteIds: [SITE.de], containerIds: [VOLUME.images] };
      expect(
        byKey(await ctx.store.findRelated(FIELD.heroImage, [E.hello], SITE.de, images)),
      ).toEqual({
        [E.hello]: [E.photo],
      });
      const people = { kind: 'user' as const, siteIds: [SITE.en] };
      expect(
        byKey(await ctx.store.findRelated(FIELD.reviewers, [E.hello], SITE.en, people)),
      ).toEqual({
        [E.hello]: [ctx.users.alice],
      });
      expect(
        byKey(
          await ctx.store.findRelated(FIELD.reviewers, [E.hello], SITE.en, {
            ...people,
            status: null,
          }),
        ),
      ).toEqual({ [E.hello]: [ctx.users.alice, ctx.users.carol] });
    });

    it('counts targets per source', async () => {
      const before = ctx.queries();
      const counts = await ctx.store.countRelated(
        FIELD.relatedArticles,
        [E.hello, E.second, E.link],
        SITE.en,
      );
      expect(counts).toEqual(
        new Map([
          [E.hello, 1],
          [E.second, 1],
          [E.link, 0],
        ]),
      );
      expect(ctx.queries()).toBe(before + 1);
      expect(
        await ctx.store.countRelated(
          FIELD.relatedArticles,
          [E.hello],
          SITE.en,
          news({ status: null }),
        ),
      ).toEqual(new Map([[E.hello, 2]]));
      expect(await ctx.store.countRelated(FIELD.reviewers, [E.hello], SITE.en)).toEqual(
        new Map([[E.hello, 1]]),
      );
      expect(await ctx.store.countRelated(FIELD.heroImage, [E.hello], SITE.de)).toEqual(
        new Map([[E.hello, 1]]),
      );
    });
  });

  describe('structures', () => {
    const pageIds = async (extra: Partial<ElementCriteria>) =>
      ids(await ctx.store.find(pages(extra)));

    it('lists a structure section in structure order, a mix of sections newest first', async () => {
      expect(await pageIds({})).toEqual([E.about, E.team, E.leadership, E.services, E.contact]);
      const mixed = await ctx.store.find(news({ containerIds: [SECTION.news, SECTION.pages] }));
      expect(ids(mixed).slice(0, 4)).toEqual(LIVE_NEWS);
      const [about] = await ctx.store.find(pages({ id: E.about }));
      expect(about.structure).toEqual({
        structureId: SECTION.pages,
        lft: 1,
        rgt: 6,
        level: 1,
        root: E.about,
      });
    });

    it('takes every structure argument', async () => {
      expect(await pageIds({ descendantOf: E.about })).toEqual([E.team, E.leadership]);
      expect(await pageIds({ descendantOf: E.about, descendantDist: 1 })).toEqual([E.team]);
      expect(await pageIds({ ancestorOf: E.leadership })).toEqual([E.about, E.team]);
      expect(await pageIds({ ancestorOf: E.leadership, ancestorDist: 1 })).toEqual([E.team]);
      expect(await pageIds({ level: 1 })).toEqual([E.about, E.services, E.contact]);
      expect(await pageIds({ level: '>= 2' })).toEqual([E.team, E.leadership]);
      expect(await pageIds({ level: '> -2147483649' })).toEqual(await pageIds({}));
      expect(await pageIds({ leaves: true })).toEqual([E.leadership, E.services, E.contact]);
      expect(await pageIds({ hasDescendants: true })).toEqual([E.about, E.team]);
      expect(await pageIds({ hasDescendants: false })).toEqual([
        E.leadership,
        E.services,
        E.contact,
      ]);
      expect(await pageIds({ nextSiblingOf: E.about })).toEqual([E.services]);
      expect(await pageIds({ nextSiblingOf: E.team })).toEqual([]);
      expect(await pageIds({ prevSiblingOf: E.contact })).toEqual([E.services]);
      expect(await pageIds({ positionedAfter: E.about })).toEqual([E.services, E.contact]);
      expect(await pageIds({ positionedBefore: E.services })).toEqual([
        E.about,
        E.team,
        E.leadership,
      ]);
      expect(await pageIds({ descendantOf: 999_999 })).toEqual([]);
      // A channel has no structure: structure arguments match nothing there.
      expect(await ctx.store.find(news({ level: 1 }))).toEqual([]);
    });

    it('loads descendants and ancestors of many nodes in one query each', async () => {
      const before = ctx.queries();
      expect(byKey(await ctx.store.findDescendants([E.about, E.services], pages(), true))).toEqual({
        [E.about]: [E.team],
      });
      expect(byKey(await ctx.store.findDescendants([E.about, E.team], pages(), false))).toEqual({
        [E.about]: [E.team, E.leadership],
        [E.team]: [E.leadership],
      });
      expect(
        byKey(await ctx.store.findDescendants([E.about, E.team], pages({ limit: 1 }), false)),
      ).toEqual({ [E.about]: [E.team], [E.team]: [E.leadership] });
      expect(byKey(await ctx.store.findAncestors([E.leadership, E.team], pages(), false))).toEqual({
        [E.leadership]: [E.about, E.team],
        [E.team]: [E.about],
      });
      expect(byKey(await ctx.store.findAncestors([E.leadership, E.about], pages(), true))).toEqual({
        [E.leadership]: [E.team],
      });
      expect(ctx.queries()).toBe(before + 5);
      const topics = {
        kind: 'category' as const,
        siteIds: [SITE.en],
        containerIds: [GROUP.topics],
      };
      expect(byKey(await ctx.store.findDescendants([E.technology], topics, true))).toEqual({
        [E.technology]: [E.ai, E.web],
      });
    });
  });

  describe('queries', () => {
    it('asks the database nothing when the criteria cannot match', async () => {
      const before = ctx.queries();
      expect(await ctx.store.find(news({ containerIds: [] }))).toEqual([]);
      expect(await ctx.store.find(news({ typeIds: [] }))).toEqual([]);
      expect(await ctx.store.count(news({ siteIds: [] }))).toBe(0);
      expect(await ctx.store.findRelated(FIELD.relatedArticles, [], SITE.en, news())).toEqual([]);
      expect(
        await ctx.store.findBlocks(FIELD.contentBlocks, [E.hello], news({ limit: 0 })),
      ).toEqual([]);
      expect(ctx.queries()).toBe(before);
      await ctx.store.find(news());
      expect(ctx.queries()).toBe(before + 1);
    });
  });
}
