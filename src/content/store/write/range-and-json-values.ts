import type { Field } from '../../model/content-model';
import { describe, InvalidValue } from './invalid-value';

/** Digits after the point of a step (0.25 → 2), so values keep the step's precision. */
function stepDigits(step: number): number {
  const text = String(step);
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

/**
 * A Range field's value (Craft 5.5): a number from `min` to `max`, as Craft validates it, kept
 * with the step's precision (Craft's slider gives multiples of the step; typed values are not
 * snapped, nor are they in Craft).
 */
export function rangeValue(
  field: Field,
  value: unknown,
  toNumber: (v: unknown, decimals: number) => number,
): number {
  const { min, max, step } = field.range ?? { min: 0, max: 100, step: 1 };
  const number = toNumber(value, Math.max(stepDigits(step), 0));
  if (number < min || number > max) {
    throw new InvalidValue(`${number} is outside the range ${min} to ${max}`);
  }
  return number;
}

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
