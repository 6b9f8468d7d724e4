import type { TimeZoneRule } from './time-zones';

/** An instant as a wall clock in one time zone reads it. */
export interface ZonedDate {
  readonly instant: Date;
  readonly zone: TimeZoneRule;
  readonly offsetSeconds: number;
  readonly year: number;
  /** 1..12 */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** 0 = Sunday .. 6 = Saturday */
  readonly weekday: number;
  /** 0-based, as PHP's `z` */
  readonly dayOfYear: number;
}

const DAY_MS = 86_400_000;

export function zonedDate(instant: Date, zone: TimeZoneRule): ZonedDate {
  const offsetSeconds = zone.offsetSeconds(instant);
  // The wall clock is the instant shifted by the offset, read with the UTC getters.
  const wall = new Date(instant.getTime() + offsetSeconds * 1000);
  const year = wall.getUTCFullYear();
  return {
    instant,
    zone,
    offsetSeconds,
    year,
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millisecond: wall.getUTCMilliseconds(),
    weekday: wall.getUTCDay(),
    dayOfYear: Math.floor((startOfDay(wall) - utcDate(year, 0, 1)) / DAY_MS),
  };
}

/** ISO 8601 week number and week-based year (weeks start on Monday; week 1 holds January 4th). */
export function isoWeek(date: ZonedDate): { week: number; year: number } {
  const isoWeekday = date.weekday === 0 ? 7 : date.weekday;
  // The Thursday of this week decides the year the week belongs to.
  const thursday = utcDate(date.year, date.month - 1, date.day + 4 - isoWeekday);
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - utcDate(year, 0, 1)) / DAY_MS / 7) + 1;
  return { week, year };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(utcDate(year, month, 0)).getUTCDate();
}

/** Date.UTC that keeps years 0..99 as they are (Date.UTC maps them to 1900..1999). */
function utcDate(year: number, monthIndex: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date.getTime();
}

function startOfDay(wall: Date): number {
  return utcDate(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
}
