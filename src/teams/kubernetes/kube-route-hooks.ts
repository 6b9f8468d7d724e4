import { Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import { discardUnreadBody } from '../../infra/http/unread-body';
import { urlHasUnstorableText } from '../../infra/http/validation/unstorable-text';
import { KubeStatusError } from './kube-status';

/**
 * Gives every `/apis/...` route an error handler for what Fastify refuses before Nest sees the
 * request (a body that is not JSON, one over 1 MiB), and refuses URLs no column can hold (a NUL,
 * escapes that are not UTF-8): Kubernetes Status answers, as the rest of `/apis`.
 */
@Injectable()
export class KubeRouteHooks {
  private readonly logger = new Logger('KubernetesApi');

  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    // Absent when the graph is only scanned (OpenAPI document generation).
    fastify?.addHook('onRoute', (route) => this.adapt(route));
  }

  private adapt(route: RouteOptions): void {
    if (route.url !== '/apis' && !route.url.startsWith('/apis/')) return;
    route.errorHandler ??= (error, request, reply) => this.answer(error, request, reply);
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, refuseUnstorableUrl];
  }

  private answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    const code = error.statusCode ?? 500;
    let status: KubeStatusError;
    if (code === 413) {
      discardUnreadBody(reply);
      status = new KubeStatusError(
        413,
        'RequestEntityTooLarge',
        'the request body is larger than 1 MiB',
      );
    } else if (code >= 400 && code < 500) {
      status = KubeStatusError.badRequest(
        `the body of the request is not valid JSON: ${error.message}`,
      );
    } else {
      this.logger.error(`${request.method} ${request.url}: ${error.stack ?? error.message}`);
      status = KubeStatusError.internal();
    }
    void reply.status(status.code).header('content-type', 'application/json').send(status.body);
  }
}

function refuseUnstorableUrl(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (!urlHasUnstorableText(request.raw.url ?? '')) {
    done();
    return;
  }
  const status = KubeStatusError.badRequest('NUL character or invalid UTF-8 in the URL');
  void reply.status(400).header('content-type', 'application/json').send(status.body);
}
