import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

export type QueryArgumentValue = string | number | boolean;

const MESSAGE = 'QueryArgument must be either a string, an integer, or a boolean value.';

/** Craft's `QueryArgument`: the input scalar of id-like parameters (string, integer or boolean). */
export const QueryArgumentScalar = new GraphQLScalarType<QueryArgumentValue, QueryArgumentValue>({
  name: 'QueryArgument',
  description:
    'The `QueryArgument` scalar type represents a value to be using in Craft element queries. It can be either an integer, a string, or a boolean value.',
  serialize(value) {
    if (isQueryArgument(value)) return value;
    return String(value);
  },
  parseValue(value) {
    if (isQueryArgument(value)) return value;
    throw new GraphQLError(MESSAGE);
  },
  parseLiteral(node) {
    switch (node.kind) {
      case Kind.STRING:
        return node.value;
      case Kind.INT:
        return Number.parseInt(node.value, 10);
      case Kind.BOOLEAN:
        return node.value;
      case Kind.FLOAT:
      case Kind.NULL:
      case Kind.ENUM:
      case Kind.LIST:
      case Kind.OBJECT:
      case Kind.VARIABLE:
        // The node gives the error its location in the query.
        throw new GraphQLError(MESSAGE, { nodes: node });
    }
  },
});

function isQueryArgument(value: unknown): value is QueryArgumentValue {
  return typeof value === 'string' || typeof value === 'boolean' || Number.isInteger(value);
}
