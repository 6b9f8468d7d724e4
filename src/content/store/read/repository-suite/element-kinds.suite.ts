import type { ElementCriteria } from '../../element-criteria';
import { E, FIELD, GLOBAL_SET, GROUP, SECTION, SITE, TYPE, VOLUME } from '../elements.fixtures';
import { ids, titles, byKey, type StoreSuiteContext } from './helpers.fixtures';

/**
 * The element store suite, kind by kind: categories and tags, assets with their files, users from
 * the identity store, global sets and matrix blocks.
 */
export function elementKindSuites(ctx: StoreSuiteContext): void {
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
}
