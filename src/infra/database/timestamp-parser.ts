import { types } from 'pg';

const TIMESTAMPTZ = 1184;

/**
 * node-postgres' type parsers with a faster `timestamptz`: V8's own date parser reads the text
 * PostgreSQL sends (`2024-01-01 09:00:00.123+00`, any offset) about twice as fast as
 * postgres-date's expressions; what it cannot read as PostgreSQL means it (BC dates, infinity)
 * goes to node-postgres' parser, so the values are the same Dates (the spec compares them).
 */
export const FAST_TIMESTAMP_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === TIMESTAMPTZ && format !== 'binary') return parseTimestamptz;
    return types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  },
};

const ZERO = 48;
const DASH = 45;
const slowParse = types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => unknown;

export function parseTimestamptz(value: string): unknown {
  // V8 takes years before 1000 for others and a BC year as AD; `infinity` is NaN to it.
  const yearOf4Digits = value.charCodeAt(0) !== ZERO && value.charCodeAt(4) === DASH;
  if (!yearOf4Digits || value.endsWith('BC')) return slowParse(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? slowParse(value) : date;
}
