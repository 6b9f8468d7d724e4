import { Unit } from '../../rules/rate-limit-unit';
import { Entry } from '../../rules/tree';
import {
  InvalidRateLimitRequestError,
  LimitOverride,
  RateLimitRequest,
  RequestDescriptor,
} from '../../limiter/rate-limit.model';

/*
 * RateLimitRequest from its proto3 JSON form (the mapping protojson accepts): lowerCamelCase or
 * original field names, null for defaults, integers as numbers or decimal strings, enums by name
 * or number, unknown fields rejected. Hand-written: it runs on every /json call.
 */

type JsonObject = Record<string, unknown>;

const UINT32_MAX = 4294967295;
const RATE_LIMIT_UNITS: Readonly<Record<string, Unit>> = {
  UNKNOWN: Unit.UNKNOWN,
  SECOND: Unit.SECOND,
  MINUTE: Unit.MINUTE,
  HOUR: Unit.HOUR,
  DAY: Unit.DAY,
  MONTH: Unit.MONTH,
  YEAR: Unit.YEAR,
};

class JsonShapeError extends InvalidRateLimitRequestError {}

function fail(path: string, problem: string): never {
  throw new JsonShapeError(`invalid request: ${path}: ${problem}`);
}

function objectAt(value: unknown, path: string): JsonObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    fail(path, 'expected an object');
  }
  return value as JsonObject;
}

function arrayAt(value: unknown, path: string): unknown[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) fail(path, 'expected a list');
  return value;
}

function stringAt(value: unknown, path: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') fail(path, 'expected a string');
  return value;
}

function unsignedAt(value: unknown, path: string, max: number): number {
  if (value === null || value === undefined) return 0;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > max) {
    fail(path, `expected an integer from 0 to ${max}`);
  }
  return number;
}

function unitAt(value: unknown, path: string): Unit {
  if (value === null || value === undefined) return Unit.UNKNOWN;
  if (typeof value === 'string' && Object.hasOwn(RATE_LIMIT_UNITS, value)) {
    return RATE_LIMIT_UNITS[value];
  }
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value <= Number(Unit.YEAR)
  ) {
    return value;
  }
  return fail(path, 'expected one of SECOND, MINUTE, HOUR, DAY, MONTH, YEAR');
}

/**
 * Reads each field by JSON name or proto name into its slot (`names` maps both to the slot's
 * index); any other key is an error. Own names only: a body key such as `constructor` or
 * `__proto__` is not a field because every object answers to it. A parsed JSON value is never
 * undefined, so an undefined slot is a field not given.
 */
function readFields(
  object: JsonObject,
  path: string,
  names: Readonly<Record<string, number>>,
  slots: unknown[],
): void {
  for (const key of Object.keys(object)) {
    const slot = Object.hasOwn(names, key) ? names[key] : undefined;
    if (slot === undefined) fail(path, `unknown field "${key}"`);
    if (slots[slot] !== undefined) fail(path, `field "${key}" is given twice`);
    slots[slot] = object[key];
  }
}

const REQUEST_FIELDS = { domain: 0, descriptors: 1, hitsAddend: 2, hits_addend: 2 };
const DESCRIPTOR_FIELDS = { entries: 0, limit: 1, hitsAddend: 2, hits_addend: 2 };
const ENTRY_FIELDS = { key: 0, value: 1 };
const OVERRIDE_FIELDS = { requestsPerUnit: 0, requests_per_unit: 0, unit: 1 };

export function decodeJsonRequest(body: unknown): RateLimitRequest {
  if (body === undefined || body === null || body === '') {
    fail('body', 'expected a JSON RateLimitRequest object');
  }
  const [domain, descriptors, hitsAddend] = fieldsOf(body, 'body', REQUEST_FIELDS, 3);
  return {
    domain: stringAt(domain, 'domain'),
    descriptors: arrayAt(descriptors, 'descriptors').map((d, i) =>
      decodeDescriptor(d, `descriptors[${i}]`),
    ),
    hitsAddend: unsignedAt(hitsAddend, 'hitsAddend', UINT32_MAX),
  };
}

/** The object's fields in their slots (`count` of them). */
function fieldsOf(
  value: unknown,
  path: string,
  names: Readonly<Record<string, number>>,
  count: number,
): unknown[] {
  const slots = new Array<unknown>(count);
  readFields(objectAt(value, path), path, names, slots);
  return slots;
}

function decodeDescriptor(value: unknown, path: string): RequestDescriptor {
  const [entries, limit, hitsAddend] = fieldsOf(value, path, DESCRIPTOR_FIELDS, 3);
  return {
    entries: arrayAt(entries, `${path}.entries`).map((e, i) =>
      decodeEntry(e, `${path}.entries[${i}]`),
    ),
    limit:
      limit === undefined || limit === null ? undefined : decodeOverride(limit, `${path}.limit`),
    // UInt64Value: the wrapper's presence matters, so null/absent stays undefined.
    hitsAddend:
      hitsAddend === undefined || hitsAddend === null
        ? undefined
        : unsignedAt(hitsAddend, `${path}.hitsAddend`, Number.MAX_SAFE_INTEGER),
  };
}

function decodeEntry(value: unknown, path: string): Entry {
  const [key, entryValue] = fieldsOf(value, path, ENTRY_FIELDS, 2);
  return {
    key: typeof key === 'string' ? key : stringAt(key, `${path}.key`),
    value: typeof entryValue === 'string' ? entryValue : stringAt(entryValue, `${path}.value`),
  };
}

function decodeOverride(value: unknown, path: string): LimitOverride {
  const [requestsPerUnit, unit] = fieldsOf(value, path, OVERRIDE_FIELDS, 2);
  return {
    requestsPerUnit: unsignedAt(requestsPerUnit, `${path}.requestsPerUnit`, UINT32_MAX),
    unit: unitAt(unit, `${path}.unit`),
  };
}
