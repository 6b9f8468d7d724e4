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

@Injectable()
export class FailureInterceptor implements NestInterceptor {
  private readonly logger = new Logger('GrafanaApi');

  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const message = this.reflector.get<string | undefined>(FAILURE_MESSAGE, context.getHandler());
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof GrafanaError || message === undefined) throw error;
        this.logger.error(
          `${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        throw GrafanaError.message(500, message, true);
      }),
    );
  }
}
