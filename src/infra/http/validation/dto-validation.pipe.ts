import { ArgumentMetadata, Type, ValidationPipe } from '@nestjs/common';
import { containsNul } from './unstorable-text';
import { ConstraintFailure, firstFailure } from './validation-failures';

/** A value the binding step refuses before class-transformer sees it (e.g. an array body). */
export class BindingFailure extends Error {
  constructor(
    readonly constraint: string,
    message: string,
  ) {
    super(message);
    this.name = 'BindingFailure';
  }
}

export interface DtoValidationOptions {
  /**
   * Reads the raw body or query into the plain object class-transformer turns into the DTO: the
   * wire format's own rules (Go's case-insensitive keys, an absent body read as `{}`). Throws
   * `BindingFailure` for a value no DTO can come from.
   */
  readonly bind?: (value: unknown, metatype: Type<unknown>, metadata: ArgumentMetadata) => unknown;
  /** The exception thrown for the failure to answer (see `firstFailure`). */
  readonly answer: (failure: ConstraintFailure) => Error;
  /** Properties the DTO does not declare fail (`whitelistValidation`) instead of being dropped. */
  readonly forbidUnknown?: boolean;
}

/**
 * Nest's `ValidationPipe` with the two things our REST APIs need around it: a binding step
 * before class-transformer, and one exception for the first failed constraint (the APIs we
 * imitate answer one message, never a list). Only bodies and queries typed with a DTO class are
 * validated; the handler receives the DTO instance. Bound per controller (`@UsePipes`), never
 * globally: `/json` and GraphQL read their own requests.
 */
export class DtoValidationPipe extends ValidationPipe {
  constructor(private readonly dto: DtoValidationOptions) {
    super({
      transform: true,
      whitelist: dto.forbidUnknown === true,
      forbidNonWhitelisted: dto.forbidUnknown === true,
      // The target lets an answer name the DTO (e.g. its allowed properties); values stay out.
      validationError: { target: true, value: false },
      exceptionFactory: (errors) =>
        dto.answer(
          firstFailure(errors) ?? {
            path: '',
            constraint: 'unknown',
            message: 'invalid request',
            context: undefined,
            target: undefined,
          },
        ),
    });
  }

  /**
   * Validates a body at a point of the handler's choosing, for a route that must check
   * something else first (the parameter stays `unknown`, which the pipe passes through).
   */
  async readBody<T>(dto: Type<T>, body: unknown): Promise<T> {
    return (await this.transform(body, { type: 'body', metatype: dto })) as T;
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Path parameters and custom decorators are the handler's business (no implicit conversion).
    if (metadata.type !== 'body' && metadata.type !== 'query') return value;
    // PostgreSQL text cannot hold NUL: refused here as a bad request, not failed in a query.
    if (containsNul(value)) {
      throw this.dto.answer({
        path: '',
        constraint: 'noNul',
        message: `the ${metadata.type} has a NUL character`,
        context: undefined,
        target: undefined,
      });
    }
    const metatype = metadata.metatype;
    if (this.dto.bind === undefined || metatype === undefined || !this.toValidate(metadata)) {
      return super.transform(value, metadata);
    }
    let bound: unknown;
    try {
      bound = this.dto.bind(value, metatype, metadata);
    } catch (error) {
      if (!(error instanceof BindingFailure)) throw error;
      throw this.dto.answer({
        path: '',
        constraint: error.constraint,
        message: error.message,
        context: undefined,
        target: undefined,
      });
    }
    return super.transform(bound, metadata);
  }
}
