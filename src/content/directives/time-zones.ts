import { DirectiveArgumentError } from './directive-functions';

/** A time zone the date formatters can place an instant in. */
export interface TimeZoneRule {
  /** What PHP's `e` prints: the IANA name (canonical spelling), `UTC`, or a fixed offset `+02:00`. */
  readonly id: string;
  /** The zone's name for Intl; null for fixed offsets Intl cannot name (`+05:30`). */
  readonly intlZone: string | null;
  /** Offset from UTC in seconds at the instant (east positive). */
  offsetSeconds(at: Date): number;
  /** The abbreviation PHP's `T` prints (CET, EST, UTC; `+09` where the zone has none in English). */
  abbreviation(at: Date): string;
  /** Whether daylight saving time is in effect at the instant (PHP `I`). */
  isDaylightSaving(at: Date): boolean;
}

const FIXED_OFFSET = /^([+-])(\d{1,2})(?::?(\d{2}))?$/;
/** English locales whose CLDR data name the zones of their regions (CET, AEDT, IST, ...). */
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN'] as const;
const zones = new Map<string, TimeZoneRule>();

/**
 * The zone for a `timezone` argument: an IANA name (any letter case), `UTC`, or a fixed offset
 * (`+02:00`, `-0530`, `+2`), as PHP's DateTimeZone accepts them.
 * @throws DirectiveArgumentError for anything else
 */
export function resolveTimeZone(name: string): TimeZoneRule {
  const known = zones.get(name);
  if (known !== undefined) return known;
  const rule = FIXED_OFFSET.test(name) ? fixedOffsetZone(name) : ianaZone(name);
  if (zones.size > 1000) zones.clear(); // names come from queries: keep the cache bounded
  zones.set(name, rule);
  return rule;
}

function fixedOffsetZone(name: string): TimeZoneRule {
  const [, sign, hours, minutes] = FIXED_OFFSET.exec(name) ?? [];
  const seconds = (Number(hours) * 3600 + Number(minutes ?? 0) * 60) * (sign === '-' ? -1 : 1);
  if (Math.abs(seconds) > 14 * 3600 || Number(minutes ?? 0) > 59) {
    throw new DirectiveArgumentError(`Unknown or bad timezone (${name})`);
  }
  const id = formatOffset(seconds, ':');
  return {
    id,
    intlZone: etcZone(seconds),
    offsetSeconds: () => seconds,
    abbreviation: () => id,
    isDaylightSaving: () => false,
  };
}

function ianaZone(name: string): TimeZoneRule {
  let offsetFormat: Intl.DateTimeFormat;
  try {
    offsetFormat = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      timeZoneName: 'longOffset',
    });
  } catch {
    throw new DirectiveArgumentError(
      `Unknown or bad timezone (${name}): use an IANA time zone name such as America/New_York, or UTC`,
    );
  }
  const id = offsetFormat.resolvedOptions().timeZone;
  const offsetSeconds = (at: Date): number => {
    const text = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    return parseGmtOffset(text ?? 'GMT');
  };
  const abbreviations = new Map<number, string>();
  return {
    id,
    intlZone: id,
    offsetSeconds,
    abbreviation: (at) => {
      const offset = offsetSeconds(at);
      let found = abbreviations.get(offset);
      if (found === undefined) {
        found = englishAbbreviation(id, at) ?? phpNumericAbbreviation(offset);
        abbreviations.set(offset, found);
      }
      return found;
    },
    isDaylightSaving: (at) => {
      const year = at.getUTCFullYear();
      const january = offsetSeconds(new Date(Date.UTC(year, 0, 1)));
      const july = offsetSeconds(new Date(Date.UTC(year, 6, 1)));
      return january !== july && offsetSeconds(at) > Math.min(january, july);
    },
  };
}

/** Intl knows whole-hour fixed offsets as `Etc/GMT-2` (POSIX sign: that is UTC+2). */
function etcZone(offsetSeconds: number): string | null {
  if (offsetSeconds === 0) return 'UTC';
  if (offsetSeconds % 3600 !== 0 || offsetSeconds > 14 * 3600 || offsetSeconds < -12 * 3600) {
    return null;
  }
  const hours = offsetSeconds / 3600;
  return `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

/** `GMT`, `GMT+09:00`, `GMT-03:30`, `GMT+00:53:28` → seconds. */
function parseGmtOffset(text: string): number {
  const match = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (match === null) return 0;
  const [, sign, h, m, s] = match;
  return (Number(h) * 3600 + Number(m) * 60 + Number(s ?? 0)) * (sign === '-' ? -1 : 1);
}

function englishAbbreviation(zone: string, at: Date): string | undefined {
  for (const locale of ABBREVIATION_LOCALES) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (name !== undefined && !/^GMT[+-]/.test(name) && !/^UTC[+-]/.test(name)) return name;
  }
  return undefined;
}

/** PHP prints `+09` or `+0530` for zones without an abbreviation. */
function phpNumericAbbreviation(offsetSeconds: number): string {
  const text = formatOffset(offsetSeconds, '');
  return text.endsWith('00') ? text.slice(0, 3) : text;
}

/** `+02:00` (separator ':') or `+0200` (separator ''). */
export function formatOffset(offsetSeconds: number, separator: string): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const minutes = Math.floor(Math.abs(offsetSeconds) / 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${sign}${hh}${separator}${mm}`;
}
