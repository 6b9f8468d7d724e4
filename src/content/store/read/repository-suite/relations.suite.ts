import type { ElementCriteria } from '../../element-criteria';
import { E, FIELD, GLOBAL_SET, GROUP, SECTION, SITE, TYPE, VOLUME } from '../elements.fixtures';

import {
  ids,
  titles,
  byKey,
  news,
  pages,
  LIVE_NEWS,
  type StoreSuiteContext,
} from './helpers.fixtures';

/** The element store suite: relations, structures, the element kinds and query counts. */
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

  describe('element kinds', () => {
    it('orders categories in structure order and tags by title', async () => {
      expect(
        ids(
          await ctx.store.find({
            kind: 'category',
            siteIds: [SITE.en],
            containerIds: [GROUP.topics],
          }),
        ),
      ).toEqual([E.technology, E.ai, E.web, E.culture]);
      expect(
        titles(
          await ctx.store.find({ kind: 'tag', siteIds: [SITE.en], containerIds: [GROUP.keywords] }),
        ),
      ).toEqual(['Alpha', 'beta', 'zeta']);
    });

    it('reads assets with their file properties and filters', async () => {
      const images = (extra: Partial<ElementCriteria> = {}): ElementCriteria => ({
        kind: 'asset',
        siteIds: [SITE.en],
        containerIds: [VOLUME.images],
        ...extra,
      });
      expect(ids(await ctx.store.find(images()))).toEqual([E.photo, E.doc, E.hero]);
      const [photo] = await ctx.store.find(images({ id: E.photo }));
      expect(photo.asset).toEqual({
        folderId: expect.any(Number) as unknown,
        folderPath: 'sub/',
        filename: 'photo.png',
        kind: 'image',
        mimeType: 'image/png',
        size: 3000,
        width: 800,
        height: 600,
        focalPoint: [0.25, 0.75],
        alt: 'A photo',
        dateModified: new Date('2024-01-01T00:00:00Z'),
        uploaderId: ctx.users.alice,
      });
      expect(ids(await ctx.store.find(images({ fileKind: 'image', orderBy: 'filename' })))).toEqual(
        [E.hero, E.photo],
      );
      expect(ids(await ctx.store.find(images({ width: '> 700' })))).toEqual([E.photo]);
      // Found by the criteria property test: past 32 bits these failed on the integer columns.
      expect(ids(await ctx.store.find(images({ width: '< 2147483648' })))).toEqual([
        E.photo,
        E.hero,
      ]);
      expect(
        await ctx.store.find(images({ height: [2 ** 31, 2 ** 40, '9007199254740993'] })),
      ).toEqual([]);
      expect(ids(await ctx.store.find(images({ filename: 'HERO.jpg' })))).toEqual([E.hero]);
      expect(ids(await ctx.store.find(images({ filename: '*.p*' })))).toEqual([E.photo, E.doc]);
      expect(ids(await ctx.store.find(images({ hasAlt: true })))).toEqual([E.photo]);
      expect(ids(await ctx.store.find(images({ folderId: photo.asset!.folderId })))).toEqual([
        E.photo,
      ]);
      const [hero] = await ctx.store.find(images({ id: E.hero }));
      const root = hero.asset!.folderId;
      expect(ids(await ctx.store.find(images({ folderId: root })))).toEqual([E.doc, E.hero]);
      expect(
        ids(await ctx.store.find(images({ folderId: root, includeSubfolders: true }))),
      ).toEqual([E.photo, E.doc, E.hero]);
      expect(
        ids(
          await ctx.store.find(
            images({ folderId: photo.asset!.folderId, includeSubfolders: true }),
          ),
        ),
      ).toEqual([E.photo]);
      expect(ids(await ctx.store.find(images({ size: '>= 3000', orderBy: 'size desc' })))).toEqual([
        E.doc,
        E.photo,
      ]);
      expect(ids(await ctx.store.find(images({ uploaderIds: ctx.users.alice })))).toEqual([
        E.photo,
      ]);
      expect(ids(await ctx.store.find(images({ search: 'kind:pdf' })))).toEqual([E.doc]);
      expect(ids(await ctx.store.find(images({ search: 'extension:png' })))).toEqual([E.photo]);
    });

    it('reads users from the identity store: active by default, never service accounts', async () => {
      const people = (extra: Partial<ElementCriteria> = {}): ElementCriteria => ({
        kind: 'user',
        siteIds: [SITE.en],
        ...extra,
      });
      expect(ids(await ctx.store.find(people()))).toEqual([ctx.users.alice, ctx.users.bob]);
      expect(ids(await ctx.store.find(people({ status: 'suspended' })))).toEqual([ctx.users.carol]);
      expect(ids(await ctx.store.find(people({ status: null })))).toEqual([
        ctx.users.alice,
        ctx.users.bob,
        ctx.users.carol,
      ]);
      const [alice] = await ctx.store.find(people({ siteIds: [SITE.de], username: 'ALICE' }));
      expect(alice).toMatchObject({
        kind: 'user',
        siteId: SITE.de,
        containerId: null,
        status: 'active',
        fields: { summary: 'Editor in chief' },
        user: {
          identityUserId: expect.any(Number) as unknown,
          username: 'alice',
          email: 'alice@example.com',
          fullName: 'Alice Archer',
          firstName: 'Alice',
          lastName: 'Archer',
          groupIds: [GROUP.editors, GROUP.authors],
          photoId: E.photo,
          preferences: {},
          suspended: false,
        },
      });
      const [carol] = await ctx.store.find(people({ username: 'carol', status: null }));
      expect(carol).toMatchObject({
        status: 'suspended',
        fields: {},
        user: { firstName: 'Carol', lastName: null, groupIds: [], suspended: true },
      });
      expect(ids(await ctx.store.find(people({ userGroupIds: [GROUP.editors] })))).toEqual([
        ctx.users.alice,
      ]);
      expect(await ctx.store.find(people({ userGroupIds: [] }))).toEqual([]);
      expect(ids(await ctx.store.find(people({ email: '*@craftcms.test' })))).toEqual([
        ctx.users.bob,
      ]);
      expect(ids(await ctx.store.find(people({ lastName: 'baker' })))).toEqual([ctx.users.bob]);
      expect(
        ids(await ctx.store.find(people({ firstName: 'Alice', fullName: 'alice archer' }))),
      ).toEqual([ctx.users.alice]);
      expect(ids(await ctx.store.find(people({ hasPhoto: true })))).toEqual([ctx.users.alice]);
      // Authors of entries (any status) and uploaders of assets; false sets no condition.
      expect(ids(await ctx.store.find(people({ authors: true, status: null })))).toEqual([
        ctx.users.alice,
        ctx.users.bob,
      ]);
      expect(ids(await ctx.store.find(people({ assetUploaders: true })))).toEqual([
        ctx.users.alice,
      ]);
      expect(ids(await ctx.store.find(people({ assetUploaders: false })))).toEqual([
        ctx.users.alice,
        ctx.users.bob,
      ]);
      expect(ids(await ctx.store.find(people({ search: 'email:@craftcms.test' })))).toEqual([
        ctx.users.bob,
      ]);
      expect(ids(await ctx.store.find(people({ search: 'archer' })))).toEqual([ctx.users.alice]);
      expect(ids(await ctx.store.find(people({ orderBy: 'email desc' })))).toEqual([
        ctx.users.bob,
        ctx.users.alice,
      ]);
      expect(await ctx.store.count(people({ status: null }))).toBe(3);
    });

    it('reads global sets per site and matrix blocks per owner', async () => {
      const [info] = await ctx.store.find({
        kind: 'globalset',
        siteIds: [SITE.de],
        containerIds: [GLOBAL_SET.siteInfo],
      });
      expect(info).toMatchObject({ id: E.siteInfo, fields: { copyright: 'ACME GmbH' } });
      const blocks = {
        kind: 'matrixblock' as const,
        siteIds: [SITE.en],
        containerIds: [FIELD.contentBlocks],
      };
      const before = ctx.queries();
      expect(
        byKey(await ctx.store.findBlocks(FIELD.contentBlocks, [E.hello, E.second], blocks)),
      ).toEqual({
        [E.hello]: [E.blockA, E.blockB],
        [E.second]: [E.blockC],
      });
      expect(ctx.queries()).toBe(before + 1);
      const [first] = await ctx.store.findBlocks(FIELD.contentBlocks, [E.hello], blocks);
      expect(first.element).toMatchObject({
        ownerId: E.hello,
        sortOrder: 1,
        typeId: TYPE.quoteBlock,
      });
      expect(
        byKey(
          await ctx.store.findBlocks(FIELD.contentBlocks, [E.hello], {
            ...blocks,
            typeIds: [TYPE.textBlock],
          }),
        ),
      ).toEqual({ [E.hello]: [E.blockB] });
      expect(ids(await ctx.store.find({ ...blocks, ownerIds: [E.hello, E.second] }))).toEqual([
        E.blockA,
        E.blockB,
        E.blockC,
      ]);
      // Craft 5's nested entries without their owner at hand: only owners the scope reads.
      const owned = (ownerScopes: ElementCriteria['ownerScopes']) =>
        ctx.store.find({ ...blocks, ownerScopes }).then(ids);
      expect(
        await owned([
          { kind: 'entry', containerIds: [SECTION.news], typeIds: [TYPE.article] },
          { kind: 'asset' },
        ]),
      ).toEqual([E.blockA, E.blockB, E.blockC]);
      expect(
        await owned([{ kind: 'entry', containerIds: [SECTION.news], typeIds: [TYPE.link] }]),
      ).toEqual([]);
      expect(await owned([{ kind: 'entry', containerIds: [SECTION.pages] }])).toEqual([]);
      expect(await owned([{ kind: 'category' }])).toEqual([]);
      const beforeNothing = ctx.queries();
      expect(await owned([])).toEqual([]);
      expect(ctx.queries()).toBe(beforeNothing);
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
