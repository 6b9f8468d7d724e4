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
import { discardUnreadBody } from '../unread-body';
import { urlHasUnstorableText } from '../validation/unstorable-text';

/** Route config key (set with `@RouteConfig`) naming the 400 text for an undecodable body. */
export const BAD_REQUEST_MESSAGE = 'grafanaBadRequestMessage';

/**
 * Makes every `/api/...` route read bodies as Grafana does, before Nest sees the request:
 * - a request without a body is not parsed, whatever its Content-Type (Grafana decodes an empty
 *   body as `{}`; the Go client sends `Content-Type: application/json` on every request);
 * - a body Fastify cannot parse is answered `400 {"message":"bad request data","traceID":""}`
 *   (per route, so `/json`'s own error bodies are untouched), and one over the 1 MiB limit 413.
 * Registered as an `onRoute` hook while the module graph is built, before Nest adds its routes.
 */
@Injectable()
export class ApiRouteHooks {
  private readonly logger = new Logger('GrafanaApi');

  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    // Absent when the graph is only scanned (OpenAPI document generation).
    fastify?.addHook('onRoute', (route) => this.adapt(route));
  }

  private adapt(route: RouteOptions): void {
    if (!route.url.startsWith('/api/')) return;
    route.errorHandler ??= (error, request, reply) => this.answer(error, request, reply);
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, refuseUnstorableUrl, dropContentTypeWithoutBody];
  }

  private answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    const status = error.statusCode ?? 500;
    const config = request.routeOptions.config as unknown as Record<string, unknown>;
    const badRequest =
      typeof config[BAD_REQUEST_MESSAGE] === 'string'
        ? config[BAD_REQUEST_MESSAGE]
        : 'bad request data';
    let body: object;
    if (status === 413) {
      body = { message: 'request body too large (limit 1 MiB)' };
      discardUnreadBody(reply);
    } else if (status >= 400 && status < 500) body = { message: badRequest, traceID: '' };
    else {
      this.logger.error(`${request.method} ${request.url}: ${error.stack ?? error.message}`);
      body = { message: 'Internal Server Error' };
    }
    const answered = status === 413 || status >= 500 ? status : 400;
    void reply.status(answered).header('content-type', 'application/json').send(body);
  }
}

/** What a URL with a NUL or non-UTF-8 escapes is answered (as Grafana's handler errors). */
export const UNSTORABLE_URL_MESSAGE = 'bad request: NUL character or invalid UTF-8 in the URL';

/**
 * Refuses a path or query parameter no column can hold (a NUL, escapes that are not UTF-8) with
 * `400 {"message"}`, before a handler would fail on it in the database (docs/teams-api.md#bodies).
 */
function refuseUnstorableUrl(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (!urlHasUnstorableText(request.raw.url ?? '')) {
    done();
    return;
  }
  void reply
    .status(400)
    .header('content-type', 'application/json')
    .send({ message: UNSTORABLE_URL_MESSAGE });
}

function dropContentTypeWithoutBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const headers = request.headers;
  const length = headers['content-length'];
  if (headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) {
    delete headers['content-type'];
  }
  done();
}
