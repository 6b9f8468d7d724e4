import { DirectiveArgumentError } from './directive-functions';
import {
  dayPeriods,
  eraName,
  monthNames,
  weekdayNames,
  zoneName,
  type NameContext,
  type NameWidth,
} from './locale-names';
import { pad } from './php-date-format';
import { formatOffset } from './time-zones';
import { isoWeek, type ZonedDate } from './zoned-date';

/**
 * An ICU date pattern (`@formatDateTime(format: "icu:...")`): runs of one pattern letter are fields
 * (`yyyy`, `MMMM`, `EEE`, `HH`, ...), text in single quotes is literal (`''` is a quote), any other
 * character is copied. Names come from the locale. Week numbers (`w`, `Y`) are ISO 8601 weeks.
 * @throws DirectiveArgumentError for a pattern letter this formatter does not know
 */
export function formatIcuDate(date: ZonedDate, pattern: string, locale: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i];
    if (char === "'") {
      i = quoted(pattern, i, (text) => (out += text));
      continue;
    }
    if (!/[A-Za-z]/.test(char)) {
      out += char;
      i++;
      continue;
    }
    let count = 1;
    while (pattern[i + count] === char) count++;
    out += icuField(date, char, count, locale, pattern);
    i += count;
  }
  return out;
}

/**
 * Copies the literal starting at the quote at `start` (`''` alone is one quote; inside a quoted
 * run `''` is a quote too) and returns the index after it. An unclosed run lasts to the end.
 */
function quoted(pattern: string, start: number, emit: (text: string) => void): number {
  if (pattern[start + 1] === "'") {
    emit("'");
    return start + 2;
  }
  let i = start + 1;
  while (i < pattern.length) {
    if (pattern[i] === "'") {
      if (pattern[i + 1] !== "'") return i + 1;
      emit("'");
      i += 2;
      continue;
    }
    emit(pattern[i]);
    i++;
  }
  return i;
}

function icuField(
  date: ZonedDate,
  letter: string,
  count: number,
  locale: string,
  pattern: string,
): string {
  switch (letter) {
    case 'G':
      return eraName(locale, count <= 3 ? 'short' : count === 4 ? 'long' : 'narrow', date.year > 0);
    case 'y':
      return year(date.year, count);
    case 'Y':
      return year(isoWeek(date).year, count);
    case 'M':
      return month(date, count, locale, 'format');
    case 'L':
      return month(date, count, locale, 'standalone');
    case 'd':
      return pad(date.day, count);
    case 'D':
      return pad(date.dayOfYear + 1, count);
    case 'w':
      return pad(isoWeek(date).week, count);
    case 'E':
      return weekday(date, count, locale, 'format');
    case 'c':
    case 'e':
      if (count >= 3) return weekday(date, count, locale, letter === 'c' ? 'standalone' : 'format');
      break;
    case 'a': {
      const [am, pm] = dayPeriods(locale);
      return date.hour < 12 ? am : pm;
    }
    case 'h':
      return pad(date.hour % 12 || 12, count);
    case 'H':
      return pad(date.hour, count);
    case 'k':
      return pad(date.hour || 24, count);
    case 'K':
      return pad(date.hour % 12, count);
    case 'm':
      return pad(date.minute, count);
    case 's':
      return pad(date.second, count);
    case 'S':
      // fractional seconds, truncated (or zero-padded) to the run's length
      return pad(date.millisecond, 3).padEnd(count, '0').slice(0, count);
    case 'z':
      return zoneName(locale, date.zone, date.instant, count <= 3 ? 'short' : 'long');
    case 'Z':
      if (count <= 3) return formatOffset(date.offsetSeconds, '');
      if (count === 4) return zoneName(locale, date.zone, date.instant, 'longOffset');
      return date.offsetSeconds === 0 ? 'Z' : formatOffset(date.offsetSeconds, ':');
    case 'O':
      return count === 4
        ? zoneName(locale, date.zone, date.instant, 'longOffset')
        : shortGmt(date.offsetSeconds);
    case 'X':
      return date.offsetSeconds === 0 ? 'Z' : isoOffset(date.offsetSeconds, count);
    case 'x':
      return isoOffset(date.offsetSeconds, count);
    case 'V':
      if (count === 2) return date.zone.id;
      break;
  }
  throw new DirectiveArgumentError(
    `Unsupported ICU date pattern field "${letter.repeat(count)}" in "${pattern}"; quote literal text with '...'`,
  );
}

/** ICU: `yy` is the two last digits, any other run pads to its length. */
function year(value: number, count: number): string {
  return count === 2 ? pad(Math.abs(value) % 100, 2) : pad(value, count);
}

function month(date: ZonedDate, count: number, locale: string, context: NameContext): string {
  if (count <= 2) return pad(date.month, count);
  return monthNames(locale, nameWidth(count), context)[date.month - 1];
}

function weekday(date: ZonedDate, count: number, locale: string, context: NameContext): string {
  // EEEEEE (two-letter "Mo") has no Intl equivalent: the abbreviated form stands in.
  return weekdayNames(locale, count === 4 ? 'long' : count === 5 ? 'narrow' : 'short', context)[
    date.weekday
  ];
}

function nameWidth(count: number): NameWidth {
  return count === 3 ? 'short' : count === 4 ? 'long' : 'narrow';
}

/** `GMT+1`, `GMT-3:30`, `GMT` (ICU's short localized GMT format, in its English form). */
function shortGmt(offsetSeconds: number): string {
  if (offsetSeconds === 0) return 'GMT';
  const minutes = Math.round(Math.abs(offsetSeconds) / 60);
  const sign = offsetSeconds < 0 ? '-' : '+';
  const mm = minutes % 60;
  return `GMT${sign}${Math.floor(minutes / 60)}${mm === 0 ? '' : `:${pad(mm, 2)}`}`;
}

/** X/x widths: 1 `+01` (`+0130`), 2 and 4 `+0100`, 3 and 5 `+01:00`. */
function isoOffset(offsetSeconds: number, count: number): string {
  if (count === 1) {
    const text = formatOffset(offsetSeconds, '');
    return text.endsWith('00') ? text.slice(0, 3) : text;
  }
  return formatOffset(offsetSeconds, count === 3 || count === 5 ? ':' : '');
}
