import { GraphQLError, Kind } from 'graphql';
import { dateTimeScalar } from './date-time.scalar';
import { NumberScalar } from './number.scalar';
import { QueryArgumentScalar } from './query-argument.scalar';

describe('DateTime', () => {
  const utc = dateTimeScalar('UTC');

  it('serializes dates as ATOM in the presentation zone and passes formatted text through', () => {
    const date = new Date('2019-08-21T10:05:00Z');
    expect(utc.serialize(date)).toBe('2019-08-21T10:05:00+00:00');
    expect(dateTimeScalar('Europe/Berlin').serialize(date)).toBe('2019-08-21T12:05:00+02:00');
    expect(utc.serialize('21 Aug 2019')).toBe('21 Aug 2019');
    expect(() => utc.serialize(42)).toThrow(GraphQLError);
  });

  it('parses any date string Date understands', () => {
    expect(utc.parseValue('2019-08-21T10:05:00+02:00')).toEqual(new Date('2019-08-21T08:05:00Z'));
    expect(utc.parseLiteral({ kind: Kind.STRING, value: '2024-01-01' })).toEqual(
      new Date('2024-01-01T00:00:00Z'),
    );
    expect(() => utc.parseValue('not a date')).toThrow(GraphQLError);
    expect(() => utc.parseLiteral({ kind: Kind.INT, value: '1' })).toThrow(GraphQLError);
  });
});

describe('QueryArgument', () => {
  const message = 'QueryArgument must be either a string, an integer, or a boolean value.';

  it('accepts strings, integers and booleans', () => {
    expect(QueryArgumentScalar.parseValue('not 5')).toBe('not 5');
    expect(QueryArgumentScalar.parseValue(5)).toBe(5);
    expect(QueryArgumentScalar.parseValue(false)).toBe(false);
    expect(QueryArgumentScalar.parseLiteral({ kind: Kind.INT, value: '12' })).toBe(12);
    expect(QueryArgumentScalar.parseLiteral({ kind: Kind.STRING, value: ':empty:' })).toBe(
      ':empty:',
    );
    expect(QueryArgumentScalar.parseLiteral({ kind: Kind.BOOLEAN, value: true })).toBe(true);
  });

  it('rejects floats and objects with Craft’s message', () => {
    expect(() => QueryArgumentScalar.parseValue(1.5)).toThrow(message);
    expect(() => QueryArgumentScalar.parseValue({ a: 1 })).toThrow(message);
    expect(() => QueryArgumentScalar.parseLiteral({ kind: Kind.FLOAT, value: '1.5' })).toThrow(
      message,
    );
  });
});

describe('Number', () => {
  it('serializes integers as integers and others as floats', () => {
    expect(NumberScalar.serialize(3)).toBe(3);
    expect(NumberScalar.serialize(3.5)).toBe(3.5);
    expect(NumberScalar.serialize('4.25')).toBe(4.25);
    expect(() => NumberScalar.serialize('abc')).toThrow(GraphQLError);
  });

  it('accepts ints, floats, numeric strings and null as input', () => {
    expect(NumberScalar.parseLiteral({ kind: Kind.INT, value: '7' })).toBe(7);
    expect(NumberScalar.parseLiteral({ kind: Kind.FLOAT, value: '7.5' })).toBe(7.5);
    expect(NumberScalar.parseLiteral({ kind: Kind.STRING, value: '7.5' })).toBe(7.5);
    expect(NumberScalar.parseLiteral({ kind: Kind.NULL })).toBeNull();
    expect(NumberScalar.parseValue(null)).toBeNull();
    expect(() => NumberScalar.parseLiteral({ kind: Kind.STRING, value: 'x' })).toThrow(
      GraphQLError,
    );
  });
});
