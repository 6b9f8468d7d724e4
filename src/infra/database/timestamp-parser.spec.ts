import { types } from 'pg';
import { FAST_TIMESTAMP_TYPES, parseTimestamptz } from './timestamp-parser';

describe('parseTimestamptz', () => {
  const pgParse = types.getTypeParser(1184, 'text') as (value: string) => unknown;

  it.each([
    '2024-01-01 09:00:00+00',
    '2024-01-01 10:00:00+01',
    '2024-01-01 10:00:00.123456+05:30',
    '2024-01-01 10:00:00.5-03:30',
    '1883-11-18 12:00:00+00',
    '0001-01-01 00:00:00+00',
    '0999-06-01 12:00:00+00',
    '1000-06-01 12:00:00+00',
    '1883-11-18 11:59:59-04:56:02',
    '2024-06-01 12:00:00.000001+14',
    '9999-12-31 23:59:59.999+00',
    '10000-01-01 00:00:00+00',
    '0044-03-15 00:00:00+00 BC',
    'infinity',
    '-infinity',
  ])('reads %s as node-postgres does', (text) => {
    expect(parseTimestamptz(text)).toEqual(pgParse(text));
  });

  it('leaves every other type to node-postgres', () => {
    expect(FAST_TIMESTAMP_TYPES.getTypeParser(1184, 'text')).toBe(parseTimestamptz);
    expect(FAST_TIMESTAMP_TYPES.getTypeParser(20, 'text')).toBe(types.getTypeParser(20, 'text'));
    expect(FAST_TIMESTAMP_TYPES.getTypeParser(1114, 'text')).toBe(
      types.getTypeParser(1114, 'text'),
    );
  });
});
