import { ITEM_KEYS, parseItemBase } from './item.parser';
import type { ModelProblems, Where } from './problems';
import type { ParsedSchema } from './parsed-model';
import { quote, YamlMap } from './yaml-map';

const SCHEMA_KEYS = [...ITEM_KEYS, 'public', 'enabled', 'expiryDate', 'scope'];

/** One GraphQL schema; its scope is checked against the model later (scope-normaliser.ts). */
export function parseGraphqlSchema(
  value: unknown,
  where: Where,
  problems: ModelProblems,
): ParsedSchema | undefined {
  const map = YamlMap.open(value, where, problems, SCHEMA_KEYS);
  if (!map) return undefined;
  const base = parseItemBase(map);
  const isPublic = map.bool('public', false);
  const enabled = map.bool('enabled', true);
  const expiryDate = parseDate(map, 'expiryDate');
  const scope = map.strings('scope') ?? [];
  return base && { ...base, isPublic, enabled, expiryDate, scope };
}

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * An ISO 8601 date (`2030-01-31`, midnight UTC) or date-time (`2030-01-31T12:00:00+01:00`); a
 * date-time without an offset is UTC, so the same YAML means the same instant on every server.
 */
export function parseDate(map: YamlMap, key: string): Date | null {
  const raw = map.raw(key);
  if (raw === undefined || raw === null) return null;
  const text = typeof raw === 'string' ? raw.trim() : undefined;
  const match = text === undefined ? null : ISO_DATE.exec(text);
  if (text !== undefined && match) {
    const [, year, month, day, hour, minute, second, offset] = match;
    const zoned =
      hour === undefined ? `${year}-${month}-${day}T00:00:00Z` : offset ? text : `${text}Z`;
    const date = new Date(zoned.replace(' ', 'T'));
    // Date accepts 2030-02-31 as March 3rd; a real calendar day reads back the same.
    const calendarOk =
      !Number.isNaN(date.getTime()) &&
      Number(month) >= 1 &&
      Number(month) <= 12 &&
      Number(day) >= 1 &&
      Number(day) <= daysInMonth(Number(year), Number(month)) &&
      Number(hour ?? 0) < 24 &&
      Number(minute ?? 0) < 60 &&
      Number(second ?? 0) < 60;
    if (calendarOk) return date;
  }
  map.problems.add(
    map.at(key),
    `must be an ISO 8601 date or date-time such as 2030-01-31 or 2030-01-31T12:00:00Z, got ${quote(raw)}`,
  );
  return null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
