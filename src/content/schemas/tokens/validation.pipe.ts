import type { Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { GrafanaError } from '../../../infra/http/grafana/grafana-error';
import {
  BindingFailure,
  DtoValidationPipe,
} from '../../../infra/http/validation/dto-validation.pipe';
import type { ConstraintFailure } from '../../../infra/http/validation/validation-failures';

interface TokenBodyShape {
  /** The 400 message for a body that is not a JSON object. */
  readonly notAnObject: string;
  /** An absent body reads as `{}` (a change of nothing) instead of failing. */
  readonly absentIsEmpty: boolean;
}

const shapes = new WeakMap<object, TokenBodyShape>();

/** Declares how a token DTO's body must look as a whole. */
export function TokenBody(shape: TokenBodyShape): ClassDecorator {
  return (target) => {
    shapes.set(target, shape);
  };
}

function bindTokenBody(value: unknown, dto: Type<unknown>): unknown {
  const shape = shapes.get(dto);
  if (shape === undefined) return value;
  if (value === undefined && shape.absentIsEmpty) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BindingFailure('isObject', shape.notAnObject);
  }
  return value;
}

/** The properties a DTO declares, in declaration order. */
function allowedProperties(dto: object | undefined): string[] {
  if (dto === undefined) return [];
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(
    (dto as { constructor: Type<unknown> }).constructor,
    '',
    true,
    false,
  );
  return [...new Set(metadatas.map((metadata) => metadata.propertyName))];
}

/** The first failure as the admin API answers it: `400 {"message"}` naming the property. */
export function tokenAnswer(failure: ConstraintFailure): GrafanaError {
  if (failure.constraint === 'whitelistValidation') {
    return GrafanaError.message(
      400,
      `unknown property "${failure.path}" (allowed: ${allowedProperties(failure.target).join(', ')})`,
    );
  }
  return GrafanaError.message(400, failure.message);
}

/**
 * The validation of the GraphQL token admin API. Unlike Grafana's Go decoding, bodies are
 * strict JSON: keys match exactly, unknown keys are refused, `null` is a value.
 */
export class TokenValidationPipe extends DtoValidationPipe {
  constructor() {
    super({ bind: bindTokenBody, answer: tokenAnswer, forbidUnknown: true });
  }
}
