import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean, ValidateBy, ValidateIf } from 'class-validator';
import { EXPIRY_DATE_MESSAGE, parseExpiryDate, tokenTextProblem } from './request-errors';
import { TokenBody } from './validation.pipe';

const ENABLED_MESSAGE = 'enabled must be true or false';

/** A name or schema reference: required, a string, trimmed, not empty, at most 190 long. */
function IsTokenText(): PropertyDecorator {
  return ValidateBy({
    name: 'isTokenText',
    validator: {
      validate: (value, args) => tokenTextProblem(args?.property ?? '', value) === undefined,
      defaultMessage: (args) =>
        tokenTextProblem(args?.property ?? '', args?.value) ?? 'invalid text',
    },
  });
}

/** Trims a string before the checks (the stored name is trimmed). */
const Trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** An ISO 8601 date read into a `Date`; null (never expires) stays null. */
function IsExpiryDate(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      value === null ? null : (parseExpiryDate(value) ?? value),
    ),
    ValidateBy(
      {
        name: 'isExpiryDate',
        validator: { validate: (value) => value === null || value instanceof Date },
      },
      { message: EXPIRY_DATE_MESSAGE },
    ),
  );
}

/** Checks a property only when the body has it (`null` included). */
const IfPresent = () => ValidateIf((_object, value) => value !== undefined);

/** `POST /api/content/tokens`: `{name, schema, expiryDate?, enabled?}`. */
@TokenBody({
  notAnObject: 'the body must be a JSON object: {"name", "schema", ...}',
  absentIsEmpty: false,
})
export class NewTokenRequestDto {
  @Trimmed()
  @IsTokenText()
  name!: string;

  @Trimmed()
  @IsTokenText()
  schema!: string;

  /** Absent or null: never expires. A past date is allowed (the token is then invalid). */
  @IsExpiryDate()
  expiryDate: Date | null = null;

  /** Absent or null: enabled. */
  @Transform(({ value }: { value: unknown }) => value ?? true)
  @IsBoolean({ message: ENABLED_MESSAGE })
  enabled: boolean = true;
}

/**
 * `PATCH /api/content/tokens/:id`: any of `{name, enabled, expiryDate}`; absent keys stay as
 * they are, `expiryDate: null` clears the expiry. The schema of a token cannot change.
 */
@TokenBody({
  notAnObject: 'the body must be a JSON object: {"enabled", "expiryDate", ...}',
  absentIsEmpty: true,
})
export class TokenChangesDto {
  @IfPresent()
  @Trimmed()
  @IsTokenText()
  name?: string;

  @IfPresent()
  @IsBoolean({ message: ENABLED_MESSAGE })
  enabled?: boolean;

  @IfPresent()
  @IsExpiryDate()
  expiryDate?: Date | null;
}
