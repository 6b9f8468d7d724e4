import { GrafanaError } from './grafana-error';

/**
 * Request bodies decoded as Go's encoding/json decodes them into Grafana's command structs:
 * - object keys match fields case-insensitively (an exact match wins; the last duplicate wins),
 *   so the Go client's `"userID"` fills `userId`;
 * - unknown keys are ignored, `null` leaves a field unset, an absent body decodes as `{}`;
 * - a JSON type mismatch is an error (Grafana answers `400 bad request data`).
 * Integers must be whole numbers within the JS safe range (Go accepts up to int64; no id or
 * count here can exceed 2^53).
 */
export type FieldSpec =
  | 'string'
  | 'int'
  | 'bool'
  | 'strings'
  | { readonly object: Readonly<Record<string, FieldSpec>> }
  | { readonly list: Readonly<Record<string, FieldSpec>> };

export type Decoded<S extends Readonly<Record<string, FieldSpec>>> = {
  -readonly [K in keyof S]?: S[K] extends 'string'
    ? string
    : S[K] extends 'int'
      ? number
      : S[K] extends 'bool'
        ? boolean
        : S[K] extends 'strings'
          ? string[]
          : S[K] extends { readonly object: infer O extends Readonly<Record<string, FieldSpec>> }
            ? Decoded<O>
            : S[K] extends { readonly list: infer L extends Readonly<Record<string, FieldSpec>> }
              ? Decoded<L>[]
              : never;
};

export class JsonTypeError extends Error {
  constructor(path: string) {
    super(`json: cannot unmarshal into field ${path}`);
    this.name = 'JsonTypeError';
  }
}

/** Go's case folding for field names (`ſ` and the Kelvin sign fold as Go folds them). */
function fold(name: string): string {
  return name.toUpperCase().toLowerCase();
}

export function decodeGoJson<S extends Readonly<Record<string, FieldSpec>>>(
  body: unknown,
  spec: S,
): Decoded<S> {
  return decodeObject(body, spec, '') as Decoded<S>;
}

function decodeObject(
  value: unknown,
  spec: Readonly<Record<string, FieldSpec>>,
  path: string,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (value === undefined || value === null) return result;
  if (typeof value !== 'object' || Array.isArray(value)) throw new JsonTypeError(path || '(body)');
  const fields = Object.keys(spec);
  const folded = new Map(fields.map((field) => [fold(field), field]));
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    const field = key in spec ? key : folded.get(fold(key));
    if (field === undefined || raw === null) continue;
    result[field] = decodeValue(raw, spec[field], path ? `${path}.${field}` : field);
  }
  return result;
}

function decodeValue(raw: unknown, spec: FieldSpec, path: string): unknown {
  if (spec === 'string') {
    if (typeof raw !== 'string') throw new JsonTypeError(path);
    return raw;
  }
  if (spec === 'int') {
    if (typeof raw !== 'number' || !Number.isSafeInteger(raw)) throw new JsonTypeError(path);
    return raw === 0 ? 0 : raw; // -0 reads as 0
  }
  if (spec === 'bool') {
    if (typeof raw !== 'boolean') throw new JsonTypeError(path);
    return raw;
  }
  if (spec === 'strings') {
    if (!Array.isArray(raw)) throw new JsonTypeError(path);
    // Go leaves a null element at its zero value.
    return raw.map((item: unknown, index) => {
      if (item === null) return '';
      if (typeof item !== 'string') throw new JsonTypeError(`${path}[${index}]`);
      return item;
    });
  }
  if ('list' in spec) {
    if (!Array.isArray(raw)) throw new JsonTypeError(path);
    return raw.map((item: unknown, index) => decodeObject(item, spec.list, `${path}[${index}]`));
  }
  return decodeObject(raw, spec.object, path);
}

/** Decodes a request body, answering Grafana's `400 bad request data` when it does not fit. */
export function decodeBodyOr400<S extends Readonly<Record<string, FieldSpec>>>(
  body: unknown,
  spec: S,
  message = 'bad request data',
): Decoded<S> {
  try {
    return decodeGoJson(body, spec);
  } catch (error) {
    if (error instanceof JsonTypeError) throw GrafanaError.badRequestData(message);
    throw error;
  }
}
