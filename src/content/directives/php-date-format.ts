import { dayPeriods, monthNames, weekdayNames } from './locale-names';
import { formatOffset } from './time-zones';
import { daysInMonth, isLeapYear, isoWeek, type ZonedDate } from './zoned-date';

const ENGLISH = 'en-US';

/**
 * PHP `date()` format letters, as Craft applies them for `@formatDateTime(format: "...")`: the
 * names (`D`, `l`, `F`, `M`) and the AM/PM markers (`a`, `A`) come from the locale, like Craft's
 * ICU conversion; everything else is PHP's own. `\` makes the next character literal; characters
 * that are not format letters are copied.
 */
export function formatPhpDate(date: ZonedDate, format: string, locale: string): string {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const letter = format[i];
    if (letter === '\\') {
      i++;
      out += format[i] ?? '';
      continue;
    }
    out += phpLetter(date, letter, locale) ?? letter;
  }
  return out;
}

// eslint-disable-next-line max-lines-per-function -- a table of PHP's date format letters, one case each
function phpLetter(date: ZonedDate, letter: string, locale: string): string | undefined {
  switch (letter) {
    // day
    case 'd':
      return pad(date.day, 2);
    case 'D':
      return weekdayNames(locale, 'short', 'format')[date.weekday];
    case 'j':
      return String(date.day);
    case 'l':
      return weekdayNames(locale, 'long', 'format')[date.weekday];
    case 'N':
      return String(date.weekday === 0 ? 7 : date.weekday);
    case 'S':
      return englishOrdinalSuffix(date.day);
    case 'w':
      return String(date.weekday);
    case 'z':
      return String(date.dayOfYear);
    // week
    case 'W':
      return pad(isoWeek(date).week, 2);
    // month
    case 'F':
      return monthNames(locale, 'long', 'format')[date.month - 1];
    case 'm':
      return pad(date.month, 2);
    case 'M':
      return monthNames(locale, 'short', 'format')[date.month - 1];
    case 'n':
      return String(date.month);
    case 't':
      return String(daysInMonth(date.year, date.month));
    // year
    case 'L':
      return isLeapYear(date.year) ? '1' : '0';
    case 'o':
      return String(isoWeek(date).year);
    case 'Y':
      return date.year < 0 ? `-${pad(-date.year, 4)}` : pad(date.year, 4);
    case 'y':
      return pad(Math.abs(date.year) % 100, 2);
    // time
    case 'a':
      return dayPeriod(date, locale).toLowerCase();
    case 'A':
      return dayPeriod(date, locale).toUpperCase();
    case 'B':
      return swatchBeat(date.instant);
    case 'g':
      return String(date.hour % 12 || 12);
    case 'G':
      return String(date.hour);
    case 'h':
      return pad(date.hour % 12 || 12, 2);
    case 'H':
      return pad(date.hour, 2);
    case 'i':
      return pad(date.minute, 2);
    case 's':
      return pad(date.second, 2);
    case 'u':
      return pad(date.millisecond * 1000, 6);
    case 'v':
      return pad(date.millisecond, 3);
    // zone
    case 'e':
      return date.zone.id;
    case 'I':
      return date.zone.isDaylightSaving(date.instant) ? '1' : '0';
    case 'O':
      return formatOffset(date.offsetSeconds, '');
    case 'P':
      return formatOffset(date.offsetSeconds, ':');
    case 'p':
      return date.offsetSeconds === 0 ? 'Z' : formatOffset(date.offsetSeconds, ':');
    case 'T':
      return date.zone.abbreviation(date.instant);
    case 'Z':
      return String(date.offsetSeconds);
    // full date/time
    case 'c':
      return formatPhpDate(date, 'Y-m-d\\TH:i:sP', locale);
    case 'r':
      // RFC 2822 is a wire format: English names whatever the locale.
      return formatPhpDate(date, 'D, d M Y H:i:s O', ENGLISH);
    case 'U':
      return String(Math.floor(date.instant.getTime() / 1000));
    default:
      return undefined;
  }
}

function dayPeriod(date: ZonedDate, locale: string): string {
  const [am, pm] = dayPeriods(locale);
  return date.hour < 12 ? am : pm;
}

function englishOrdinalSuffix(day: number): string {
  if (day >= 11 && day <= 13) return 'th';
  switch (day % 10) {
    case 1:
      return 'st';
    case 2:
      return 'nd';
    case 3:
      return 'rd';
    default:
      return 'th';
  }
}

/** Swatch Internet time: thousandths of a day in UTC+1. */
function swatchBeat(instant: Date): string {
  const seconds = (Math.floor(instant.getTime() / 1000) + 3600) % 86_400;
  const positive = seconds < 0 ? seconds + 86_400 : seconds;
  return pad(Math.floor(positive / 86.4), 3);
}

export function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
