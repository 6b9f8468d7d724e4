import { DirectiveArgumentError } from './directive-functions';
import { formatOffset, type TimeZoneRule } from './time-zones';

export type NameWidth = 'long' | 'short' | 'narrow';
/** `format`: the form inside a date ("15. Januar", Russian genitive); `standalone`: on its own. */
export type NameContext = 'format' | 'standalone';

export const DEFAULT_LOCALE = 'en-US';

const names = new Map<string, readonly string[]>();

/**
 * A `locale` argument as a canonical BCP 47 tag; Craft's `en_US` spelling is accepted too.
 * @throws DirectiveArgumentError for a malformed tag
 */
export function resolveLocale(locale: string | null | undefined): string {
  if (locale === null || locale === undefined || locale.trim() === '') return DEFAULT_LOCALE;
  try {
    const [canonical] = Intl.getCanonicalLocales(locale.trim().replace(/_/g, '-'));
    return canonical ?? DEFAULT_LOCALE;
  } catch {
    throw new DirectiveArgumentError(
      `Invalid locale (${locale}): use a BCP 47 tag such as en-US or de`,
    );
  }
}

/** The twelve month names, January first. */
export function monthNames(
  locale: string,
  width: NameWidth,
  context: NameContext,
): readonly string[] {
  return cached(`month|${locale}|${width}|${context}`, () =>
    Array.from({ length: 12 }, (_, month) => {
      const sample = new Date(Date.UTC(2000, month, 15));
      return context === 'format'
        ? part(locale, { month: width, day: 'numeric' }, sample, 'month')
        : part(locale, { month: width }, sample, 'month');
    }),
  );
}

/** The seven weekday names, Sunday first (PHP's `w` order). */
export function weekdayNames(
  locale: string,
  width: NameWidth,
  context: NameContext,
): readonly string[] {
  return cached(`weekday|${locale}|${width}|${context}`, () =>
    Array.from({ length: 7 }, (_, weekday) => {
      const sample = new Date(Date.UTC(2000, 0, 2 + weekday)); // 2000-01-02 was a Sunday
      return context === 'format'
        ? part(locale, { weekday: width, day: 'numeric' }, sample, 'weekday')
        : part(locale, { weekday: width }, sample, 'weekday');
    }),
  );
}

/** The locale's AM and PM markers. */
export function dayPeriods(locale: string): readonly [string, string] {
  const [am, pm] = cached(`period|${locale}`, () =>
    [1, 13].map((hour) =>
      part(
        locale,
        { hour: 'numeric', hour12: true },
        new Date(Date.UTC(2000, 0, 1, hour)),
        'dayPeriod',
      ),
    ),
  );
  return [am ?? 'AM', pm ?? 'PM'];
}

/** The era name (AD/BC and their translations). */
export function eraName(locale: string, width: NameWidth, commonEra: boolean): string {
  const [bc, ad] = cached(`era|${locale}|${width}`, () =>
    [-1, 2000].map((year) => {
      const sample = new Date(0);
      sample.setUTCFullYear(year, 5, 1);
      return part(locale, { era: width, year: 'numeric' }, sample, 'era');
    }),
  );
  return (commonEra ? ad : bc) ?? '';
}

/**
 * The zone's name in the locale: `short` (EST, MEZ, GMT+1), `long` (Eastern Standard Time),
 * `longOffset` (GMT+01:00, GMT for UTC).
 */
export function zoneName(
  locale: string,
  zone: TimeZoneRule,
  at: Date,
  style: 'short' | 'long' | 'longOffset',
): string {
  if (zone.intlZone === null) {
    const offset = zone.offsetSeconds(at);
    return offset === 0 ? 'GMT' : `GMT${formatOffset(offset, ':')}`;
  }
  const name = part(locale, { timeZone: zone.intlZone, timeZoneName: style }, at, 'timeZoneName');
  // ICU writes a zero offset as the bare "GMT" (or the locale's "UTC"), Intl as "GMT+00:00".
  return style === 'longOffset' ? name.replace(/[+-]00:00$/, '') : name;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter per locale and options; building one costs far more than using it. */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options);
    if (formats.size > 2000) formats.clear(); // locales and zones come from queries
    formats.set(key, format);
  }
  return format;
}

function part(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  at: Date,
  type: Intl.DateTimeFormatPartTypes,
): string {
  const parts = dateTimeFormat(locale, { timeZone: 'UTC', ...options }).formatToParts(at);
  return parts.find((p) => p.type === type)?.value ?? '';
}

function cached(key: string, build: () => readonly string[]): readonly string[] {
  let found = names.get(key);
  if (found === undefined) {
    found = build();
    if (names.size > 2000) names.clear();
    names.set(key, found);
  }
  return found;
}
