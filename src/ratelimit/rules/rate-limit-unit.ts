/** `RateLimitResponse.RateLimit.Unit` numbering (WEEK is 7 although it sorts after DAY). */
export enum Unit {
  UNKNOWN = 0,
  SECOND = 1,
  MINUTE = 2,
  HOUR = 3,
  DAY = 4,
  MONTH = 5,
  YEAR = 6,
  WEEK = 7,
}

/** Window length per unit; months and years are fixed 30 and 365 day blocks since the epoch. */
export const UNIT_SECONDS: Readonly<Record<Unit, number>> = {
  [Unit.UNKNOWN]: 0,
  [Unit.SECOND]: 1,
  [Unit.MINUTE]: 60,
  [Unit.HOUR]: 3600,
  [Unit.DAY]: 86400,
  [Unit.WEEK]: 604800,
  [Unit.MONTH]: 2592000,
  [Unit.YEAR]: 31536000,
};

const UNIT_BY_NAME: ReadonlyMap<string, Unit> = new Map([
  ['SECOND', Unit.SECOND],
  ['MINUTE', Unit.MINUTE],
  ['HOUR', Unit.HOUR],
  ['DAY', Unit.DAY],
  ['WEEK', Unit.WEEK],
  ['MONTH', Unit.MONTH],
  ['YEAR', Unit.YEAR],
]);

/** A YAML unit name (any case) to its enum value; undefined for anything else, including "unknown". */
export function unitFromName(name: string): Unit | undefined {
  return UNIT_BY_NAME.get(name.toUpperCase());
}

/**
 * Units a request override may carry (`envoy.type.v3.RateLimitUnit` has no WEEK; its numbers
 * 1..6 coincide with the response enum).
 */
export function isOverrideUnit(value: number): value is Unit {
  return Number.isInteger(value) && value >= Number(Unit.SECOND) && value <= Number(Unit.YEAR);
}
