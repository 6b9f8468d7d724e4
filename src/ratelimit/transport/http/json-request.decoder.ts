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
 * Reads each field by JSON name or proto name; any other key is an error. Own names only: a body
 * key such as `constructor` or `__proto__` is not a field because every object answers to it.
 */
function fields(
  object: JsonObject,
  path: string,
  names: Readonly<Record<string, string>>,
): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const key of Object.keys(object)) {
    const canonical = Object.hasOwn(names, key) ? names[key] : undefined;
    if (canonical === undefined) fail(path, `unknown field "${key}"`);
    if (found.has(canonical)) fail(path, `field "${key}" is given twice`);
    found.set(canonical, object[key]);
  }
  return found;
}

const REQUEST_FIELDS = {
  domain: 'domain',
  descriptors: 'descriptors',
  hitsAddend: 'hitsAddend',
  hits_addend: 'hitsAddend',
};
const DESCRIPTOR_FIELDS = {
  entries: 'entries',
  limit: 'limit',
  hitsAddend: 'hitsAddend',
  hits_addend: 'hitsAddend',
};
const ENTRY_FIELDS = { key: 'key', value: 'value' };
const OVERRIDE_FIELDS = {
  requestsPerUnit: 'requestsPerUnit',
  requests_per_unit: 'requestsPerUnit',
  unit: 'unit',
};

export function decodeJsonRequest(body: unknown): RateLimitRequest {
  if (body === undefined || body === null || body === '') {
    fail('body', 'expected a JSON RateLimitRequest object');
  }
  const request = fields(objectAt(body, 'body'), 'body', REQUEST_FIELDS);
  return {
    domain: stringAt(request.get('domain'), 'domain'),
    descriptors: arrayAt(request.get('descriptors'), 'descriptors').map((d, i) =>
      decodeDescriptor(d, `descriptors[${i}]`),
    ),
    hitsAddend: unsignedAt(request.get('hitsAddend'), 'hitsAddend', UINT32_MAX),
  };
}

function decodeDescriptor(value: unknown, path: string): RequestDescriptor {
  const descriptor = fields(objectAt(value, path), path, DESCRIPTOR_FIELDS);
  const limit = descriptor.get('limit');
  const hitsAddend = descriptor.get('hitsAddend');
  return {
    entries: arrayAt(descriptor.get('entries'), `${path}.entries`).map((e, i) =>
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
  const entry = fields(objectAt(value, path), path, ENTRY_FIELDS);
  return {
    key: stringAt(entry.get('key'), `${path}.key`),
    value: stringAt(entry.get('value'), `${path}.value`),
  };
}

function decodeOverride(value: unknown, path: string): LimitOverride {
  const override = fields(objectAt(value, path), path, OVERRIDE_FIELDS);
  return {
    requestsPerUnit: unsignedAt(
      override.get('requestsPerUnit'),
      `${path}.requestsPerUnit`,
      UINT32_MAX,
    ),
    unit: unitAt(override.get('unit'), `${path}.unit`),
  };
}
