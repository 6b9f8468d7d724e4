import type { Field } from '../../model/content-model';
import { InvalidValue } from './invalid-value';
import { rangeValue } from './field-values';
import { jsonValue } from './json-values';

const range = (min: number, max: number, step: number) =>
  ({ type: 'range', range: { min, max, step } }) as Field;

describe('range values', () => {
  it('keeps numbers within the span, at the precision of the step', () => {
    expect(rangeValue(range(0, 100, 1), 42)).toBe(42);
    expect(rangeValue(range(0, 1, 0.25), '0.5')).toBe(0.5);
    expect(rangeValue(range(0, 1, 0.25), 0.333)).toBe(0.33);
    expect(rangeValue(range(-10, 10, 1), -10)).toBe(-10);
  });

  it('refuses numbers outside the span', () => {
    expect(() => rangeValue(range(0, 100, 1), 101)).toThrow(
      new InvalidValue('101 is outside the range 0 to 100'),
    );
    expect(() => rangeValue(range(0, 100, 1), -1)).toThrow(InvalidValue);
  });
});

describe('JSON values', () => {
  it('reads text as JSON text and keeps other values as given', () => {
    expect(jsonValue('{"a": [1, true]}')).toEqual({ a: [1, true] });
    expect(jsonValue('"text"')).toBe('text');
    expect(jsonValue({ a: 1 })).toEqual({ a: 1 });
    expect(jsonValue([1, 2])).toEqual([1, 2]);
    expect(jsonValue(3)).toBe(3);
  });

  it('refuses text that is not JSON', () => {
    expect(() => jsonValue('text')).toThrow(new InvalidValue('must be valid JSON'));
    expect(() => jsonValue('{"a": }')).toThrow(InvalidValue);
  });
});
