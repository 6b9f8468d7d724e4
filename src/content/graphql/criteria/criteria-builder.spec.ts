import type { GqlSchemaDefinition } from '../../model/content-model';
import { CriteriaBuilder } from './criteria-builder';
import { element, RecordingElementReader } from '../request-loaders.recording-reader.fixtures';
import { ScopeGrants } from '../scope-grants';
import { demoModel, FIELDS as F, SCHEMAS, schemaWithScope } from '../scope-grants.fixtures';

const model = demoModel();

const ELEMENTS = [
  element(100, 'entry', 1, { containerId: 30, typeId: 31, slug: 'hello' }),
  element(101, 'entry', 1, { containerId: 30, typeId: 31, slug: 'world' }),
  element(102, 'entry', 1, { containerId: 33, typeId: 34, slug: 'hello' }),
  element(200, 'category', 1, { containerId: 41, slug: 'tech' }),
];

function builder(definition: GqlSchemaDefinition = SCHEMAS.public, maxResults = 0) {
  const reader = new RecordingElementReader(ELEMENTS);
  const grants = new ScopeGrants(definition, model);
  return { reader, criteria: new CriteriaBuilder({ model, grants, reader, maxResults }) };
}

describe('CriteriaBuilder: scope and handles', () => {
  it('defaults to the primary site and every readable section and entry type', async () => {
    const { criteria } = builder();
    expect(await criteria.build('entry', {})).toEqual({
      kind: 'entry',
      siteIds: [1],
      containerIds: [30, 33, 35, 37],
      typeIds: [31, 32, 34, 36, 38],
      limit: null,
    });
  });

  it('resolves section and type handles and ids with Craft parameter syntax', async () => {
    const { criteria } = builder();
    expect(await criteria.build('entry', { section: ['news'] })).toMatchObject({
      containerIds: [30],
      typeIds: [31, 32],
    });
    expect(await criteria.build('entry', { section: ['not', 'news'] })).toMatchObject({
      containerIds: [33, 35, 37],
    });
    expect(await criteria.build('entry', { section: ['news'], type: ['link'] })).toMatchObject({
      typeIds: [32],
    });
    expect(await criteria.build('entry', { sectionId: ['33'] })).toMatchObject({
      containerIds: [33],
      typeIds: [34],
    });
    expect(await criteria.build('entry', { section: ['home*'] })).toMatchObject({
      containerIds: [35],
    });
    expect(await criteria.build('entry', { typeId: [34, 36] })).toMatchObject({
      containerIds: [30, 33, 35, 37],
      typeIds: [34, 36],
    });
  });

  it('structureId names a structure section or category group; a channel has no structure', async () => {
    const { criteria } = builder();
    expect(await criteria.build('entry', { structureId: 33 })).toMatchObject({
      containerIds: [33],
    });
    expect(await criteria.build('entry', { structureId: 30 })).toBeNull();
    expect(await criteria.build('category', { structureId: 41 })).toMatchObject({
      containerIds: [41],
    });
  });

  it('finds nothing for unknown handles, as Craft does', async () => {
    const { criteria } = builder();
    expect(await criteria.build('entry', { section: ['nope'] })).toBeNull();
    expect(await criteria.build('entry', { section: ['news'], type: ['page'] })).toBeNull();
    expect(await criteria.build('asset', { volume: ['nope'] })).toBeNull();
    expect(await criteria.build('category', { group: ['nope'] })).toBeNull();
    expect(await criteria.build('globalset', { handle: ['nope'] })).toBeNull();
    expect(await criteria.build('entry', { authorGroup: ['nope'] })).toBeNull();
    // No signed-in user edits anything through the API: Craft aborts such queries.
    expect(await criteria.build('entry', { editable: true })).toBeNull();
    expect(await criteria.build('category', { editable: true })).toBeNull();
    expect(await criteria.build('entry', { editable: false })).not.toBeNull();
  });

  it('always intersects with the scope (partner: news articles in English)', async () => {
    const { criteria } = builder(SCHEMAS.partner);
    expect(await criteria.build('entry', {})).toMatchObject({
      siteIds: [1],
      containerIds: [30],
      typeIds: [31],
    });
    expect(await criteria.build('entry', { section: ['pages'] })).toBeNull();
    expect(await criteria.build('entry', { type: ['link'] })).toBeNull();
    expect(await criteria.build('entry', { site: ['de'] })).toBeNull();
    expect(await criteria.build('entry', { site: ['*'] })).toMatchObject({ siteIds: [1] });
    expect(await criteria.build('category', {})).toBeNull();
    expect(await criteria.build('user', {})).toBeNull();
  });

  it('restricts to the containers the field implies (<section>Entries, matrix fields)', async () => {
    const { criteria } = builder();
    expect(await criteria.build('entry', {}, { containerIds: [33] })).toMatchObject({
      containerIds: [33],
      typeIds: [34],
    });
    expect(
      await criteria.build('matrixblock', { type: ['quote'] }, { containerIds: [25] }),
    ).toMatchObject({
      kind: 'matrixblock',
      containerIds: [25],
      typeIds: [62],
    });
    expect(
      await criteria.build('matrixblock', { fieldId: [99] }, { containerIds: [25] }),
    ).toBeNull();
    expect(
      await criteria.build('matrixblock', { ownerId: ['1000'] }, { containerIds: [25] }),
    ).toMatchObject({ ownerIds: [1000] });
    expect(
      await criteria.build('matrixblock', { ownerId: ['x'] }, { containerIds: [25] }),
    ).toBeNull();
  });

  it('maps assets, categories, tags and global sets to their containers', async () => {
    const { criteria } = builder();
    expect(
      await criteria.build('asset', { volume: ['images'], kind: ['image'], width: ['> 100'] }),
    ).toMatchObject({
      containerIds: [40],
      fileKind: ['image'],
      width: ['> 100'],
    });
    expect(await criteria.build('category', { group: ['topics'], level: 1 })).toMatchObject({
      containerIds: [41],
      level: 1,
    });
    expect(await criteria.build('tag', {})).toMatchObject({ containerIds: [42] });
    expect(await criteria.build('globalset', { handle: ['siteInfo'] })).toMatchObject({
      containerIds: [43],
    });
  });
});

describe('CriteriaBuilder: users', () => {
  it('is nothing without a user scope', async () => {
    expect(await builder().criteria.build('user', {})).toBeNull();
  });

  it('everyone: every user, or the requested groups', async () => {
    const { criteria } = builder(SCHEMAS.editorial);
    const all = await criteria.build('user', {});
    expect(all).not.toBeNull();
    expect(all?.userGroupIds).toBeUndefined();
    expect(await criteria.build('user', { group: ['editors'] })).toMatchObject({
      userGroupIds: [3],
    });
    expect(await criteria.build('user', { groupId: [4] })).toMatchObject({ userGroupIds: [4] });
    expect(await criteria.build('user', { group: ['nope'] })).toBeNull();
  });

  it('granted groups only: requested groups intersected with them', async () => {
    const { criteria } = builder(schemaWithScope(['usergroups.editors:read']));
    expect(await criteria.build('user', {})).toMatchObject({ userGroupIds: [3] });
    expect(await criteria.build('user', { group: ['editors', 'authors'] })).toMatchObject({
      userGroupIds: [3],
    });
    expect(await criteria.build('user', { group: ['authors'] })).toBeNull();
  });
});

describe('CriteriaBuilder: sites', () => {
  it('site, siteId, *, not and language', async () => {
    const { criteria } = builder();
    const sites = async (args: Record<string, unknown>) =>
      (await criteria.build('entry', args))?.siteIds ?? null;
    expect(await sites({ site: ['*'] })).toEqual([1, 2]);
    expect(await sites({ site: ['not', 'en'] })).toEqual([2]);
    expect(await sites({ site: ['de', 'en'] })).toEqual([2, 1]);
    expect(await sites({ siteId: ['2'] })).toEqual([2]);
    expect(await sites({ siteId: ['*'] })).toEqual([1, 2]);
    expect(await sites({ site: ['en'], siteId: [2] })).toBeNull();
    expect(await sites({ site: ['fr'] })).toBeNull();
    expect(await sites({ site: ['*'], language: ['de-DE'] })).toEqual([2]);
    // Alone, `language` picks the readable sites of that language (Craft's `language()`).
    expect(await sites({ language: ['de-DE'] })).toEqual([2]);
    expect(await sites({ language: ['fr-FR'] })).toBeNull();
    expect(await sites({ site: ['en'], language: ['de-DE'] })).toBeNull();
  });

  it('relation fields default to the source site; preferSites resolves handles', async () => {
    const { criteria } = builder();
    expect(await criteria.build('asset', {}, { defaultSiteIds: [2] })).toMatchObject({
      siteIds: [2],
    });
    expect(
      await criteria.build('entry', { site: ['*'], unique: true, preferSites: ['de', 'en'] }),
    ).toMatchObject({ siteIds: [1, 2], unique: true, preferSites: [2, 1] });
    const partner = builder(SCHEMAS.partner).criteria;
    expect(await partner.build('asset', {}, { defaultSiteIds: [2] })).toBeNull();
  });

  it('finds nothing when no site is readable', async () => {
    const { criteria } = builder(schemaWithScope(['sites.nowhere:read', 'sections.news:read']));
    expect(await criteria.build('entry', {})).toBeNull();
  });
});

describe('CriteriaBuilder: parameters', () => {
  it('caps the limit with maxResults; a negative limit is 0', async () => {
    const { criteria } = builder(SCHEMAS.public, 100);
    const limit = async (args: Record<string, unknown>) =>
      (await criteria.build('entry', args))?.limit;
    expect(await limit({})).toBe(100);
    expect(await limit({ limit: null })).toBe(100);
    expect(await limit({ limit: 500 })).toBe(100);
    expect(await limit({ limit: 5 })).toBe(5);
    expect(await limit({ limit: -3 })).toBe(0);
    expect((await criteria.build('entry', {}, { capLimit: false }))?.limit).toBeNull();
    expect(await builder().criteria.build('entry', { limit: -1 })).toMatchObject({ limit: 0 });
  });

  it('passes the common and entry parameters through', async () => {
    const { criteria } = builder();
    expect(
      await criteria.build('entry', {
        id: ['not', 1, 2],
        uid: ['abc'],
        title: ['Hello*'],
        slug: ['hello'],
        uri: ['news/*'],
        search: 'title:hello',
        orderBy: 'title ASC',
        offset: 2,
        fixedOrder: true,
        inReverse: false,
        dateCreated: ['>= 2024-01-01'],
        postDate: ['and', '>= 2024-01-01', '< 2024-02-01'],
        before: '2024-03-01',
        after: '2024-01-01',
        authorId: [7],
        authorGroup: ['editors'],
        descendantOf: 5,
        descendantDist: 1,
        leaves: true,
      }),
    ).toMatchObject({
      id: ['not', 1, 2],
      uid: ['abc'],
      title: ['Hello*'],
      slug: ['hello'],
      uri: ['news/*'],
      search: 'title:hello',
      orderBy: 'title ASC',
      offset: 2,
      fixedOrder: true,
      inReverse: false,
      dateCreated: ['>= 2024-01-01'],
      postDate: ['and', '>= 2024-01-01', '< 2024-02-01'],
      before: '2024-03-01',
      after: '2024-01-01',
      authorIds: [7],
      authorGroupIds: [3],
      descendantOf: 5,
      descendantDist: 1,
      leaves: true,
    });
  });

  it('passes siteSettingsId, search term options and the asset and user flags through', async () => {
    const { criteria } = builder(SCHEMAS.editorial);
    expect(
      await criteria.build('entry', {
        siteSettingsId: ['100-1'],
        search: 'hello',
        searchTermOptions: { subLeft: true, exact: false },
      }),
    ).toMatchObject({
      siteSettingsId: ['100-1'],
      search: 'hello',
      searchTermOptions: { subLeft: true, exact: false },
    });
    // Options without a search say nothing.
    expect(
      await criteria.build('entry', { searchTermOptions: { subLeft: true } }),
    ).not.toHaveProperty('searchTermOptions');
    expect(await criteria.build('asset', { folderId: [3], includeSubfolders: true })).toMatchObject(
      { folderId: [3], includeSubfolders: true },
    );
    expect(await criteria.build('user', { authors: true, assetUploaders: false })).toMatchObject({
      authors: true,
      assetUploaders: false,
    });
  });

  it('honours status, archived and trashed only with elements.inactive', async () => {
    const args = { status: ['disabled'], archived: true, trashed: true };
    const pub = await builder().criteria.build('entry', args);
    expect(pub).not.toHaveProperty('status');
    expect(pub).not.toHaveProperty('archived');
    const editorial = builder(SCHEMAS.editorial).criteria;
    expect(await editorial.build('entry', args)).toMatchObject({
      status: ['disabled'],
      archived: true,
      trashed: true,
    });
    expect(await editorial.build('entry', { status: null })).toMatchObject({ status: null });
    expect(await editorial.build('entry', {})).not.toHaveProperty('status');
  });

  it('turns custom-field arguments of readable layouts into typed field filters', async () => {
    const { criteria } = builder();
    expect(
      await criteria.build('entry', {
        featured: true,
        rating: ['>= 3'],
        newsCategories: [200],
        nope: ['x'],
      }),
    ).toMatchObject({
      fields: [
        { fieldHandle: 'featured', fieldType: 'lightswitch', param: true },
        { fieldHandle: 'rating', fieldType: 'number', param: ['>= 3'] },
        { fieldHandle: 'newsCategories', fieldType: 'categories', param: [200] },
      ],
    });
    // `website` belongs to news/link, which the partner scope cannot read.
    const partner = await builder(SCHEMAS.partner).criteria.build('entry', { website: ['x'] });
    expect(partner).not.toHaveProperty('fields');
    const blocks = await criteria.build(
      'matrixblock',
      { attribution: ['Ada'] },
      { containerIds: [25] },
    );
    expect(blocks?.fields).toEqual([
      { fieldHandle: 'attribution', fieldType: 'plainText', param: ['Ada'] },
    ]);
  });

  it('finds nothing for drafts and revisions (none are stored)', async () => {
    const { criteria } = builder();
    expect(await criteria.build('entry', { drafts: true })).toBeNull();
    expect(await criteria.build('entry', { revisionId: 3 })).toBeNull();
    expect(await criteria.build('entry', { drafts: false })).not.toBeNull();
  });
});

describe('CriteriaBuilder: sizes of client arguments', () => {
  it('a parameter may list at most 10 000 values, as a list or a comma list', async () => {
    const { criteria } = builder();
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    expect((await criteria.build('entry', { id: ids }))?.id).toEqual(ids);
    const refused = 'A parameter may list at most 10000 values.';
    await expect(criteria.build('entry', { id: [...ids, 10_001] })).rejects.toThrow(refused);
    await expect(criteria.build('entry', { slug: ','.repeat(10_001) })).rejects.toThrow(refused);
    await expect(
      criteria.build('entry', { section: Array.from({ length: 10_001 }, () => 'news') }),
    ).rejects.toThrow(refused);
    // Commas inside the items of a list are no separators.
    expect((await criteria.build('entry', { slug: [','.repeat(20_000)] }))?.slug).toEqual([
      ','.repeat(20_000),
    ]);
  });

  it('the search text may be at most 10 000 characters', async () => {
    const { criteria } = builder();
    const longest = 'word '.repeat(2000);
    expect((await criteria.build('entry', { search: longest }))?.search).toBe(longest);
    await expect(criteria.build('entry', { search: `${longest}x` })).rejects.toThrow(
      'The search text may be at most 10000 characters.',
    );
  });

  it('deduplicates 200 000 relation ids in linear time, keeping their order', async () => {
    const { criteria } = builder();
    const ids = Array.from({ length: 200_000 }, (_, i) => 200_000 - i);
    // No clock: a quadratic dedupe (4·10^10 comparisons) cannot finish within the test timeout,
    // while the linear one takes well under a second even on a loaded machine.
    const built = await criteria.build('entry', { relatedTo: [...ids, ...ids.map(String)] });
    expect(built?.relatedTo).toEqual({ operator: 'or', conditions: [{ element: ids }] });
  });
});

describe('CriteriaBuilder: relations', () => {
  it('relatedTo: ids are one "any of" condition, ["and", ...] one per id', async () => {
    const { criteria } = builder();
    expect((await criteria.build('entry', { relatedTo: [1, '2'] }))?.relatedTo).toEqual({
      operator: 'or',
      conditions: [{ element: [1, 2] }],
    });
    expect((await criteria.build('entry', { relatedTo: ['and', 1, 2] }))?.relatedTo).toEqual({
      operator: 'and',
      conditions: [{ element: [1] }, { element: [2] }],
    });
    expect(
      (await criteria.build('entry', { relatedToAll: [3, 4], relatedTo: [9] }))?.relatedTo,
    ).toEqual({
      operator: 'and',
      conditions: [{ element: [3] }, { element: [4] }],
    });
    expect(await criteria.build('entry', { relatedTo: ['x'] })).toBeNull();
  });

  // Found by criteria-arguments.store.property.spec.ts: these reached SQL as bigint parameters.
  it('relatedTo: ids past the safe integers name no element', async () => {
    const { criteria } = builder();
    const tooLarge = [1e300, 2 ** 53, '9007199254740993', '99999999999999999999999'];
    for (const id of tooLarge)
      expect(await criteria.build('entry', { relatedTo: [id] })).toBeNull();
    expect(await criteria.build('entry', { relatedTo: [{ targetElement: 1e300 }] })).toBeNull();
    const built = await criteria.build('entry', { relatedTo: [1e300, 2 ** 53 - 1] });
    expect(built?.relatedTo).toEqual({ operator: 'or', conditions: [{ element: [2 ** 53 - 1] }] });
  });

  it('relatedTo objects name the direction and the field', async () => {
    const { criteria } = builder();
    const built = await criteria.build('entry', {
      relatedTo: [
        'or',
        { sourceElement: 5, field: 'heroImage' },
        { targetElement: [6, 7] },
        { element: 8, field: 'nope' },
      ],
    });
    expect(built?.relatedTo).toEqual({
      operator: 'or',
      conditions: [{ sourceElement: [5], fieldIds: [12] }, { targetElement: [6, 7] }],
    });
    expect(
      await criteria.build('entry', { relatedTo: ['and', { element: 8, field: 'nope' }, 9] }),
    ).toBeNull();
  });

  it('notRelatedTo excludes, and excluding nothing excludes nothing', async () => {
    const { criteria } = builder();
    expect((await criteria.build('entry', { notRelatedTo: [5] }))?.notRelatedTo).toEqual({
      operator: 'or',
      conditions: [{ element: [5] }],
    });
    expect(await criteria.build('entry', { notRelatedTo: ['x'] })).not.toHaveProperty(
      'notRelatedTo',
    );
  });

  it('relatedTo<Kind>: one store query per criteria input, each a required condition', async () => {
    const { criteria, reader } = builder();
    const built = await criteria.build('entry', {
      relatedTo: [1, 2],
      relatedToEntries: [{ section: ['news'], slug: ['hello'] }, { section: ['pages'] }],
      relatedToCategories: [{ group: ['topics'] }],
    });
    expect(built?.relatedTo).toEqual({
      operator: 'and',
      conditions: [{ element: [1, 2] }, { element: [100] }, { element: [102] }, { element: [200] }],
    });
    const finds = reader.callsOf('find');
    expect(finds).toHaveLength(3);
    expect(finds[0].criteria).toMatchObject({
      kind: 'entry',
      containerIds: [30],
      slug: ['hello'],
      limit: null,
    });
    // The same input again in this request: memoised, no new query.
    await criteria.build('asset', { relatedToEntries: [{ section: ['news'], slug: ['hello'] }] });
    expect(reader.callsOf('find')).toHaveLength(3);
  });

  it('relatedViaField and relatedViaSite (Craft 5) narrow the relation of their input', async () => {
    const { criteria, reader } = builder();
    const built = await criteria.build('entry', {
      relatedToEntries: [
        { section: ['news'], slug: ['hello'], relatedViaField: ['relatedArticles'] },
        { section: ['pages'], relatedViaSite: ['de', '1'] },
      ],
    });
    expect(built?.relatedTo).toEqual({
      operator: 'and',
      conditions: [
        { element: [100], fieldIds: [F.relatedArticles.id] },
        { element: [102], sourceSiteIds: [2, 1] },
      ],
    });
    // The targets are found without the relation's narrowing (and memoised as such).
    expect(reader.callsOf('find')[0].criteria).not.toHaveProperty('fields');
    await criteria.build('entry', { relatedToEntries: [{ section: ['news'], slug: ['hello'] }] });
    expect(reader.callsOf('find')).toHaveLength(2);
    // An unknown field, or no readable site, matches nothing.
    for (const input of [
      { slug: ['hello'], relatedViaField: ['nope'] },
      { slug: ['hello'], relatedViaSite: ['fr'] },
    ])
      expect(await criteria.build('entry', { relatedToEntries: [input] })).toBeNull();
    const partner = builder(SCHEMAS.partner);
    expect(
      await partner.criteria.build('entry', {
        relatedToEntries: [{ slug: ['hello'], relatedViaSite: ['de'] }],
      }),
    ).toBeNull();
  });

  it('relatedTo<Kind> applies the scope and finds nothing when a set is empty', async () => {
    const partner = builder(SCHEMAS.partner);
    expect(
      await partner.criteria.build('entry', { relatedToEntries: [{ section: ['pages'] }] }),
    ).toBeNull();
    expect(partner.reader.calls).toHaveLength(0);
    const { criteria } = builder();
    expect(await criteria.build('entry', { relatedToEntries: [] })).toBeNull();
    expect(await criteria.build('entry', { relatedToEntries: [{ slug: ['none'] }] })).toBeNull();
  });

  it('ref: section/slug or slug, resolved to ids among the readable elements', async () => {
    const { criteria, reader } = builder();
    expect(await criteria.build('entry', { ref: ['news/hello'] })).toMatchObject({ id: [100] });
    expect(await criteria.build('entry', { ref: ['hello'] })).toMatchObject({ id: [100, 102] });
    expect(await criteria.build('entry', { ref: ['pages/world'] })).toBeNull();
    expect(reader.callsOf('find')).toHaveLength(3);
    expect(
      await builder(SCHEMAS.partner).criteria.build('entry', { ref: ['hello'] }),
    ).toMatchObject({
      id: [100],
    });
  });
});
