import { Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { discardUnreadBody } from '../../infra/http/unread-body';
import { Settings } from '../../settings/settings';
import { PlaygroundPages } from '../playground/pages';
import { bodyText, type BodyText } from './body-text';
import { corsHeaders } from './cors-headers';
import { INTERNAL_ERROR_MESSAGE, yiiErrorBody } from './craft-http-error';
import { EndpointAnswer, GraphqlEndpoint } from './graphql-endpoint';
import { schemaRequestHeaders } from './request-headers';

/** Where sites usually route Craft's `graphql/api` action; served next to GRAPHQL_PATH. */
export const CRAFT_API_PATH = '/api';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The HTTP part of the content GraphQL driver (graphql/code-first/content-graphql.driver.ts),
 * which registers it when GraphQLModule starts.
 * The GraphQL endpoint at GRAPHQL_PATH and `/api` (GET, POST, OPTIONS), as plain Fastify routes in
 * their own encapsulated plugin: the bodies are read as UTF-8 text whatever their type (the
 * endpoint decodes JSON, form and application/graphql bodies itself), without touching the app's
 * JSON parser of other routes; parser errors (body too large, ...) answer Yii's JSON error bodies.
 * `/api` exactly does not collide with the Grafana API's `/api/*` routes.
 */
@Injectable()
export class GraphqlRoute {
  private readonly logger = new Logger('GraphqlEndpoint');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly endpoint: GraphqlEndpoint,
    private readonly settings: Settings,
    private readonly playground: PlaygroundPages,
  ) {}

  get paths(): string[] {
    return [...new Set([this.settings.content.path, CRAFT_API_PATH])];
  }

  register(): void {
    // Absent when the module graph is only scanned (OpenAPI document generation).
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify === undefined) return;
    // Loaded when the server gets ready, like every plugin registered before listen().
    void fastify.register((scope, _options, done) => {
      this.configure(scope);
      done();
    });
  }

  private configure(scope: FastifyInstance): void {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, bodyText(body as Buffer));
    });
    if (this.endpoint.enabled)
      scope.addHook('onRequest', (request, reply, done) => {
        // Before anything can fail, so that browsers can read error answers too.
        void reply.headers(
          corsHeaders(this.settings.content.allowedOrigins, request.headers.origin),
        );
        done();
      });
    scope.setErrorHandler((error: FastifyError, request, reply) =>
      this.failed(error, request, reply),
    );
    for (const url of this.paths)
      scope.route({
        method: ['GET', 'POST', 'OPTIONS'],
        url,
        // Above the app's default: asset upload mutations carry their files as base64.
        bodyLimit: this.settings.content.maxBodyBytes,
        handler: (request, reply) => this.handle(request, reply),
      });
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // A browser opening the path gets GraphiQL (src/content/playground) instead of an error.
    if (this.playground.wanted(request)) return this.playground.sendPlayground(request, reply);
    const query = request.url.indexOf('?');
    const body = request.body as BodyText | undefined;
    const answer = await this.endpoint.answer({
      method: request.method,
      contentType: request.headers['content-type'],
      body: body?.text,
      malformedUtf8: body?.malformedUtf8,
      search: query < 0 ? '' : request.url.slice(query + 1),
      headers: schemaRequestHeaders(request.raw.rawHeaders),
    });
    return send(reply, answer);
  }

  private failed(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      this.logger.error(`${request.method} ${request.url}: ${error.stack ?? error.message}`);
      return send(reply, { status: 500, json: yiiErrorBody(500, INTERNAL_ERROR_MESSAGE) });
    }
    discardUnreadBody(reply);
    return send(reply, { status, json: yiiErrorBody(status, error.message) });
  }
}

function send(reply: FastifyReply, answer: EndpointAnswer): FastifyReply {
  if (answer.json === undefined) return reply.status(answer.status).send('');
  return reply
    .status(answer.status)
    .header('content-type', JSON_TYPE)
    .send(JSON.stringify(answer.json));
}
