import type { FormatDateTimeArgs } from './directive-functions';
import { formatIcuDate } from './icu-date-format';
import { dateTimeFormat, resolveLocale } from './locale-names';
import { formatPhpDate } from './php-date-format';
import { resolveTimeZone, type TimeZoneRule } from './time-zones';
import { zonedDate } from './zoned-date';

/** Craft's default: PHP's DATE_ATOM. */
export const ATOM_FORMAT = 'Y-m-d\\TH:i:sP';
const LENGTHS = new Set(['short', 'medium', 'long', 'full']);
type Length = 'short' | 'medium' | 'long' | 'full';

/**
 * @formatDateTime on one date: `format` is `short|medium|long|full` (the locale's date and time
 * lengths), `icu:<pattern>`, or PHP date() letters (`php:` prefix optional); default ATOM. The date
 * is shown in `timezone`, else in `defaultTimeZone` (UTC, or the system zone when the service is
 * set to present dates in it).
 * @throws DirectiveArgumentError for an unknown time zone, a malformed locale or an unknown ICU field
 */
export function formatDateTime(
  value: Date,
  args: FormatDateTimeArgs,
  defaultTimeZone = 'UTC',
): string {
  const zone = resolveTimeZone(nonBlank(args.timezone) ?? defaultTimeZone);
  const locale = resolveLocale(args.locale);
  const format = args.format ?? ATOM_FORMAT;
  if (LENGTHS.has(format)) return formatLength(value, format as Length, zone, locale);
  const date = zonedDate(value, zone);
  if (format.startsWith('icu:')) return formatIcuDate(date, format.slice(4), locale);
  return formatPhpDate(date, format.startsWith('php:') ? format.slice(4) : format, locale);
}

/** The directive on any field value: only valid dates change (Craft skips everything else). */
export function formatDateTimeValue(
  value: unknown,
  args: FormatDateTimeArgs,
  defaultTimeZone = 'UTC',
): unknown {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return value;
  return formatDateTime(value, args, defaultTimeZone);
}

function formatLength(value: Date, length: Length, zone: TimeZoneRule, locale: string): string {
  const options = { dateStyle: length, timeStyle: length } as const;
  if (zone.intlZone !== null) {
    return dateTimeFormat(locale, { ...options, timeZone: zone.intlZone }).format(value);
  }
  // An offset Intl cannot name (+05:30): shift the clock and print it as UTC wall time.
  const shifted = new Date(value.getTime() + zone.offsetSeconds(value) * 1000);
  return dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(shifted);
}

function nonBlank(text: string | null | undefined): string | undefined {
  return text === null || text === undefined || text.trim() === '' ? undefined : text.trim();
}
