import { Scalar } from 'yaml';

import type { ScalarValue } from './tree-node';

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;
export const UINT32_MAX = 2n ** 32n - 1n;

/** The scalar as yaml.v2 resolves it where the Go target is interface{}. */
export function goScalarValue(scalar: Scalar): ScalarValue {
  const { value } = scalar;
  const text = scalar.source ?? '';
  // yaml.v2 has no sexagesimal numbers: `1:30` stays a string.
  if (scalar.format === 'TIME' && scalar.tag === undefined) return text;
  if (typeof value === 'bigint') {
    // Integers that fit neither int64 nor uint64 are parsed as floats by yaml.v2.
    return value >= INT64_MIN && value <= UINT64_MAX ? value : Number(value);
  }
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  // Timestamps: yaml.v2 keeps their text when decoding into interface{}.
  return text;
}

export function scalarTag(scalar: Scalar, value: ScalarValue): string {
  if (scalar.tag !== undefined) return shortTag(scalar.tag);
  // Quoted and block scalars are always strings.
  if (scalar.type !== undefined && scalar.type !== Scalar.PLAIN) return '!!str';
  if (scalar.value instanceof Date) return '!!timestamp';
  if (value === null) return '!!null';
  if (typeof value === 'bigint') return '!!int';
  if (typeof value === 'number') return '!!float';
  if (typeof value === 'boolean') return '!!bool';
  return '!!str';
}

function shortTag(tag: string): string {
  const prefix = 'tag:yaml.org,2002:';
  return tag.startsWith(prefix) ? `!!${tag.slice(prefix.length)}` : tag;
}
