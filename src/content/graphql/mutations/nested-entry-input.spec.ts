import { isInputObjectType } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import { fullSchema } from '../../schemas/full-schema';
import { ScopeGrants } from '../scope-grants';
import { demoModel } from '../scope-grants.fixtures';
import { buildContentSchema } from '../schema/content-schema.builder';
import { SchemaTypes } from '../schema/schema-types';
import type { CraftVersion } from '../schema/craft-version';
import { withCraft4MatrixInputs } from './nested-entry-input';

const model = demoModel();
const grants = new ScopeGrants(fullSchema(model), model);

function build(version: CraftVersion): GraphQLSchema {
  return buildContentSchema(model, grants, 'UTC', undefined, version);
}

function inputFields(schema: GraphQLSchema, name: string): Record<string, string> {
  const type = schema.getType(name);
  if (!isInputObjectType(type)) throw new Error(`${name} is missing`);
  return Object.fromEntries(
    Object.values(type.getFields()).map((field) => [field.name, String(field.type)]),
  );
}

describe('Craft 5 Matrix input (nested entries under `entries`)', () => {
  it('renames Craft 4’s container shape: <field>_MatrixEntryContainerInput, <field>_<type>_MatrixEntryInput', () => {
    const schema = build('5');
    const save = schema.getMutationType()!.getFields().save_news_article_Entry;
    expect(String(save.args.find((arg) => arg.name === 'contentBlocks')?.type)).toBe(
      'contentBlocks_MatrixInput',
    );
    expect(inputFields(schema, 'contentBlocks_MatrixInput')).toEqual({
      sortOrder: '[QueryArgument]',
      entries: '[contentBlocks_MatrixEntryContainerInput]',
    });
    expect(inputFields(schema, 'contentBlocks_MatrixEntryContainerInput')).toEqual({
      text: 'contentBlocks_text_MatrixEntryInput',
      quote: 'contentBlocks_quote_MatrixEntryInput',
      image: 'contentBlocks_image_MatrixEntryInput',
    });
    expect(inputFields(schema, 'contentBlocks_quote_MatrixEntryInput')).toEqual({
      id: 'ID',
      quote: 'String',
      attribution: 'String',
    });
    expect(schema.getType('contentBlocks_MatrixBlockContainerInput')).toBeUndefined();
    // Craft 4 keeps its names.
    const craft4 = build('4');
    expect(Object.keys(inputFields(craft4, 'contentBlocks_MatrixInput'))).toEqual([
      'sortOrder',
      'blocks',
    ]);
    expect(craft4.getType('contentBlocks_MatrixEntryContainerInput')).toBeUndefined();
  });

  it('hands the writer Craft 4’s shape, keyed by the model’s block type handles', () => {
    const types = new SchemaTypes(model, grants, 'UTC', undefined, '5');
    const layout = model.model.fields.filter((field) => field.handle === 'contentBlocks');
    const args = {
      title: 'T',
      contentBlocks: {
        sortOrder: ['7', 'new1'],
        entries: [{ quote: { id: 'new1', quote: 'Q' } }, null],
      },
    };
    expect(withCraft4MatrixInputs(types, layout, args)).toEqual({
      title: 'T',
      contentBlocks: {
        sortOrder: ['7', 'new1'],
        blocks: [{ quote: { id: 'new1', quote: 'Q' } }, null],
      },
    });
    expect(withCraft4MatrixInputs(types, layout, { contentBlocks: null })).toEqual({
      contentBlocks: null,
    });
    const craft4 = new SchemaTypes(model, grants, 'UTC', undefined, '4');
    expect(withCraft4MatrixInputs(craft4, layout, args)).toBe(args);
  });
});
