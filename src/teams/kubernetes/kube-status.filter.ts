import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { KubeStatusError, StatusReason } from './kube-status';

const REASONS: Readonly<Record<number, StatusReason>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
};

/**
 * The error writer of the `/apis` controllers: every failure is a Kubernetes `Status`. Errors the
 * shared identity and team code throws in Grafana's shapes keep their status and message.
 */
@Catch()
export class KubeStatusFilter implements ExceptionFilter {
  private readonly logger = new Logger('KubernetesApi');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const status = this.toStatus(exception);
    void reply.status(status.code).header('content-type', 'application/json').send(status.body);
  }

  private toStatus(exception: unknown): KubeStatusError {
    if (exception instanceof KubeStatusError) return exception;
    let code: number | undefined;
    let message: string | undefined;
    if (exception instanceof GrafanaError) {
      code = exception.status;
      message = exception.message;
    } else if (exception instanceof HttpException) {
      code = exception.getStatus();
      message =
        code === 404 ? 'the server could not find the requested resource' : exception.message;
    }
    const reason = code === undefined ? undefined : REASONS[code];
    if (code !== undefined && reason !== undefined && message !== undefined) {
      return new KubeStatusError(code, reason, message);
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : exception,
    );
    return KubeStatusError.internal();
  }
}
