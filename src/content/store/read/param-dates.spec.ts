import { parseDateValue } from './param-dates';

const now = new Date('2025-06-01T12:00:00Z');

describe('parseDateValue', () => {
  it('reads dates and date-times, UTC unless a zone is given', () => {
    expect(parseDateValue('2024-01-01', now).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(parseDateValue('2024-01-01 10:30', now).toISOString()).toBe('2024-01-01T10:30:00.000Z');
    expect(parseDateValue('2024-01-01T10:30:15.5Z', now).toISOString()).toBe(
      '2024-01-01T10:30:15.500Z',
    );
    expect(parseDateValue('2024-01-01T10:30:00+02:00', now).toISOString()).toBe(
      '2024-01-01T08:30:00.000Z',
    );
    expect(parseDateValue('2024-01-01T10:30:00-0130', now).toISOString()).toBe(
      '2024-01-01T12:00:00.000Z',
    );
  });

  it('reads now and Unix timestamps', () => {
    expect(parseDateValue('now', now)).toBe(now);
    expect(parseDateValue(1704067200, now).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(parseDateValue('1704067200', now).toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('rejects what is not a date', () => {
    expect(() => parseDateValue('yesterday-ish', now)).toThrow(
      'Invalid date value "yesterday-ish"',
    );
    expect(() => parseDateValue('2024-02-31', now)).toThrow('Invalid date value "2024-02-31"');
    expect(() => parseDateValue(true, now)).toThrow('Invalid date value "true"');
  });

  // Found by criteria-arguments.store.property.spec.ts: these reached the SQL (or toISOString).
  it.each([
    '9223372036854775808',
    '-9223372036854775808',
    '-99999999999',
    '253402300800',
    '0000-01-01',
    '0001-01-01T00:30:00+01:00',
  ])('rejects %s, outside the years 1 to 9999', (value) => {
    expect(() => parseDateValue(value, now)).toThrow(`Invalid date value "${value}"`);
  });

  it('takes the first and last instants of the years 1 to 9999', () => {
    expect(parseDateValue('0001-01-01', now).toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(parseDateValue(253402300799, now).toISOString()).toBe('9999-12-31T23:59:59.000Z');
    expect(() => parseDateValue(2 ** 63, now)).toThrow('Invalid date value');
  });
});
