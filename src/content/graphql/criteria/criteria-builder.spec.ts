import { builder } from './criteria-builder.fixtures';
import { SCHEMAS } from '../scope-grants.fixtures';

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
