import { DirectiveArgumentError } from './directive-functions';
import { formatDateTime, formatDateTimeValue } from './format-date-time';

/** Monday 2024-01-15 14:30:05.123 UTC (winter in the north). */
const WINTER = new Date('2024-01-15T14:30:05.123Z');
/** Thursday 2024-07-04 12:00:00 UTC (summer time in the north). */
const SUMMER = new Date('2024-07-04T12:00:00.000Z');

const php = (date: Date, format: string, timezone?: string, locale?: string): string =>
  formatDateTime(date, { format, timezone, locale });

describe('formatDateTime with PHP date() letters', () => {
  it('defaults to ATOM in UTC', () => {
    expect(formatDateTime(WINTER, {})).toBe('2024-01-15T14:30:05+00:00');
    expect(formatDateTime(WINTER, { format: null, timezone: null, locale: null })).toBe(
      '2024-01-15T14:30:05+00:00',
    );
  });

  it('converts to the given zone, with its offset and daylight saving time', () => {
    expect(formatDateTime(WINTER, { timezone: 'America/New_York' })).toBe(
      '2024-01-15T09:30:05-05:00',
    );
    expect(formatDateTime(SUMMER, { timezone: 'America/New_York' })).toBe(
      '2024-07-04T08:00:00-04:00',
    );
    expect(php(WINTER, 'H:i T I O P Z e', 'America/New_York')).toBe(
      '09:30 EST 0 -0500 -05:00 -18000 America/New_York',
    );
    expect(php(SUMMER, 'H:i T I', 'America/New_York')).toBe('08:00 EDT 1');
    expect(php(WINTER, 'H:i T I P', 'Europe/Berlin')).toBe('15:30 CET 0 +01:00');
    expect(php(SUMMER, 'H:i T I P', 'Europe/Berlin')).toBe('14:00 CEST 1 +02:00');
    expect(php(WINTER, 'H:i T P', 'Asia/Kolkata')).toBe('20:00 IST +05:30');
    expect(php(WINTER, 'H:i T I', 'Australia/Sydney')).toBe('01:30 AEDT 1');
    // zones without an English abbreviation print the offset, as PHP does for e.g. America/Sao_Paulo
    expect(php(WINTER, 'H:i T', 'America/Sao_Paulo')).toBe('11:30 -03');
  });

  it('accepts zone names in any letter case, UTC, and fixed offsets', () => {
    expect(php(WINTER, 'c e', 'america/new_york')).toBe(
      '2024-01-15T09:30:05-05:00 America/New_York',
    );
    expect(php(WINTER, 'c T', 'UTC')).toBe('2024-01-15T14:30:05+00:00 UTC');
    expect(php(WINTER, 'c e T', '+05:30')).toBe('2024-01-15T20:00:05+05:30 +05:30 +05:30');
    expect(php(WINTER, 'c', '-0800')).toBe('2024-01-15T06:30:05-08:00');
    expect(php(WINTER, 'p', 'UTC')).toBe('Z');
    expect(php(WINTER, 'p', '+02:00')).toBe('+02:00');
  });

  it('rejects an unknown zone with a message naming it', () => {
    expect(() => formatDateTime(WINTER, { timezone: 'Mars/Olympus' })).toThrow(
      DirectiveArgumentError,
    );
    expect(() => formatDateTime(WINTER, { timezone: 'Mars/Olympus' })).toThrow(
      'Unknown or bad timezone (Mars/Olympus)',
    );
    expect(() => formatDateTime(WINTER, { timezone: '+25:00' })).toThrow('Unknown or bad timezone');
  });

  it('prints every day, week, month and year letter', () => {
    expect(php(WINTER, 'd D j l N S w z')).toBe('15 Mon 15 Monday 1 th 1 14');
    expect(php(WINTER, 'W F m M n t')).toBe('03 January 01 Jan 1 31');
    expect(php(WINTER, 'L o Y y')).toBe('1 2024 2024 24');
    expect(php(new Date('2023-02-03T00:00:00Z'), 'L t jS')).toBe('0 28 3rd');
    expect(php(new Date('2024-03-01T00:00:00Z'), 'jS z')).toBe('1st 60');
    expect(php(new Date('2024-03-22T00:00:00Z'), 'jS')).toBe('22nd');
    expect(php(new Date('2024-03-12T00:00:00Z'), 'jS')).toBe('12th');
    expect(php(new Date('2024-03-31T23:00:00Z'), 'jS D N w')).toBe('31st Sun 7 0');
  });

  it('uses ISO 8601 weeks and week years', () => {
    expect(php(new Date('2021-01-01T12:00:00Z'), 'W o Y')).toBe('53 2020 2021');
    expect(php(new Date('2024-12-30T12:00:00Z'), 'W o Y')).toBe('01 2025 2024');
    expect(php(new Date('2026-12-31T12:00:00Z'), 'W o')).toBe('53 2026');
  });

  it('prints every time letter', () => {
    expect(php(WINTER, 'a A B g G h H i s u v')).toBe('pm PM 645 2 14 02 14 30 05 123000 123');
    expect(php(new Date('2024-01-15T00:05:00Z'), 'a g G h H')).toBe('am 12 0 12 00');
    expect(php(WINTER, 'U')).toBe('1705329005');
    expect(php(WINTER, 'c')).toBe('2024-01-15T14:30:05+00:00');
    expect(php(WINTER, 'r', 'Europe/Berlin')).toBe('Mon, 15 Jan 2024 15:30:05 +0100');
  });

  it('copies other characters and honours backslash escapes', () => {
    expect(php(WINTER, 'Y-m-d\\TH:i:sP')).toBe('2024-01-15T14:30:05+00:00');
    expect(php(WINTER, '\\Y\\e\\a\\r: Y, \\\\')).toBe('Year: 2024, \\');
    expect(php(WINTER, 'F j, Y – ✓')).toBe('January 15, 2024 – ✓');
    expect(php(WINTER, 'php:d/m/Y')).toBe('15/01/2024');
  });

  it('takes day and month names and AM/PM from the locale, RFC 2822 stays English', () => {
    expect(php(WINTER, 'l, j. F Y', 'Europe/Berlin', 'de')).toBe('Montag, 15. Januar 2024');
    expect(php(WINTER, 'D d M', undefined, 'de-DE')).toBe('Mo. 15 Jan.');
    expect(php(WINTER, 'l j F', undefined, 'fr')).toBe('lundi 15 janvier');
    // the month inside a date (genitive in Russian), as ICU's MMMM that Craft converts F to
    expect(php(WINTER, 'j F', undefined, 'ru')).toBe('15 января');
    expect(php(WINTER, 'D, d M Y', undefined, 'en_GB')).toBe('Mon, 15 Jan 2024');
    expect(php(WINTER, 'r', undefined, 'de')).toBe('Mon, 15 Jan 2024 14:30:05 +0000');
  });

  it('rejects a malformed locale', () => {
    expect(() => php(WINTER, 'Y', undefined, 'not a locale!')).toThrow(DirectiveArgumentError);
  });

  it('uses the default zone given by the caller when the query names none', () => {
    expect(formatDateTime(WINTER, { format: 'H:i T' }, 'Europe/Berlin')).toBe('15:30 CET');
    expect(formatDateTime(WINTER, { format: 'H:i T', timezone: 'UTC' }, 'Europe/Berlin')).toBe(
      '14:30 UTC',
    );
    expect(formatDateTime(WINTER, { format: 'H:i', timezone: '' }, 'Asia/Tokyo')).toBe('23:30');
  });
});

describe('formatDateTime lengths', () => {
  it("uses the locale's date and time styles", () => {
    // ICU versions differ on the space before AM/PM (U+0020 or U+202F)
    expect(formatDateTime(WINTER, { format: 'short' })).toMatch(/^1\/15\/24, 2:30\sPM$/);
    expect(formatDateTime(WINTER, { format: 'medium', timezone: 'America/New_York' })).toMatch(
      /^Jan 15, 2024, 9:30:05\sAM$/,
    );
    expect(
      formatDateTime(WINTER, { format: 'full', timezone: 'Europe/Berlin', locale: 'de' }),
    ).toBe('Montag, 15. Januar 2024 um 15:30:05 Mitteleuropäische Normalzeit');
    expect(formatDateTime(WINTER, { format: 'long', timezone: 'Europe/Paris', locale: 'fr' })).toBe(
      '15 janvier 2024 à 15:30:05 UTC+1',
    );
  });

  it('works with fixed offsets', () => {
    expect(formatDateTime(WINTER, { format: 'short', timezone: '+02:00', locale: 'en-GB' })).toBe(
      '15/01/2024, 16:30',
    );
    expect(formatDateTime(WINTER, { format: 'short', timezone: '+05:30', locale: 'en-GB' })).toBe(
      '15/01/2024, 20:00',
    );
  });
});

describe('formatDateTime with ICU patterns', () => {
  const icu = (pattern: string, timezone?: string, locale?: string): string =>
    formatDateTime(WINTER, { format: `icu:${pattern}`, timezone, locale });

  it('formats years, months, days and weekdays', () => {
    expect(icu('y yy yyyy')).toBe('2024 24 2024');
    expect(icu('M MM MMM MMMM MMMMM')).toBe('1 01 Jan January J');
    expect(icu('d dd D E EE EEE EEEE EEEEE')).toBe('15 15 15 Mon Mon Mon Monday M');
    expect(icu('G GGGG')).toBe('AD Anno Domini');
    expect(icu('w Y')).toBe('3 2024');
  });

  it('formats hours, minutes, seconds, fractions and periods', () => {
    expect(icu('H HH h hh k K m mm s ss a')).toBe('14 14 2 02 14 2 30 30 5 05 PM');
    expect(icu('S SS SSS SSSS')).toBe('1 12 123 1230');
    expect(icu("yy-MM-dd'T'HH:mm:ss.SSSXXX")).toBe('24-01-15T14:30:05.123Z');
  });

  it('formats zones', () => {
    expect(icu('HH:mm XXX xx X Z ZZZZ ZZZZZ O', 'America/New_York')).toBe(
      '09:30 -05:00 -0500 -05 -0500 GMT-05:00 -05:00 GMT-5',
    );
    expect(icu('z zzzz VV', 'America/New_York')).toBe('EST Eastern Standard Time America/New_York');
    expect(icu('z', 'Europe/Berlin', 'de')).toBe('MEZ');
    expect(icu('xxx X', 'Asia/Kolkata')).toBe('+05:30 +0530');
    expect(icu('ZZZZ ZZZZZ', 'UTC')).toBe('GMT Z');
  });

  it('takes names from the locale, in format or stand-alone form', () => {
    expect(icu("EEEE, d. MMMM yyyy 'um' HH:mm", 'Europe/Berlin', 'de')).toBe(
      'Montag, 15. Januar 2024 um 15:30',
    );
    expect(icu('d MMMM', undefined, 'ru')).toBe('15 января');
    expect(icu('LLLL', undefined, 'ru')).toBe('январь');
    expect(icu('h:mm a', undefined, 'ja')).toBe('2:30 午後');
  });

  it('copies quoted literals and punctuation', () => {
    expect(icu("'o''clock' h")).toBe("o'clock 2");
    expect(icu("h''mm")).toBe("2'30");
    expect(icu("'at' HH 'h'")).toBe('at 14 h');
    expect(icu("'unclosed HH")).toBe('unclosed HH');
    expect(icu('dd.MM.yyyy – HH:mm')).toBe('15.01.2024 – 14:30');
  });

  it('rejects pattern letters it does not know', () => {
    expect(() => icu('yyyy B')).toThrow(DirectiveArgumentError);
    expect(() => icu('yyyy B')).toThrow('Unsupported ICU date pattern field "B"');
  });
});

describe('formatDateTimeValue', () => {
  it('changes only dates', () => {
    expect(formatDateTimeValue(WINTER, { format: 'Y' })).toBe('2024');
    expect(formatDateTimeValue('2024-01-15', { format: 'Y' })).toBe('2024-01-15');
    expect(formatDateTimeValue(null, { format: 'Y' })).toBeNull();
    expect(formatDateTimeValue(42, { format: 'Y' })).toBe(42);
    const invalid = new Date(Number.NaN);
    expect(formatDateTimeValue(invalid, { format: 'Y' })).toBe(invalid);
  });
});
