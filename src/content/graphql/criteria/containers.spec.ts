import { builder } from './criteria-builder.fixtures';
import { SCHEMAS, schemaWithScope } from '../scope-grants.fixtures';

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
