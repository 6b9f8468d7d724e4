/**
 * Craft's DateTime output format, PHP `Y-m-d\TH:i:sP` (ATOM): `2019-08-21T10:05:00+00:00`, in UTC
 * or in another IANA time zone (Craft's setGraphqlDatesToSystemTimeZone).
 */
export function formatAtomDate(date: Date, timeZone: string): string {
  if (timeZone === 'UTC') return `${date.toISOString().slice(0, 19)}+00:00`;
  const parts = wallClockParts(date, timeZone);
  const wallAsUtc = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  const offsetMinutes = Math.round((wallAsUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return (
    `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}` +
    `T${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}` +
    `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
}

/** The process's time zone (TZ), Craft's "system time zone". */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Where GraphQL presents dates: UTC, or the system zone (setting GRAPHQL_DATES_IN_SYSTEM_TIME_ZONE). */
export function presentationTimeZone(datesInSystemTimeZone: boolean): string {
  return datesInSystemTimeZone ? systemTimeZone() : 'UTC';
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockParts(date: Date, timeZone: string): WallClock {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatter.formatToParts(date)) {
    if (part.type in wall) wall[part.type as keyof WallClock] = Number(part.value);
  }
  return wall;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}
