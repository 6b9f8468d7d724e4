import { describe, InvalidValue } from './invalid-value';

/**
 * A JSON field's value (Craft 5.7): any JSON. Text is read as JSON text, as Craft reads what an
 * editor or a mutation sends (`'{"a": 1}'` is the object; a JSON string is written `'"text"'`);
 * other values are stored as given.
 */
export function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
      throw new InvalidValue(`expected JSON, got ${describe(value)}`);
    }
    return value;
  }
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new InvalidValue('must be valid JSON');
  }
}
