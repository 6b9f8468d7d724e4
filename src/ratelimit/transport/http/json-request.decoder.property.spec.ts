import fc from 'fast-check';

import { Unit } from '../../rules/rate-limit-unit';
import {
  InvalidRateLimitRequestError,
  type RateLimitRequest,
} from '../../limiter/rate-limit.model';
import { expectWellFormed, validRequestArb } from '../rate-limit-request.fixtures';
import { decodeJsonRequest } from './json-request.decoder';

// Property tests (docs/testing.md#property-tests): whatever JSON a client posts to /json, the decoder returns a
// well-formed request or throws the 400 error; proto3 JSON encodings of a request decode back to
// it. fast-check prints the seed and path of a failure (docs/testing.md).

const JSON_BOUNDS = { maxDescriptorAddend: Number.MAX_SAFE_INTEGER, anyUnit: false };

const REQUEST_FIELDS = ['domain', 'descriptors', 'hitsAddend', 'hits_addend'];
const DESCRIPTOR_FIELDS = ['entries', 'limit', 'hitsAddend', 'hits_addend'];
const ENTRY_FIELDS = ['key', 'value'];
const OVERRIDE_FIELDS = ['requestsPerUnit', 'requests_per_unit', 'unit'];
/** Names every plain object answers to: a lookup table keyed by field name must not. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

/** An object as JSON.parse makes it: own, enumerable properties only (`__proto__` included). */
function jsonObject(pairs: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of pairs) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

/** Numbers and strings near the edges of what the fields accept. */
const edgyScalar = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.constantFrom(
    'SECOND',
    'YEAR',
    'WEEK',
    'UNKNOWN',
    '12',
    '-1',
    '1e3',
    ' 7',
    '4294967296',
    '9007199254740993',
    ...PROTOTYPE_NAMES,
  ),
  fc.constantFrom(-1, 0.5, 4294967295, 4294967296, 2 ** 53, 1e300, -0),
);

/** Objects whose keys are mostly the level's field names, with values of any shape. */
function nearObject(
  names: readonly string[],
  valueFor: (name: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const known = fc
    .constantFrom(...names)
    .chain((name) => fc.tuple(fc.constant(name), valueFor(name)));
  const other = fc.tuple(
    fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.string({ maxLength: 6 })),
    edgyScalar,
  );
  return fc
    .array(fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: other }), {
      maxLength: 4,
    })
    .map(jsonObject);
}

const entryArb = nearObject(ENTRY_FIELDS, () => edgyScalar);
const overrideArb = nearObject(OVERRIDE_FIELDS, () => edgyScalar);
const descriptorArb = nearObject(DESCRIPTOR_FIELDS, (name) =>
  name === 'entries'
    ? fc.oneof(fc.array(fc.oneof(entryArb, edgyScalar), { maxLength: 3 }), edgyScalar)
    : name === 'limit'
      ? fc.oneof(overrideArb, edgyScalar)
      : edgyScalar,
);
const bodyArb = fc.oneof(
  fc.jsonValue(),
  nearObject(REQUEST_FIELDS, (name) =>
    name === 'descriptors'
      ? fc.oneof(fc.array(fc.oneof(descriptorArb, edgyScalar), { maxLength: 3 }), edgyScalar)
      : edgyScalar,
  ),
);

/** Whether the body has a key its level does not define (the decoder must refuse it then). */
function hasUnknownField(body: unknown): boolean {
  const unknownIn = (value: unknown, names: readonly string[]) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).some((key) => !names.includes(key));
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const field = (value: unknown, ...names: string[]): unknown =>
    names.map((name) => (value as Record<string, unknown>)[name]).find((v) => v !== undefined);
  if (unknownIn(body, REQUEST_FIELDS)) return true;
  return list(field(body, 'descriptors')).some(
    (d) =>
      unknownIn(d, DESCRIPTOR_FIELDS) ||
      unknownIn(field(d, 'limit'), OVERRIDE_FIELDS) ||
      list(field(d, 'entries')).some((e) => unknownIn(e, ENTRY_FIELDS)),
  );
}

/** One of the proto3 JSON spellings protojson accepts for the request. */
function encodeArb(request: RateLimitRequest): fc.Arbitrary<unknown> {
  const name = (camel: string, snake: string) => fc.constantFrom(camel, snake);
  const count = (value: number) => fc.constantFrom<unknown>(value, String(value));
  const defaulted = <T>(value: T, isDefault: boolean) =>
    isDefault ? fc.constantFrom<unknown>(undefined, null, value) : fc.constant<unknown>(value);
  const fields = (pairs: fc.Arbitrary<readonly [string, unknown]>[]) =>
    fc.tuple(...pairs).map((all) => jsonObject(all.filter(([, value]) => value !== undefined)));
  const entry = (key: string, value: string) =>
    fields([
      fc.tuple(fc.constant('key'), defaulted(key, key === '')),
      fc.tuple(fc.constant('value'), defaulted(value, value === '')),
    ]);
  const descriptors = request.descriptors.map((d) =>
    fields([
      fc.tuple(
        fc.constant('entries'),
        d.entries.length === 0
          ? fc.constantFrom<unknown>(undefined, null, [])
          : fc.tuple(...d.entries.map((e) => entry(e.key, e.value))),
      ),
      fc.tuple(
        fc.constant('limit'),
        d.limit === undefined
          ? fc.constantFrom<unknown>(undefined, null)
          : fields([
              fc.tuple(
                name('requestsPerUnit', 'requests_per_unit'),
                count(d.limit.requestsPerUnit),
              ),
              fc.tuple(
                fc.constant('unit'),
                fc.constantFrom<unknown>(d.limit.unit, Unit[d.limit.unit]),
              ),
            ]),
      ),
      fc.tuple(
        name('hitsAddend', 'hits_addend'),
        d.hitsAddend === undefined
          ? fc.constantFrom<unknown>(undefined, null)
          : count(d.hitsAddend),
      ),
    ]),
  );
  return fields([
    fc.tuple(fc.constant('domain'), defaulted(request.domain, request.domain === '')),
    fc.tuple(
      fc.constant('descriptors'),
      descriptors.length === 0
        ? fc.constantFrom<unknown>(undefined, null, [])
        : fc.tuple(...descriptors),
    ),
    fc.tuple(
      name('hitsAddend', 'hits_addend'),
      request.hitsAddend === 0
        ? fc.constantFrom<unknown>(undefined, null, 0, '0')
        : count(request.hitsAddend),
    ),
  ]);
}

describe('decodeJsonRequest (property)', () => {
  it('any JSON body gives a well-formed request with known fields only, or the 400 error', () => {
    fc.assert(
      fc.property(bodyArb, (body) => {
        let decoded: RateLimitRequest;
        try {
          decoded = decodeJsonRequest(JSON.parse(JSON.stringify(body)));
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidRateLimitRequestError);
          expect((error as Error).message).toMatch(/^invalid request: /);
          return;
        }
        expectWellFormed(decoded, JSON_BOUNDS);
        expect(hasUnknownField(body)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('every proto3 JSON spelling of a request decodes back to it', () => {
    const caseArb = validRequestArb.chain((request) =>
      fc.tuple(fc.constant(request), encodeArb(request)),
    );
    fc.assert(
      fc.property(caseArb, ([request, body]) => {
        const text = JSON.stringify(body);
        expect(decodeJsonRequest(JSON.parse(text))).toEqual(request);
      }),
      { numRuns: 300 },
    );
  });
});
