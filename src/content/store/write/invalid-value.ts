/** Why a field value is refused; the caller prefixes the field handle. */
export class InvalidValue extends Error {}

/** A value as a message names it: text quoted, other kinds by what they are. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'object' ? 'an object' : typeof value;
}
