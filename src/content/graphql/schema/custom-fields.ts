import {
  GraphQLBoolean,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  GraphQLUnionType,
} from 'graphql';
import type { GraphQLFieldConfigArgumentMap, GraphQLOutputType } from 'graphql';
import type { Field, MatrixBlockType, TableColumn } from '../../model/content-model';
import { ElementKinds } from '../../model/element-kinds';
import type { ElementSource, GraphqlRequestContext } from '../graphql-request-context';
import { NumberScalar, toNumber } from '../scalars/number.scalar';
import { MoneyScalar } from '../scalars/money.scalar';
import { linkFieldConfig } from './link-data';
import { addressesFieldConfig, contentBlockFieldConfig } from './nested-element-fields';
import type { ElementFieldConfig, ElementFieldMap } from './field-maps';
import type { SchemaTypes } from './schema-types';
import { typeNames } from './type-names';
import { relationTargetKind } from '../../model/field-types';

const LABEL_ARGUMENT: GraphQLFieldConfigArgumentMap = {
  label: {
    type: GraphQLBoolean,
    description: 'Whether the option label should be returned instead of the value.',
  },
};

/**
 * The fields a layout adds to a concrete type (docs/content-graphql.md#fields), after the
 * interface's fields; a custom field whose handle is already a built-in field is left out (the
 * built-in wins). Relation fields whose target kind the scope cannot query are left out too.
 */
export function customFieldConfigs(
  types: SchemaTypes,
  fields: readonly Field[],
  builtIn: ElementFieldMap,
  /** The type's records come from several layouts: relations read each record's own field. */
  mixedLayouts = false,
): ElementFieldMap {
  const configs: ElementFieldMap = {};
  for (const field of fields) {
    if (field.handle in builtIn || field.handle in configs) continue;
    const config = customFieldConfig(types, field, mixedLayouts);
    if (config !== null) configs[field.handle] = config;
  }
  return configs;
}

function customFieldConfig(
  types: SchemaTypes,
  field: Field,
  mixedLayouts: boolean,
): ElementFieldConfig | null {
  const description = field.instructions === '' ? undefined : field.instructions;
  const value = (type: GraphQLOutputType, args?: GraphQLFieldConfigArgumentMap) => ({
    type,
    description,
    ...(args !== undefined && { args }),
    resolve: (
      source: ElementSource,
      fieldArgs: Readonly<Record<string, unknown>>,
      context: GraphqlRequestContext,
    ) => context.values.customField(source, field, fieldArgs),
  });
  switch (field.type) {
    case 'number':
    case 'range':
      return value(NumberScalar);
    case 'money':
      return value(MoneyScalar);
    case 'lightswitch':
      return value(GraphQLBoolean);
    case 'date':
    case 'time':
      return value(types.dateTime);
    case 'dropdown':
    case 'radioButtons':
    case 'buttonGroup':
      return value(GraphQLString, LABEL_ARGUMENT);
    case 'checkboxes':
    case 'multiSelect':
      return value(new GraphQLList(GraphQLString), LABEL_ARGUMENT);
    case 'table':
      return value(new GraphQLList(tableRowType(types, field)));
    case 'matrix':
      return matrixFieldConfig(types, field, description);
    case 'link':
      return linkFieldConfig(types, field, description);
    case 'addresses':
      return addressesFieldConfig(types, field, description);
    case 'contentBlock':
      return contentBlockFieldConfig(types, field, description, (layout, builtIn) =>
        customFieldConfigs(types, layout, builtIn),
      );
    case 'entries':
    case 'assets':
    case 'categories':
    case 'tags':
    case 'users':
      return relationFieldConfig(types, field, description, mixedLayouts);
    case 'plainText':
    case 'email':
    case 'url':
    case 'color':
    case 'markdown':
    case 'richText':
    case 'country':
    case 'icon':
    case 'json': // the JSON text, as Craft's JsonData prints
      return value(GraphQLString);
  }
}

function relationFieldConfig(
  types: SchemaTypes,
  field: Field,
  description: string | undefined,
  mixedLayouts: boolean,
): ElementFieldConfig | null {
  const target = relationTargetKind(field.type);
  if (target === undefined || !types.scope.canQuery(target)) return null;
  return {
    type: new GraphQLNonNull(new GraphQLList(types.kindInterface(target))),
    description,
    args: types.kindArguments(target),
    resolve: mixedLayouts
      ? (source, args, context) =>
          context.elements.related(source, types.ownField(source, field), args)
      : (source, args, context) => context.elements.related(source, field, args),
  };
}

/**
 * A matrix field: `[<field>_MatrixField]!`, the union of its block types (Craft 4) or of the
 * nested entry types its block types became (Craft 5: `<blockTypeHandle>_Entry`, implementing
 * `EntryInterface`, with the entry query's arguments and the block types' custom fields').
 */
function matrixFieldConfig(
  types: SchemaTypes,
  field: Field,
  description: string | undefined,
): ElementFieldConfig | null {
  if (field.blockTypes.length === 0) return null;
  const craft5 = types.craftVersion === '5';
  const union = types.named(
    typeNames.matrixUnion(field),
    () =>
      new GraphQLUnionType({
        name: typeNames.matrixUnion(field),
        types: () =>
          field.blockTypes.map((blockType) =>
            craft5
              ? nestedEntryObjectType(types, blockType)
              : blockObjectType(types, field, blockType),
          ),
        resolveType: (value: ElementSource) => types.runtimeName(value),
      }),
  );
  return {
    type: new GraphQLNonNull(new GraphQLList(union)),
    description,
    args: craft5
      ? types.nestedEntryArguments(field)
      : types.kindArguments(ElementKinds.matrixBlock),
    // Craft 5's entry arguments on blocks: the criteria builder reads them (nested-entries.ts).
    resolve: (source, args, context) => context.elements.blocks(source, field, args),
  };
}

function blockObjectType(
  types: SchemaTypes,
  field: Field,
  blockType: MatrixBlockType,
): GraphQLObjectType {
  const name = typeNames.block(field, blockType);
  return types.named(name, () => {
    types.setRuntimeName(ElementKinds.matrixBlock, blockType.id, name);
    return new GraphQLObjectType<ElementSource, GraphqlRequestContext>({
      name,
      interfaces: () => [types.elementInterface(), types.kindInterface(ElementKinds.matrixBlock)],
      fields: () => {
        const builtIn = types.kindFields(ElementKinds.matrixBlock);
        return { ...builtIn, ...customFieldConfigs(types, blockType.fields, builtIn) };
      },
    });
  });
}

/**
 * Craft 5: the entry type a block type became. Its records are the blocks (kind matrixblock), so
 * the runtime name is registered for the block type; the fields are EntryInterface's.
 */
function nestedEntryObjectType(types: SchemaTypes, blockType: MatrixBlockType): GraphQLObjectType {
  const name = types.nestedEntryTypeName(blockType);
  // Registered outside `named`: a global entry type's type may exist already (its entries').
  types.setRuntimeName(ElementKinds.matrixBlock, blockType.id, name, blockType.fields);
  return types.named(name, () => {
    return new GraphQLObjectType<ElementSource, GraphqlRequestContext>({
      name,
      interfaces: () => [types.elementInterface(), types.kindInterface(ElementKinds.entry)],
      fields: () => {
        const builtIn = types.kindFields(ElementKinds.entry);
        return {
          ...builtIn,
          ...customFieldConfigs(types, blockType.fields, builtIn, types.mixesLayouts(name)),
        };
      },
    });
  });
}

/** Table rows: each column by its key (`col1`...) and by its handle. */
function tableRowType(types: SchemaTypes, field: Field): GraphQLObjectType {
  const name = typeNames.tableRow(field);
  return types.named(
    name,
    () =>
      new GraphQLObjectType<Readonly<Record<string, unknown>>>({
        name,
        fields: () => {
          const fields: Record<
            string,
            {
              type: GraphQLOutputType;
              resolve: (row: Readonly<Record<string, unknown>>) => unknown;
            }
          > = {};
          for (const column of field.columns) {
            for (const key of [column.key, column.handle]) {
              if (key === '' || key in fields) continue;
              fields[key] = tableColumnField(types, column, key);
            }
          }
          return fields;
        },
      }),
  );
}

function tableColumnField(
  types: SchemaTypes,
  column: TableColumn,
  key: string,
): { type: GraphQLOutputType; resolve: (row: Readonly<Record<string, unknown>>) => unknown } {
  switch (column.type) {
    case 'number':
      return { type: NumberScalar, resolve: (row) => toNumber(row[key]) };
    case 'lightswitch':
      return { type: GraphQLBoolean, resolve: (row) => row[key] ?? null };
    case 'date':
    case 'time':
      return { type: types.dateTime, resolve: (row) => emptyToNull(row[key]) };
    case 'singleline':
    case 'multiline':
    case 'email':
    case 'url':
    case 'color':
    case 'select':
      return { type: GraphQLString, resolve: (row) => row[key] ?? null };
  }
}

function emptyToNull(value: unknown): unknown {
  return value === '' || value === undefined ? null : value;
}
