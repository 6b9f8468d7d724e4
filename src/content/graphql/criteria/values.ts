import type { Param, ParamValue } from '../../store/element-criteria';
import { ClientSafeError } from '../client-safe-error';

/** GraphQL field arguments as graphql-js hands them to resolvers (variables already applied). */
export type ArgumentValues = Readonly<Record<string, unknown>>;

function isParamValue(value: unknown): value is ParamValue {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/**
 * Most values one parameter argument may list (items of a list, or of a comma-separated text).
 * Every value becomes a bound SQL parameter or an in-memory match against the model: a request
 * listing millions of them would hold the process for seconds or exhaust its memory.
 */
export const MAX_PARAM_VALUES = 10_000;

/**
 * A Craft parameter from an argument value; undefined when absent or null (no condition). More
 * than MAX_PARAM_VALUES values: an error the client sees.
 */
export function toParam(value: unknown): Param | undefined {
  if (value === undefined || value === null) return undefined;
  if (
    (Array.isArray(value) && value.length > MAX_PARAM_VALUES) ||
    (typeof value === 'string' && hasMoreCommas(value, MAX_PARAM_VALUES))
  ) {
    throw new ClientSafeError(`A parameter may list at most ${MAX_PARAM_VALUES} values.`);
  }
  if (Array.isArray(value)) return (value as unknown[]).filter(isParamValue);
  if (value instanceof Date) return value.toISOString();
  return isParamValue(value) ? value : undefined;
}

/** Whether `text` holds more than `max` commas (a comma list of more than `max` values). */
function hasMoreCommas(text: string, max: number): boolean {
  let count = 0;
  for (let at = text.indexOf(','); at >= 0; at = text.indexOf(',', at + 1)) {
    if (++count > max) return true;
  }
  return false;
}

/** A list from a scalar or a list argument. */
export function toList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? [...(value as unknown[])] : [value];
}

/**
 * A positive integer id from a number or a numeric string; null for anything else. Ids are safe
 * integers: a larger number (`1e300` is an integer to JavaScript) names no element, and as a
 * bigint parameter it would fail the query.
 */
export function toId(value: unknown): number | null {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The integer ids among the items of a scalar or list argument (other items are ignored). */
export function toIds(value: unknown): number[] {
  // A set keeps the first occurrence's order and stays linear for long lists.
  const ids = new Set<number>();
  for (const item of toList(value)) {
    const id = toId(item);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

/** An Int argument (structure positions, levels); undefined unless a whole number. */
export function toInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

export function toBoolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

export function toText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * A stable text for a value: object keys sorted, `undefined` members dropped, so that equal
 * arguments written in another order share a loader and a memoised resolution.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return (value as unknown[]).map(sortKeys);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) sorted[key] = sortKeys(member);
    }
    return sorted;
  }
  return value;
}
