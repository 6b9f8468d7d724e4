import { isInterfaceType, isObjectType, isUnionType } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { ContentModel, Field } from '../../model/content-model';
import { ContentModelIndex } from '../../model/content-model.index';
import { DEMO_MODEL, demoModel, FIELDS, SCHEMAS } from '../scope-grants.fixtures';
import { validContentSchema } from './content-schema.fixtures';
import type { CraftVersion } from './craft-version';
import { craft5BlockTypeHandles } from './type-names';

function build(
  model: ContentModelIndex,
  version: CraftVersion,
  definition = SCHEMAS.public,
): GraphQLSchema {
  return validContentSchema(model, definition, version);
}

function objectFields(schema: GraphQLSchema, typeName: string) {
  const type = schema.getType(typeName);
  if (!isObjectType(type) && !isInterfaceType(type)) throw new Error(`${typeName} is missing`);
  return type.getFields();
}

/** The demo model plus a second matrix field whose block types are `link` (an entry type) and `Text`. */
function clashingModel(): ContentModelIndex {
  const blocks: Field = {
    ...FIELDS.contentBlocks,
    id: 90,
    uid: 'uid-field-moreBlocks',
    handle: 'moreBlocks',
    blockTypes: [
      { id: 91, uid: 'uid-bt-91', handle: 'link', name: 'Link', fields: [] },
      { id: 92, uid: 'uid-bt-92', handle: 'Text', name: 'Text', fields: [] },
    ],
  };
  const model: ContentModel = { ...DEMO_MODEL, fields: [...DEMO_MODEL.fields, blocks] };
  return new ContentModelIndex(model);
}

describe('Craft 5 block type handles (the entrify-matrix-blocks migration’s rule)', () => {
  it('keeps free handles; a handle taken by an entry type or an earlier block type gets 2, 3...', () => {
    const model = clashingModel();
    const matrixFields = model.model.fields.filter((field) => field.type === 'matrix');
    const handles = craft5BlockTypeHandles(matrixFields, ['article', 'link', 'page']);
    expect(Object.fromEntries(handles)).toEqual({
      60: 'text',
      62: 'quote',
      65: 'image',
      91: 'link2',
      // Compared without case, as the migration does: `Text` clashes with `text`.
      92: 'Text2',
    });
  });
});

describe('Matrix fields as nested entries (Craft 5)', () => {
  it('types a Matrix field as the union of <blockType>_Entry types implementing EntryInterface', () => {
    const schema = build(demoModel(), '5');
    const field = objectFields(schema, 'article_Entry').contentBlocks;
    expect(String(field.type)).toBe('[contentBlocks_MatrixField]!');
    const unionType = schema.getType('contentBlocks_MatrixField');
    if (!isUnionType(unionType)) throw new Error('no union');
    expect(unionType.getTypes().map((type) => type.name)).toEqual([
      'text_Entry',
      'quote_Entry',
      'image_Entry',
    ]);
    const quote = schema.getType('quote_Entry');
    if (!isObjectType(quote)) throw new Error('no quote_Entry');
    expect(quote.getInterfaces().map((i) => i.name)).toEqual([
      'ElementInterface',
      'EntryInterface',
    ]);
    expect(Object.keys(quote.getFields())).toEqual(
      expect.arrayContaining(['quote', 'attribution', 'fieldId', 'ownerId', 'typeHandle']),
    );
    // Craft 4's block types and their interface are gone.
    expect(schema.getType('MatrixBlockInterface')).toBeUndefined();
    expect(Object.keys(schema.getTypeMap()).filter((name) => name.endsWith('_BlockType'))).toEqual(
      [],
    );
  });

  it('gives the Matrix field the entry arguments plus its block types’ custom-field arguments', () => {
    const schema = build(demoModel(), '5');
    const args = objectFields(schema, 'article_Entry').contentBlocks.args.map((arg) => arg.name);
    expect(args).toEqual(
      expect.arrayContaining(['section', 'type', 'field', 'ownerId', 'quote', 'attribution']),
    );
    // Other layouts' custom fields are not arguments of the Matrix field (Craft's getArguments()).
    expect(args).not.toContain('summary');
  });

  it('names clashing block types by the migration’s rule', () => {
    const model = clashingModel();
    const withField: ContentModel = {
      ...model.model,
      sections: model.model.sections.map((section) =>
        section.handle !== 'news'
          ? section
          : {
              ...section,
              entryTypes: section.entryTypes.map((type) =>
                type.handle === 'link'
                  ? { ...type, fields: [...type.fields, model.model.fields.at(-1)!] }
                  : type,
              ),
            },
      ),
    };
    const schema = build(new ContentModelIndex(withField), '5');
    const union = schema.getType('moreBlocks_MatrixField');
    if (!isUnionType(union)) throw new Error('no union');
    expect(union.getTypes().map((type) => type.name)).toEqual(['link2_Entry', 'Text2_Entry']);
  });

  it('adds the nested-entry fields to EntryInterface; sections become optional', () => {
    const schema = build(demoModel(), '5');
    const fields = objectFields(schema, 'EntryInterface');
    expect(
      ['fieldId', 'fieldHandle', 'ownerId', 'sortOrder', 'sectionId', 'sectionHandle'].map(
        (name) => `${name}: ${String(fields[name]?.type)}`,
      ),
    ).toEqual([
      'fieldId: Int',
      'fieldHandle: String',
      'ownerId: Int',
      'sortOrder: Int',
      'sectionId: Int',
      'sectionHandle: String',
    ]);
    expect(fields.primaryOwnerId).toBeUndefined();
    const craft4 = objectFields(build(demoModel(), '4'), 'EntryInterface');
    expect(craft4.fieldId).toBeUndefined();
    expect(String(craft4.sectionId.type)).toBe('Int!');
  });

  it('gives entries the field, fieldId, ownerId and primaryOwnerId arguments; section queries drop three', () => {
    const schema = build(demoModel(), '5');
    const rootArgs = (name: string) =>
      schema
        .getQueryType()!
        .getFields()
        [name].args.map((arg) => arg.name);
    for (const name of ['entries', 'entry', 'entryCount']) {
      expect(rootArgs(name)).toEqual(
        expect.arrayContaining(['field', 'fieldId', 'ownerId', 'primaryOwnerId']),
      );
    }
    const newsArgs = rootArgs('newsEntries');
    expect(newsArgs).toContain('primaryOwnerId');
    expect(newsArgs.filter((name) => ['field', 'fieldId', 'ownerId'].includes(name))).toEqual([]);
    const craft4 = build(demoModel(), '4').getQueryType()!.getFields().entries.args;
    expect(craft4.map((arg) => arg.name)).not.toContain('field');
  });
});

describe('several authors (Craft 5.0)', () => {
  it('adds authorIds and authors beside author when users are queryable', () => {
    const fields = objectFields(build(demoModel(), '5', SCHEMAS.editorial), 'EntryInterface');
    expect(String(fields.authorIds.type)).toBe('[Int]');
    expect(String(fields.authors.type)).toBe('[UserInterface]');
    expect(fields.author.description).toBe('The primary entry author.');
    // Without users: none of them, as for `author`.
    const narrow = objectFields(build(demoModel(), '5'), 'EntryInterface');
    expect([narrow.author, narrow.authorIds, narrow.authors]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const craft4 = objectFields(build(demoModel(), '4', SCHEMAS.editorial), 'EntryInterface');
    expect(craft4.authorIds).toBeUndefined();
    expect(craft4.author.description).toBe('The entry’s author.');
  });
});
