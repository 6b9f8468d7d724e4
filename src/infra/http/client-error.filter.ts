import { ArgumentsHost, Catch, HttpException, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { BaseRpcExceptionFilter } from '@nestjs/microservices';
import type { FastifyReply } from 'fastify';
import { discardUnreadBody } from './unread-body';

interface ErrorWithStatus {
  readonly statusCode: number;
  readonly message: string;
}

/**
 * A client error raised outside any handler: Fastify's parser and limit errors, which Nest turns
 * into `new HttpException(message, status)` (a string response, which Nest answers as
 * `{statusCode, message}`), and errors with a 4xx `statusCode`, such as the JSON body parser's.
 */
function clientError(exception: unknown): ErrorWithStatus | undefined {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    return status >= 400 && status <= 499 && typeof response === 'string'
      ? { statusCode: status, message: response }
      : undefined;
  }
  if (!(exception instanceof Error)) return undefined;
  const { statusCode } = exception as Partial<ErrorWithStatus>;
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode > 499) return undefined;
  return { statusCode, message: exception.message };
}

/**
 * The application's last exception filter (route filters such as the Grafana and Craft ones come
 * first). A client error raised before a handler runs (a body that is not JSON, too large, of a
 * type no parser takes: Fastify's errors and the JSON body parser's) is answered with its status
 * and the service's error body, exactly `{"message": ...}` (docs/decisions.md), and logged as one
 * debug line, without a stack: a client cannot fill the error log. Nest's own handling stays for
 * everything else (HttpExceptions with an object response as that object, server errors logged at
 * error).
 */
@Catch()
export class ClientErrorFilter extends BaseExceptionFilter {
  private readonly logger = new Logger('HTTP');
  /** The gRPC transport inherits the app's filters: its errors keep Nest's RPC handling. */
  private readonly rpc = new BaseRpcExceptionFilter();

  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType() === 'rpc') return this.rpc.catch(exception, host);
    const error = host.getType() === 'http' ? clientError(exception) : undefined;
    if (!error) {
      super.catch(exception, host);
      return;
    }
    const http = host.switchToHttp();
    const request = http.getRequest<{ method?: string; url?: string }>();
    this.logger.debug(
      `${request.method ?? '?'} ${request.url ?? '?'}: ${error.statusCode} ${error.message}`,
    );
    const adapter = this.httpAdapterHost?.httpAdapter ?? this.applicationRef;
    if (!adapter) throw new Error('ClientErrorFilter needs the HTTP adapter');
    const reply = http.getResponse<FastifyReply>();
    discardUnreadBody(reply);
    adapter.reply(reply, { message: error.message }, error.statusCode);
  }
}
