import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  Logger,
  NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, Observable } from 'rxjs';
import { GrafanaError } from './grafana-error';

const FAILURE_MESSAGE = 'grafana:failure-message';

/**
 * Grafana answers an unexpected failure of each endpoint with its own 500 text (e.g. `Failed to
 * create Team`, with `traceID`). Expected outcomes are thrown as GrafanaError and pass through.
 */
export function OnFailure(message: string): MethodDecorator {
  return applyDecorators(
    SetMetadata(FAILURE_MESSAGE, message),
    UseInterceptors(FailureInterceptor),
  );
}

/** The route's `@OnFailure` message, if any. */
export function failureMessageOf(
  reflector: Reflector,
  context: ExecutionContext,
): string | undefined {
  return reflector.get<string | undefined>(FAILURE_MESSAGE, context.getHandler());
}

/**
 * What a route throws for an error: expected outcomes (GrafanaError) as they are, anything else
 * as the route's 500 (logged). Also for the route's own guards, which run before interceptors.
 */
export function routeFailure(error: unknown, message: string | undefined, logger: Logger): unknown {
  if (error instanceof GrafanaError || message === undefined) return error;
  logger.error(
    `${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return GrafanaError.message(500, message, true);
}

@Injectable()
export class FailureInterceptor implements NestInterceptor {
  private readonly logger = new Logger('GrafanaApi');

  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const message = failureMessageOf(this.reflector, context);
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw routeFailure(error, message, this.logger);
      }),
    );
  }
}
