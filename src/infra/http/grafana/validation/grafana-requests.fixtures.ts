import type { Type } from '@nestjs/common';
import fc from 'fast-check';

import { GrafanaError } from '../grafana-error';
import { GrafanaValidationPipe } from './grafana-validation.pipe';

// Shared by the property tests of the Grafana-compatible APIs' requests
// (docs/testing.md#property-tests).

/** Names every plain object answers to. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

/** Texts near what Go's readers and the sort lists take, and anything else. */
export function queryTextArb(sortOptions: readonly string[]): fc.Arbitrary<string> {
  const numberish = fc.constantFrom(
    '0',
    '1',
    '-1',
    '+5',
    ' 5',
    '1e3',
    '0x10',
    '2147483648',
    '9007199254740991',
    '9007199254740993',
    '9223372036854775807',
    '9223372036854775808',
    '99999999999999999999999',
    'true',
    'T',
    'yes',
  );
  const sort = fc
    .array(fc.oneof(fc.constantFrom(...sortOptions), fc.constantFrom('', 'name', 'NAME-ASC')), {
      minLength: 1,
      maxLength: 3,
    })
    .map((options) => options.join(','));
  const integer = fc.oneof(
    fc.integer().map(String),
    fc.nat({ max: Number.MAX_SAFE_INTEGER }).map(String),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  );
  return fc.oneof(
    { weight: 2, arbitrary: integer },
    numberish,
    sort,
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    fc.constantFrom('\u0000', 'a\u0000b', '%', "'", '\\'),
  );
}

/**
 * A parsed query string as Fastify's parser (fast-querystring) hands it over: an object without a
 * prototype, each key one string or, when repeated, a list of them. Keys: the DTO's (any case),
 * names of Object.prototype, anything.
 */
export function queryArb(
  names: readonly string[],
  text: fc.Arbitrary<string>,
): fc.Arbitrary<Record<string, unknown>> {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names) },
    fc.mixedCase(fc.constantFrom(...names)),
    fc.constantFrom(...PROTOTYPE_NAMES),
    fc.string({ maxLength: 6 }),
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: text },
    fc.array(text, { minLength: 2, maxLength: 3 }),
  );
  return fc.array(fc.tuple(key, value), { maxLength: 5 }).map((pairs) => {
    const query = Object.create(null) as Record<string, unknown>;
    for (const [name, raw] of pairs) query[name] = raw;
    return query;
  });
}

/**
 * A body as a JSON parser hands it over: any JSON value, or an object whose keys are mostly the
 * DTO's (any case) with values of every JSON type.
 */
export function bodyArb(names: readonly string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names) },
    fc.mixedCase(fc.constantFrom(...names)),
    fc.constantFrom(...PROTOTYPE_NAMES),
  );
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(0, -1, 4, 2 ** 31, 2 ** 53, 1e300, 0.5, 'Admin', 'Member', 'dark', '\u0000'),
    fc.array(fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })), { maxLength: 3 }),
  );
  const near = fc.array(fc.tuple(key, value), { maxLength: 5 }).map((pairs) => {
    const body: Record<string, unknown> = {};
    for (const [name, raw] of pairs) {
      Object.defineProperty(body, name, {
        value: raw,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return body;
  });
  return fc.oneof(near, fc.jsonValue({ maxDepth: 2 }));
}

/**
 * Runs a request part through the Grafana validation pipe as Nest does: the DTO instance, or
 * undefined when the pipe refused it with a 4xx answer in one of Grafana's shapes. Any other
 * outcome (another exception, a 5xx) fails the test.
 */
export async function validated<T>(
  dto: Type<T>,
  value: unknown,
  type: 'body' | 'query',
): Promise<T | undefined> {
  try {
    const result = await new GrafanaValidationPipe().transform(value, { type, metatype: dto });
    expect(result).toBeInstanceOf(dto);
    return result as T;
  } catch (error) {
    expectGrafanaClientError(error);
    return undefined;
  }
}

/** A 4xx GrafanaError whose body has one of Grafana's shapes (docs/teams-api.md#endpoints). */
export function expectGrafanaClientError(error: unknown): void {
  expect(error).toBeInstanceOf(GrafanaError);
  const { status, body } = error as GrafanaError;
  expect(status >= 400 && status < 500).toBe(true);
  expect(typeof body.message).toBe('string');
  const keys = Object.keys(body).sort().join(',');
  expect(['message', 'message,traceID', 'message,messageId,statusCode,traceID']).toContain(keys);
}

/**
 * The DTO's fields keep the types of their zero values (a Go struct's fields have one type):
 * strings stay strings, numbers safe integers, booleans booleans, lists lists.
 */
export function expectZeroValueTypes(dto: Type<unknown>, instance: object): void {
  const zero = new dto() as Record<string, unknown>;
  const fields = instance as Record<string, unknown>;
  for (const [name, initial] of Object.entries(zero)) {
    const value = fields[name];
    if (initial === undefined) continue;
    if (Array.isArray(initial)) expect(Array.isArray(value)).toBe(true);
    else if (typeof initial === 'number') expect(Number.isSafeInteger(value)).toBe(true);
    else expect(typeof value).toBe(typeof initial);
  }
}
