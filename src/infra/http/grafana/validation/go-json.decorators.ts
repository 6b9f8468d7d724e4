import { applyDecorators, Type as ClassType } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsInt,
  IsObject,
  IsString,
  Max,
  Min,
  ValidateNested,
  ValidationOptions,
} from 'class-validator';

/**
 * Field types of Grafana's Go command structs as class-validator decorators. A type mismatch
 * fails the field's constraint without a context, which Grafana answers `400 bad request data`.
 * Absent fields keep the DTO's initial value: give each field its Go zero value (`name = ''`)
 * unless its absence means something (`@IsOptional()`, no initial value).
 */

interface NestedField {
  readonly type: () => ClassType<unknown>;
  readonly list: boolean;
}

const nestedFields = new WeakMap<object, Map<string, NestedField>>();

function registerNested(list: boolean, type: () => ClassType<unknown>): PropertyDecorator {
  return (prototype, property) => {
    const fields = nestedFields.get(prototype) ?? new Map<string, NestedField>();
    fields.set(String(property), { type, list });
    nestedFields.set(prototype, fields);
  };
}

/** The nested DTO of a `@GoObject`/`@GoList` field (inherited declarations included). */
export function nestedField(dto: ClassType<unknown>, property: string): NestedField | undefined {
  for (let prototype: object | null = dto.prototype as object; prototype !== null;) {
    const found = nestedFields.get(prototype)?.get(property);
    if (found !== undefined) return found;
    prototype = Object.getPrototypeOf(prototype) as object | null;
  }
  return undefined;
}

/** Go's `int` as JSON carries it: a whole number (within the safe range here); -0 reads as 0. */
export function IsGoInt(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (value === 0 ? 0 : value)),
    IsInt(options),
    Min(Number.MIN_SAFE_INTEGER, options),
    Max(Number.MAX_SAFE_INTEGER, options),
  );
}

/** Go's `[]string`: a null element decodes as "" (its zero value). */
export function IsGoStrings(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      Array.isArray(value) ? value.map((item: unknown) => (item === null ? '' : item)) : value,
    ),
    IsArray(),
    IsString({ each: true }),
  );
}

/** A nested struct: a JSON object, its keys matched like the body's own. */
export function GoObject(type: () => ClassType<unknown>): PropertyDecorator {
  return applyDecorators(registerNested(false, type), IsObject(), ValidateNested(), Type(type));
}

/** A slice of structs: a JSON array of objects; a null element decodes as an empty struct. */
export function GoList(type: () => ClassType<unknown>): PropertyDecorator {
  return applyDecorators(
    registerNested(true, type),
    IsArray(),
    ValidateNested({ each: true }),
    Type(type),
  );
}
