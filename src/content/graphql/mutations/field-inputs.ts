import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLString,
} from 'graphql';
import type {
  GraphQLFieldConfigArgumentMap,
  GraphQLInputFieldConfigMap,
  GraphQLInputType,
} from 'graphql';
import type { Field, TableColumn } from '../../model/content-model';
import { NumberScalar } from '../scalars/number.scalar';
import { QueryArgumentScalar } from '../scalars/query-argument.scalar';
import type { SchemaTypes } from '../schema/schema-types';
import { nestedEntryInputShape } from './nested-entry-input';
import type { MatrixInputShape } from './matrix-input-shape';
import { addressesInputType, contentBlockInputType } from './nested-element-input';

/** Craft's names of the input types mutations take. */
export const inputTypeNames = {
  file: 'FileInput',
  tableRow: (field: Field) => `${field.handle}_TableRowInput`,
  matrix: (field: Field) => `${field.handle}_MatrixInput`,
  blockContainer: (field: Field) => `${field.handle}_MatrixBlockContainerInput`,
  block: (field: Field, blockType: { handle: string }) =>
    `${field.handle}_${blockType.handle}_MatrixBlockInput`,
} as const;

/** Craft's `FileInput`: the file of an asset mutation. */
export function fileInputType(types: SchemaTypes): GraphQLInputObjectType {
  return types.named(
    inputTypeNames.file,
    () =>
      new GraphQLInputObjectType({
        name: inputTypeNames.file,
        fields: {
          fileData: {
            type: GraphQLString,
            description:
              'The contents of the file in Base64 format. If provided, takes precedence over the URL.',
          },
          filename: {
            type: GraphQLString,
            description:
              'The file name to use (including the extension) data with the `fileData` field.',
          },
          url: { type: GraphQLString, description: 'The URL of the file.' },
        },
      }),
  );
}

/**
 * The custom fields of a layout as mutation arguments (Craft's content-field mutation argument
 * types): a field whose handle is already an argument is left out (the built-in one wins), and so
 * are matrix fields without block types and tables without columns (empty input types).
 */
export function fieldInputArguments(
  types: SchemaTypes,
  layout: readonly Field[],
  builtIn: GraphQLFieldConfigArgumentMap,
): GraphQLFieldConfigArgumentMap {
  const args: GraphQLFieldConfigArgumentMap = {};
  for (const field of layout) {
    if (field.handle in builtIn || field.handle in args) continue;
    const type = fieldInputType(types, field);
    if (type === null) continue;
    args[field.handle] = {
      type,
      ...(field.instructions !== '' && { description: field.instructions }),
    };
  }
  return args;
}

/**
 * One custom field's input type: text-like fields `String`, number `Number`, lightswitch
 * `Boolean`, date `DateTime`, checkboxes and multi-select `[String]`, relation fields `[Int]`
 * (element ids, as Craft declares them), table `[<field>_TableRowInput]`, matrix
 * `<field>_MatrixInput` (Craft 5: of nested entries, nested-entry-input.ts).
 */
export function fieldInputType(types: SchemaTypes, field: Field): GraphQLInputType | null {
  switch (field.type) {
    case 'number':
    case 'range':
    case 'money': // the amount in major units, as the YAML and the importer take it
      return NumberScalar;
    case 'lightswitch':
      return GraphQLBoolean;
    case 'date':
      return types.dateTime;
    case 'checkboxes':
    case 'multiSelect':
      return new GraphQLList(GraphQLString);
    case 'entries':
    case 'assets':
    case 'categories':
    case 'tags':
    case 'users':
      return new GraphQLList(GraphQLInt);
    case 'table':
      return field.columns.length === 0 ? null : new GraphQLList(tableRowInput(types, field));
    case 'matrix':
      if (field.blockTypes.length === 0) return null;
      return matrixInput(
        types,
        field,
        types.craftVersion === '5'
          ? nestedEntryInputShape(types, field)
          : craft4MatrixInputShape(field),
      );
    case 'addresses': {
      const input = addressesInputType(types, field);
      return input === null ? null : new GraphQLList(input);
    }
    case 'contentBlock':
      return contentBlockInputType(types, field, (layoutField) =>
        fieldInputType(types, layoutField),
      );
    case 'plainText':
    case 'dropdown':
    case 'radioButtons':
    case 'buttonGroup':
    case 'email':
    case 'url':
    case 'color':
    case 'markdown':
    case 'richText':
    case 'country':
    case 'icon':
    case 'time': // `HH:MM` text, as table times are
    case 'link': // a URL, `mailto:`/`tel:`/`sms:` text or `{entry:12}`
    case 'json': // JSON text, as Craft's default field argument
      return GraphQLString;
  }
}

/** A table row by column key (`col1`...) and by column handle, as Craft's output rows. */
function tableRowInput(types: SchemaTypes, field: Field): GraphQLInputObjectType {
  const name = inputTypeNames.tableRow(field);
  return types.named(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {};
          for (const column of field.columns) {
            for (const key of [column.key, column.handle]) {
              if (key !== '' && !(key in fields)) {
                fields[key] = { type: cellInputType(types, column) };
              }
            }
          }
          return fields;
        },
      }),
  );
}

/** Times are `HH:MM` text (a DateTime would carry a date and a zone that mean nothing here). */
function cellInputType(types: SchemaTypes, column: TableColumn): GraphQLInputType {
  switch (column.type) {
    case 'number':
      return NumberScalar;
    case 'lightswitch':
      return GraphQLBoolean;
    case 'date':
      return types.dateTime;
    // Times are text (above).
    case 'time':
    case 'singleline':
    case 'multiline':
    case 'email':
    case 'url':
    case 'color':
    case 'select':
      return GraphQLString;
  }
}

function craft4MatrixInputShape(field: Field): MatrixInputShape {
  return {
    container: inputTypeNames.blockContainer(field),
    list: 'blocks',
    key: (blockType) => blockType.handle,
    block: (handle) => inputTypeNames.block(field, { handle }),
  };
}

/**
 * Craft's matrix input: `sortOrder` lists the ids of every block to keep, new ones included
 * (`"new1"`...), in order; `blocks` (Craft 5: `entries`) holds the blocks to write, each under
 * its block type's handle with its `id` and field values.
 */
function matrixInput(
  types: SchemaTypes,
  field: Field,
  shape: MatrixInputShape,
): GraphQLInputObjectType {
  const container = types.named(
    shape.container,
    () =>
      new GraphQLInputObjectType({
        name: shape.container,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {};
          for (const blockType of field.blockTypes) {
            const key = shape.key(blockType);
            const name = shape.block(key);
            fields[key] = {
              type: types.named(
                name,
                () =>
                  new GraphQLInputObjectType({
                    name,
                    fields: () => ({
                      id: { type: GraphQLID },
                      ...inputFields(
                        fieldInputArguments(types, blockType.fields, { id: { type: GraphQLID } }),
                      ),
                    }),
                  }),
              ),
            };
          }
          return fields;
        },
      }),
  );
  return types.named(
    inputTypeNames.matrix(field),
    () =>
      new GraphQLInputObjectType({
        name: inputTypeNames.matrix(field),
        fields: () => ({
          sortOrder: { type: new GraphQLList(QueryArgumentScalar) },
          [shape.list]: { type: new GraphQLList(container) },
        }),
      }),
  );
}

export function inputFields(args: GraphQLFieldConfigArgumentMap): GraphQLInputFieldConfigMap {
  const fields: GraphQLInputFieldConfigMap = {};
  for (const [name, arg] of Object.entries(args)) {
    fields[name] = { type: arg.type, description: arg.description };
  }
  return fields;
}
