import type { Type } from '@nestjs/common';
import type { DtoValidationPipe } from '../../validation/dto-validation.pipe';
import { GrafanaError } from '../grafana-error';
import { GrafanaValidationPipe } from './grafana-validation.pipe';

/** What a spec reads from a request run through a validation pipe as Nest runs it. */
export async function pass<T>(
  dto: Type<T>,
  value: unknown,
  type: 'body' | 'query' = 'body',
  pipe: DtoValidationPipe = new GrafanaValidationPipe(),
): Promise<T> {
  return (await pipe.transform(value, { type, metatype: dto })) as T;
}

/** The answer to a request the pipe refuses: `[status, body]`, as the e2e suites compare it. */
export async function refusal(
  dto: Type<unknown>,
  value: unknown,
  type: 'body' | 'query' = 'body',
  pipe: DtoValidationPipe = new GrafanaValidationPipe(),
): Promise<[number, object]> {
  try {
    await pipe.transform(value, { type, metatype: dto });
  } catch (error) {
    if (error instanceof GrafanaError) return [error.status, error.body];
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(value)} to be refused`);
}

export const BAD_REQUEST = { message: 'bad request data', traceID: '' };
