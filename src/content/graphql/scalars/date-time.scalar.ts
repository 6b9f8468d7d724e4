import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import type { ValueNode } from 'graphql';
import { formatAtomDate } from './atom-date';

/**
 * Craft's `DateTime`: dates go out as ATOM strings in `timeZone` (UTC unless the dates-in-system-
 * time-zone setting is on). Strings pass through unchanged because @formatDateTime has already
 * turned the value into text. Input: any date string `Date` can parse.
 */
export function dateTimeScalar(timeZone: string): GraphQLScalarType<Date | string, string> {
  return new GraphQLScalarType<Date | string, string>({
    name: 'DateTime',
    description: 'The `DateTime` scalar type represents a point in time.',
    serialize(value) {
      if (value instanceof Date) return formatAtomDate(value, timeZone);
      if (typeof value === 'string') return value;
      throw new GraphQLError(`DateTime cannot represent value: ${String(value)}`);
    },
    parseValue(value) {
      return parseDate(value);
    },
    parseLiteral(node) {
      if (node.kind !== Kind.STRING) {
        throw new GraphQLError('DateTime must be a date string.', { nodes: node });
      }
      return parseDate(node.value, node);
    },
  });
}

function parseDate(value: unknown, node?: ValueNode): Date {
  if (typeof value === 'string') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new GraphQLError(`DateTime cannot represent value: ${JSON.stringify(value)}`, {
    nodes: node,
  });
}
