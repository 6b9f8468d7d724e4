import { GraphQLError, GraphQLScalarType } from 'graphql';
import { MoneyValue } from '../../directives/money';

/**
 * Craft's `Money`: a Money field's value, formatted with its currency in the element's site locale
 * (`$1,234.50`); `@money` chooses another form, which goes out as the text it made.
 */
export const MoneyScalar = new GraphQLScalarType<string, string>({
  name: 'Money',
  description: 'The `Money` scalar type represents a formatted amount of money.',
  serialize(value) {
    if (value instanceof MoneyValue || typeof value === 'string') return String(value);
    throw new GraphQLError(`Money cannot represent value: ${JSON.stringify(value)}`);
  },
  parseValue() {
    throw new GraphQLError('Money is an output type: send amounts as numbers');
  },
  parseLiteral() {
    throw new GraphQLError('Money is an output type: send amounts as numbers');
  },
});
