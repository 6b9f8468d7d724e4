import { CriteriaBuilder } from './criteria-builder';
import { RecordingElementReader } from '../request-loaders.recording-reader.fixtures';
import { ScopeGrants } from '../scope-grants';
import { demoModel, SCHEMAS, schemaWithScope } from '../scope-grants.fixtures';

const model = demoModel();

function builder(definition = SCHEMAS.public) {
  const grants = new ScopeGrants(definition, model);
  return new CriteriaBuilder({
    model,
    grants,
    reader: new RecordingElementReader([]),
    maxResults: 0,
  });
}

const NEWS_ENTRIES = {
  kind: 'entry',
  containerIds: [30, 33, 35, 37],
  typeIds: [31, 32, 34, 36, 38],
};

describe('CriteriaBuilder: Craft 5 nested entries (matrix blocks)', () => {
  it('reads entries(field:, fieldId:, ownerId:, primaryOwnerId:) as a block query of readable owners', async () => {
    const criteria = builder();
    expect(await criteria.build('entry', { field: ['contentBlocks'], ownerId: [100] })).toEqual({
      kind: 'matrixblock',
      siteIds: [1],
      containerIds: [25],
      typeIds: [60, 62, 65],
      ownerIds: [100],
      ownerScopes: [
        NEWS_ENTRIES,
        { kind: 'asset', containerIds: [40] },
        { kind: 'category', containerIds: [41] },
        { kind: 'tag', containerIds: [42] },
        { kind: 'globalset', containerIds: [43] },
      ],
      limit: null,
    });
    expect(await criteria.build('entry', { primaryOwnerId: [7], type: ['quote'] })).toMatchObject({
      kind: 'matrixblock',
      typeIds: [62],
      ownerIds: [7],
    });
    expect(await criteria.build('entry', { fieldId: [25], quote: 'x*' })).toMatchObject({
      kind: 'matrixblock',
      fields: [{ fieldHandle: 'quote', fieldType: 'plainText', param: 'x*' }],
    });
  });

  it('finds nothing for unknown fields, unreadable fields, and what blocks do not have', async () => {
    const criteria = builder();
    expect(await criteria.build('entry', { field: ['summary'] })).toBeNull();
    expect(
      await criteria.build('entry', { field: ['contentBlocks'], section: ['news'] }),
    ).toBeNull();
    expect(await criteria.build('entry', { ownerId: [1], postDate: ['>= 2024'] })).toBeNull();
    expect(await criteria.build('entry', { ownerId: [1], sectionId: [30] })).toBeNull();
    expect(await criteria.build('entry', { ownerId: [1], leaves: false })).not.toBeNull();
    // A scope without news (the only layout holding contentBlocks) reads no nested entries.
    const pages = builder(
      schemaWithScope([
        'sections.uid-section-pages:read',
        'entrytypes.uid-entryType-pages.page:read',
      ]),
    );
    expect(await pages.build('entry', { field: ['contentBlocks'] })).toBeNull();
  });

  it('takes the owner from a Matrix field’s resolver (no owner condition, the field fixed)', async () => {
    const criteria = builder();
    expect(
      await criteria.build(
        'matrixblock',
        { type: ['text'], section: null },
        { containerIds: [25] },
      ),
    ).toEqual({
      kind: 'matrixblock',
      siteIds: [1],
      containerIds: [25],
      typeIds: [60],
      limit: null,
    });
    expect(
      await criteria.build('matrixblock', { authorId: [3] }, { containerIds: [25] }),
    ).toBeNull();
  });

  it('leaves entry queries without those arguments as they were', async () => {
    expect(await builder().build('entry', { ownerId: null })).toMatchObject(NEWS_ENTRIES);
  });
});
