import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/**
 * Craft's `Number`: integers go out as integers, other numbers as floats (a numeric string is
 * read as a number). Empty values are null: resolvers return null for them, because graphql-js
 * does not let a scalar turn a value into null.
 */
export const NumberScalar = new GraphQLScalarType<number | null, number>({
  name: 'Number',
  description:
    'The `Number` scalar type represents a number that can be a float, an integer or a null value.',
  serialize(value) {
    const number = toNumber(value);
    if (number === null) {
      throw new GraphQLError(`Number cannot represent value: ${JSON.stringify(value)}`);
    }
    return number;
  },
  parseValue(value) {
    if (value === null) return null;
    const number = toNumber(value);
    if (number === null) {
      throw new GraphQLError(`Number cannot represent value: ${JSON.stringify(value)}`);
    }
    return number;
  },
  parseLiteral(node) {
    switch (node.kind) {
      case Kind.INT:
      case Kind.FLOAT:
        return Number(node.value);
      case Kind.STRING: {
        const number = toNumber(node.value);
        if (number === null) {
          throw new GraphQLError('Number must be a numeric value.', { nodes: node });
        }
        return number;
      }
      case Kind.NULL:
        return null;
      case Kind.BOOLEAN:
      case Kind.ENUM:
      case Kind.LIST:
      case Kind.OBJECT:
      case Kind.VARIABLE:
        throw new GraphQLError('Number must be a numeric value.', { nodes: node });
    }
  },
});

/** A finite number from a number or a numeric string; null for anything else (including ''). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}
