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
  // Plain numbers are resolved by yaml.v2's rules, not the yaml package's (see goPlainNumber);
  // this also keeps sexagesimal `1:30` a string. Timestamps keep the branch below.
  if (
    scalar.type === Scalar.PLAIN &&
    scalar.tag === undefined &&
    !(value instanceof Date) &&
    /^[-+0-9.]/.test(text)
  ) {
    return goPlainNumber(text) ?? text;
  }
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

/** yaml.v2's `yamlStyleFloat`: a float needs a sign after `e`, and no digit-less mantissa. */
const YAML_STYLE_FLOAT = /^[-+]?[0-9]*\.?[0-9]+([eE][-+][0-9]+)?$/;
/** yaml.v2's resolve map entries that start like a number. */
const SPECIAL_FLOAT = /^(?:[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
/** What strconv.ParseFloat takes after a leading dot: digits, an exponent, Go's underscores. */
const DOT_FLOAT = /^\.[0-9_]*[0-9][0-9_]*(?:[eE][-+]?[0-9][0-9_]*)?$/;

/**
 * yaml.v2's resolve() for a plain, untagged scalar starting with a sign, a digit or a dot: its
 * int64 or uint64 (a bigint), its float, or undefined when yaml.v2 keeps it a string. The yaml
 * package's YAML 1.1 schema disagrees on many of these (`.`, `1e5` and `5.` are floats there,
 * strings in yaml.v2; `09` is an int there, a float in yaml.v2), and a float anywhere fails the
 * rule file's key validation, so the numbers must be yaml.v2's.
 */
export function goPlainNumber(text: string): bigint | number | undefined {
  if (SPECIAL_FLOAT.test(text)) {
    if (text.endsWith('nan') || text.endsWith('NaN') || text.endsWith('NAN')) return NaN;
    return text.startsWith('-') ? -Infinity : Infinity;
  }
  if (text.startsWith('.')) {
    // The '.' hint: strconv.ParseFloat on the text as written (underscores kept).
    return DOT_FLOAT.test(text) && underscoresOk(text) ? finite(text.replace(/_/g, '')) : undefined;
  }
  const plain = text.replace(/_/g, '');
  const signed = parseInt(plain, 0);
  if (signed !== undefined) return signed;
  const unsigned = parseUint(plain, 0);
  if (unsigned !== undefined) return unsigned;
  if (YAML_STYLE_FLOAT.test(plain)) {
    const float = finite(plain);
    if (float !== undefined) return float;
  }
  // `0b` then strconv.ParseInt base 2, which takes a sign after the prefix. (yaml.v2's `-0b`
  // branch repeats the base-0 parse above, so it adds nothing.)
  if (plain.startsWith('0b')) return parseInt(plain.slice(2), 2) ?? parseUint(plain.slice(2), 2);
  return undefined;
}

/** strconv.ParseFloat fails on overflow; underflow is 0. */
function finite(text: string): number | undefined {
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** strconv.ParseInt(s, base, 64) without underscores; base 0 reads Go's prefixes. */
function parseInt(s: string, base: number): bigint | undefined {
  const negative = s.startsWith('-');
  const digits = negative || s.startsWith('+') ? s.slice(1) : s;
  const magnitude = parseUint(digits, base);
  if (magnitude === undefined) return undefined;
  const value = negative ? -magnitude : magnitude;
  return value >= INT64_MIN && value <= INT64_MAX ? value : undefined;
}

/** strconv.ParseUint(s, base, 64) without underscores. */
function parseUint(s: string, base: number): bigint | undefined {
  if (s === '') return undefined;
  let radix = base;
  let digits = s;
  if (base === 0) {
    radix = 10;
    if (s[0] === '0') {
      const prefix = s.length >= 3 ? s[1].toLowerCase() : '';
      radix = prefix === 'b' ? 2 : prefix === 'x' ? 16 : 8;
      digits = prefix === 'b' || prefix === 'o' || prefix === 'x' ? s.slice(2) : s.slice(1);
    }
  }
  let value = 0n;
  for (const char of digits) {
    const digit = Number.parseInt(char, 36);
    if (Number.isNaN(digit) || digit >= radix) return undefined;
    value = value * BigInt(radix) + BigInt(digit);
    if (value > UINT64_MAX) return undefined;
  }
  return value;
}

/** strconv's underscoreOK: an underscore only between digits (or after a base prefix). */
function underscoresOk(text: string): boolean {
  let saw = '^';
  for (const char of text.replace(/^[-+]/, '')) {
    if (char >= '0' && char <= '9') saw = '0';
    else if (char === '_') {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}
