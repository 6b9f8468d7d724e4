import { GraphQLID, GraphQLInputObjectType, GraphQLNonNull, GraphQLString } from 'graphql';
import type { GraphQLInputFieldConfigMap, GraphQLInputType } from 'graphql';
import type { Field } from '../../model/content-model';
import type { SchemaTypes } from '../schema/schema-types';
import type { ExistingBlock } from './matrix-input';

/** Craft's input type of every addresses field (craft\gql\types\input\Addresses). */
const ADDRESSES_INPUT = 'AddressesInput';

/**
 * `AddressesInput`: an address's `id` (an existing address of the field; without one the address
 * is new) and its attributes, `countryCode` required as in Craft.
 */
export function addressesInputType(types: SchemaTypes, field: Field): GraphQLInputType | null {
  const blockType = field.blockTypes[0];
  if (blockType === undefined) return null;
  return types.named(ADDRESSES_INPUT, () => {
    const fields: GraphQLInputFieldConfigMap = { id: { type: GraphQLID } };
    for (const attribute of blockType.fields) {
      fields[attribute.handle] = {
        type:
          attribute.handle === 'countryCode' ? new GraphQLNonNull(GraphQLString) : GraphQLString,
      };
    }
    return new GraphQLInputObjectType({ name: ADDRESSES_INPUT, fields });
  });
}

/** `<field>_ContentBlockInput` (Craft 5.8): the layout's fields, as the owner's arguments are. */
export function contentBlockInputType(
  types: SchemaTypes,
  field: Field,
  inputOf: (layoutField: Field) => GraphQLInputType | null,
): GraphQLInputType | null {
  const blockType = field.blockTypes[0];
  if (blockType === undefined) return null;
  const name = `${field.handle}_ContentBlockInput`;
  return types.named(
    name,
    () =>
      new GraphQLInputObjectType({
        name,
        description: `Defines the content within the “${field.name}” Content Block field’s data.`,
        fields: () => {
          const fields: GraphQLInputFieldConfigMap = {};
          for (const layoutField of blockType.fields) {
            const type = inputOf(layoutField);
            if (type !== null) fields[layoutField.handle] = { type };
          }
          return fields;
        },
      }),
  );
}

/**
 * An addresses or content block argument in the matrix input form (`{ blocks }`), so that one
 * reading (matrix-input.ts) matches ids to the owner's blocks: addresses with an `id` update that
 * address, others are new, addresses left out are deleted (Craft's); a content block updates the
 * owner's one block, or makes it. `null` clears either.
 */
export function asMatrixInput(
  field: Field,
  value: unknown,
  existing: readonly ExistingBlock[],
): unknown {
  const blockType = field.blockTypes[0];
  if (value === null || blockType === undefined || field.type === 'matrix') return value;
  if (field.type === 'addresses') {
    return { blocks: (value as unknown[]).map((address) => ({ [blockType.handle]: address })) };
  }
  const current = existing[0];
  const values = value as Record<string, unknown>;
  return {
    blocks: [
      { [blockType.handle]: current === undefined ? values : { ...values, id: current.id } },
    ],
  };
}
