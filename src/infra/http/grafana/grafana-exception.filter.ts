import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { GrafanaError } from './grafana-error';

/**
 * The error writer of the Grafana-compatible `/api` controllers (bound with `@UseFilters` on those
 * controllers only: `/json` and `/healthcheck` keep their own shapes). Grafana writes
 * `application/json` bodies without a charset.
 */
@Catch()
export class GrafanaExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('GrafanaApi');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body } = this.toGrafana(exception);
    void reply.status(status).header('content-type', 'application/json').send(body);
  }

  private toGrafana(exception: unknown): { status: number; body: object } {
    if (exception instanceof GrafanaError) return exception;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404) return { status, body: { message: 'Not found' } };
      return { status, body: { message: exception.message } };
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : exception,
    );
    return { status: 500, body: { message: 'Internal Server Error' } };
  }
}
