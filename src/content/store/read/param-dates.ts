import { ElementQueryError } from './element-query-error';

/**
 * A date value of a date parameter (`postDate: ">= 2024-01-01"`, `before: "2024-02-01"`):
 * `now`, an ISO 8601 date or date-time (a space may separate the time; without a zone it is
 * UTC, the zone element dates are stored and shown in), or a Unix timestamp in seconds.
 */
export function parseDateValue(value: string | number | boolean, now: Date): Date {
  if (typeof value === 'number') return fromMs(value * 1000, value);
  if (typeof value === 'boolean') throw invalid(value);
  const text = value.trim();
  if (/^now$/i.test(text)) return now;
  if (/^-?\d+$/.test(text)) return fromMs(Number(text) * 1000, value);
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
      text,
    );
  if (match === null) throw invalid(value);
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone] =
    match;
  const offset = zone === undefined || zone.toUpperCase() === 'Z' ? 'Z' : normaliseOffset(zone);
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${offset}`;
  const date = fromMs(Date.parse(iso), value);
  // Date.parse rolls 2024-02-31 over to March: a date that does not exist is an error.
  if (date.toISOString().slice(0, 10) !== `${year}-${month}-${day}` && offset === 'Z') {
    throw invalid(value);
  }
  return date;
}

function normaliseOffset(zone: string): string {
  const digits = zone.replace(':', '');
  return `${digits.slice(0, 3)}:${digits.slice(3)}`;
}

/**
 * Years 1 to 9999 only: beyond them toISOString() writes a signed six-digit year (or throws, past
 * JavaScript's range), which PostgreSQL refuses, as it refuses year 0.
 */
function fromMs(ms: number, original: string | number): Date {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(ms) || Number.isNaN(year) || year < 1 || year > 9999) {
    throw invalid(original);
  }
  return date;
}

function invalid(value: string | number | boolean): ElementQueryError {
  return new ElementQueryError(`Invalid date value "${String(value)}"`);
}
