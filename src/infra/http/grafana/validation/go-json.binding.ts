import type { Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { BindingFailure } from '../../validation/dto-validation.pipe';
import { nestedField } from './go-json.decorators';

/**
 * A request body read as Go's encoding/json reads it into Grafana's command structs, before
 * class-transformer and class-validator see it:
 * - object keys match fields case-insensitively (an exact match first; the last duplicate wins),
 *   so the Go client's `"userID"` fills `userId`;
 * - unknown keys are dropped, `null` leaves a field at its zero value, an absent body is `{}`;
 * - a body that is not an object fails (Grafana: `400 bad request data`).
 * Type mismatches are left in place for the DTO's constraints. The fields of a DTO are the
 * properties its class-validator decorators name.
 */
export function bindGoJson(value: unknown, dto: Type<unknown>): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isJsonObject(value)) throw new BindingFailure('isObject', 'the body must be an object');
  return bindObject(value, dto);
}

function bindObject(value: Record<string, unknown>, dto: Type<unknown>): Record<string, unknown> {
  const { names, folded } = fieldsOf(dto);
  const bound: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    const field = names.has(key) ? key : folded.get(fold(key));
    if (field === undefined || raw === null) continue;
    bound[field] = bindValue(raw, dto, field);
  }
  return bound;
}

function bindValue(raw: unknown, dto: Type<unknown>, field: string): unknown {
  const nested = nestedField(dto, field);
  if (nested === undefined) return raw;
  if (!nested.list) return isJsonObject(raw) ? bindObject(raw, nested.type()) : raw;
  if (!Array.isArray(raw)) return raw;
  return raw.map((item: unknown) => {
    if (item === null) return {};
    return isJsonObject(item) ? bindObject(item, nested.type()) : item;
  });
}

interface Fields {
  readonly names: ReadonlySet<string>;
  readonly folded: ReadonlyMap<string, string>;
}

const fieldsCache = new WeakMap<Type<unknown>, Fields>();

function fieldsOf(dto: Type<unknown>): Fields {
  let fields = fieldsCache.get(dto);
  if (fields === undefined) {
    const names = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', true, false)
        .map((metadata) => metadata.propertyName),
    );
    fields = { names, folded: new Map([...names].map((name) => [fold(name), name])) };
    fieldsCache.set(dto, fields);
  }
  return fields;
}

/** Go's case folding for field names (`ſ` and the Kelvin sign fold as Go folds them). */
function fold(name: string): string {
  return name.toUpperCase().toLowerCase();
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
