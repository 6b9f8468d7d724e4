import { builder } from './criteria-builder.fixtures';
import { FIELDS as F, SCHEMAS } from '../scope-grants.fixtures';

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
    for (const id of tooLarge) {
      expect(await criteria.build('entry', { relatedTo: [id] })).toBeNull();
    }
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
    ]) {
      expect(await criteria.build('entry', { relatedToEntries: [input] })).toBeNull();
    }
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
