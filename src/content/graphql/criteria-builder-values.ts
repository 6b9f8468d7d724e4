import type { Param, ParamValue } from '../store/element-criteria';

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

/** A Craft parameter from an argument value; undefined when absent or null (no condition). */
export function toParam(value: unknown): Param | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return (value as unknown[]).filter(isParamValue);
  if (value instanceof Date) return value.toISOString();
  return isParamValue(value) ? value : undefined;
}

/** A list from a scalar or a list argument. */
export function toList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? [...(value as unknown[])] : [value];
}

/** A positive integer id from a number or a numeric string; null for anything else. */
export function toId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) {
    const id = Number(value);
    return id > 0 ? id : null;
  }
  return null;
}

/** The integer ids among the items of a scalar or list argument (other items are ignored). */
export function toIds(value: unknown): number[] {
  const ids: number[] = [];
  for (const item of toList(value)) {
    const id = toId(item);
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return ids;
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
