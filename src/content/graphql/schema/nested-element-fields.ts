import {
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
} from 'graphql';
import type { GraphQLFieldConfigArgumentMap } from 'graphql';
import type { Field, MatrixBlockType } from '../../model/content-model';
import { ElementKinds } from '../../model/element-kinds';
import type { ElementSource, GraphqlRequestContext } from '../graphql-request-context';
import { customFieldArgument } from './custom-field-argument';
import { elementFields } from './element-fields';
import type { ElementFieldConfig, ElementFieldMap } from './field-maps';
import type { SchemaTypes } from './schema-types';

/** Craft's names (craft\elements\Address::GQL_TYPE_NAME, craft\gql\interfaces\elements\*). */
const ADDRESS_TYPE = 'Address';
const ADDRESS_INTERFACE = 'AddressInterface';
const CONTENT_BLOCK_INTERFACE = 'ContentBlockInterface';

/**
 * An addresses field (Craft 5): `[AddressInterface]`, each address an `Address` element with
 * Craft's address attributes; the arguments are a nested element query's plus one filter per
 * attribute (`countryCode: "NL"`), as Craft's address arguments.
 */
export function addressesFieldConfig(
  types: SchemaTypes,
  field: Field,
  description: string | undefined,
): ElementFieldConfig | null {
  const blockType = field.blockTypes[0];
  if (blockType === undefined) return null;
  types.setRuntimeName(ElementKinds.matrixBlock, blockType.id, ADDRESS_TYPE);
  return {
    type: new GraphQLList(addressInterfaceType(types, blockType)),
    description,
    args: {
      ...types.kindArguments(ElementKinds.matrixBlock),
      ...attributeArguments(types, blockType),
    },
    resolve: (source, args, context) => context.elements.blocks(source, field, args),
  };
}

/**
 * The element fields and the attributes, read by handle (every addresses field's block type has
 * the same handles). `countryCode` is `String!` in Craft: an address without one reads as ''.
 */
/**
 * The `Address` type (and its interface), created once per schema. Reached only through the
 * interface, so the schema lists it with the concrete element types (concreteTypes).
 */
export function addressType(types: SchemaTypes, blockType: MatrixBlockType): GraphQLObjectType {
  return types.named(
    ADDRESS_TYPE,
    () =>
      new GraphQLObjectType<ElementSource, GraphqlRequestContext>({
        name: ADDRESS_TYPE,
        interfaces: () => [types.elementInterface(), addressInterfaceType(types, blockType)],
        fields: () => addressFields(types, blockType),
      }),
  );
}

function addressInterfaceType(
  types: SchemaTypes,
  blockType: MatrixBlockType,
): GraphQLInterfaceType {
  return types.named(
    ADDRESS_INTERFACE,
    () =>
      new GraphQLInterfaceType({
        name: ADDRESS_INTERFACE,
        description: 'This is the interface implemented by all addresses.',
        interfaces: () => [types.elementInterface()],
        fields: () => addressFields(types, blockType),
        resolveType: () => ADDRESS_TYPE,
      }),
  );
}

function addressFields(types: SchemaTypes, blockType: MatrixBlockType): ElementFieldMap {
  const fields: ElementFieldMap = { ...elementFields(types) };
  for (const attribute of blockType.fields) {
    const required = attribute.handle === 'countryCode';
    fields[attribute.handle] = {
      type: required ? new GraphQLNonNull(GraphQLString) : GraphQLString,
      resolve: (source, _args, context) => {
        const value = context.values.customField(source, attribute, {});
        return required ? (value ?? '') : value;
      },
    };
  }
  return fields;
}

function attributeArguments(
  types: SchemaTypes,
  blockType: MatrixBlockType,
): GraphQLFieldConfigArgumentMap {
  const args: GraphQLFieldConfigArgumentMap = {};
  for (const attribute of blockType.fields) {
    const config = customFieldArgument(attribute, types.scope);
    if (config !== null) args[attribute.handle] = config;
  }
  return args;
}

/**
 * A content block field (Craft 5.8): one `<field>_ContentBlock` element (never a list), with the
 * field's layout; null for an owner saved without one (Craft answers a new, unsaved block there).
 */
export function contentBlockFieldConfig(
  types: SchemaTypes,
  field: Field,
  description: string | undefined,
  customFields: (layout: readonly Field[], builtIn: ElementFieldMap) => ElementFieldMap,
): ElementFieldConfig | null {
  const blockType = field.blockTypes[0];
  if (blockType === undefined) return null;
  const name = `${field.handle}_ContentBlock`;
  types.setRuntimeName(ElementKinds.matrixBlock, blockType.id, name);
  const contentBlockInterface = types.named(
    CONTENT_BLOCK_INTERFACE,
    () =>
      new GraphQLInterfaceType({
        name: CONTENT_BLOCK_INTERFACE,
        description: 'This is the interface implemented by all content block elements.',
        interfaces: () => [types.elementInterface()],
        fields: () => contentBlockFields(types),
        resolveType: (value: ElementSource) => types.runtimeName(value),
      }),
  );
  const objectType = types.named(
    name,
    () =>
      new GraphQLObjectType<ElementSource, GraphqlRequestContext>({
        name,
        interfaces: () => [types.elementInterface(), contentBlockInterface],
        fields: () => {
          const builtIn = contentBlockFields(types);
          return { ...builtIn, ...customFields(blockType.fields, builtIn) };
        },
      }),
  );
  return {
    type: objectType,
    description,
    resolve: async (source, _args, context) =>
      (await context.elements.blocks(source, field, {}))[0] ?? null,
  };
}

function contentBlockFields(types: SchemaTypes): ElementFieldMap {
  return {
    ...elementFields(types),
    fieldId: {
      type: GraphQLInt,
      description: 'The ID of the field that contains the content block.',
      resolve: (source) => source.containerId,
    },
    fieldHandle: {
      type: GraphQLString,
      description: 'The handle of the field that contains the content block.',
      resolve: (source, _args, context) =>
        source.containerId === null ? null : context.model.fields.id(source.containerId)?.handle,
    },
    ownerId: {
      type: GraphQLInt,
      description: 'The ID of the content block’s owner element.',
    },
  };
}
