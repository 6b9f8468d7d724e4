import { Injectable, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { replayBody } from '../../infra/http/request-shortcut';
import { discardUnreadBody } from '../../infra/http/unread-body';
import { Settings } from '../../settings/settings';
import { PlaygroundPages } from '../playground/pages';
import { bodyText, type BodyText } from './body-text';
import { CachedAnswers } from './cached-answers';
import { INTERNAL_ERROR_MESSAGE, yiiErrorBody } from './craft-http-error';
import { EarlyAnswers, JSON_TYPE, type RequestText } from './early-answers';
import { EndpointAnswer, GraphqlEndpoint, jsonAnswer } from './graphql-endpoint';
import { anonymousBodyLimit } from './request-caps';
import { schemaRequestHeaders } from '../../infra/http/craft-request/request-headers';
import { API_PATH } from '../../infra/http/api-path';

/** Where sites usually route Craft's `graphql/api` action; served next to GRAPHQL_PATH. */
export const CRAFT_API_PATH = API_PATH;

/**
 * The HTTP part of the content GraphQL driver (graphql/code-first/content-graphql.driver.ts),
 * which registers it when GraphQLModule starts.
 * The GraphQL endpoint at GRAPHQL_PATH and `/api` (GET, POST, OPTIONS), as plain Fastify routes in
 * their own encapsulated plugin: the bodies are read as UTF-8 text whatever their type (the
 * endpoint decodes JSON, form and application/graphql bodies itself), without touching the app's
 * JSON parser of other routes; parser errors (body too large, ...) answer Yii's JSON error bodies.
 * `/api` exactly does not collide with the Grafana API's `/api/*` routes. Every answer varies
 * with the headers that choose the schema; cacheable ones get HTTP caching headers and 304s.
 */
@Injectable()
export class GraphqlRoute {
  private readonly logger = new Logger('GraphqlRoute');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly endpoint: GraphqlEndpoint,
    private readonly settings: Settings,
    private readonly playground: PlaygroundPages,
    private readonly early: EarlyAnswers,
    private readonly answers: CachedAnswers,
  ) {}

  get paths(): string[] {
    return [...new Set([this.settings.content.path, CRAFT_API_PATH])];
  }

  register(): void {
    // Absent when the module graph is only scanned (OpenAPI document generation).
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify === undefined) return;
    if (this.early.enabled) {
      this.early.install(fastify.server, this.paths);
      fastify.addHook('preClose', (done) => {
        this.early.close();
        done();
      });
    }
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
    scope.addHook('onRequest', (request, reply, done) => {
      // Before anything can fail, so that browsers can read error answers too.
      void reply.headers(this.answers.endpointHeaders(request.headers.origin));
      done();
    });
    // A POST body that the early answers read before routing (early-answers.ts).
    scope.addHook('preParsing', replayBody);
    scope.addHook('preParsing', anonymousBodyLimit(this.settings.content.publicMaxBodyBytes));
    scope.setErrorHandler((error: FastifyError, request, reply) =>
      this.failed(error, request, reply),
    );
    for (const url of this.paths) {
      scope.route({
        method: ['GET', 'POST', 'OPTIONS'],
        url,
        // Above the app's default: asset upload mutations carry their files as base64.
        bodyLimit: this.settings.content.maxBodyBytes,
        handler: (request, reply) => this.handle(request, reply),
      });
    }
  }

  private async handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // A browser opening the path gets GraphiQL (src/content/playground) instead of an error.
    if (this.playground.wanted(request)) return this.playground.sendPlayground(request, reply);
    const query = request.url.indexOf('?');
    const body = request.body as BodyText | undefined;
    const text: RequestText = {
      method: request.method,
      url: request.url,
      contentType: request.headers['content-type'],
      body: body?.text,
    };
    const headers = schemaRequestHeaders(request.raw.rawHeaders);
    const answer = await this.endpoint.answer({
      method: request.method,
      contentType: request.headers['content-type'],
      body: body?.text,
      malformedUtf8: body?.malformedUtf8,
      search: query < 0 ? '' : request.url.slice(query + 1),
      headers,
      seen: this.answers.seenEarly(request.raw),
    });
    this.early.remember(text, headers, answer);
    return this.send(reply, answer, request.headers['if-none-match']);
  }

  private failed(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      this.logger.error(`${request.method} ${request.url}: ${error.stack ?? error.message}`);
      return this.send(reply, jsonAnswer(500, yiiErrorBody(500, INTERNAL_ERROR_MESSAGE)));
    }
    discardUnreadBody(reply);
    return this.send(reply, jsonAnswer(status, yiiErrorBody(status, error.message)));
  }

  /**
   * Writes an answer: a cacheable one with its caching headers, or 304 without a body
   * (cached-answers.ts says which).
   */
  private send(reply: FastifyReply, answer: EndpointAnswer, ifNoneMatch?: string): FastifyReply {
    const { body, cacheable } = answer;
    if (body === undefined) return reply.status(answer.status).send('');
    if (answer.cacheControl !== undefined) void reply.header('cache-control', answer.cacheControl);
    if (cacheable !== undefined) {
      const { notModified, pairs } = this.answers.cachingHeaders(cacheable, ifNoneMatch);
      for (let i = 0; i < pairs.length; i += 2) void reply.header(pairs[i], pairs[i + 1]);
      if (notModified) return reply.status(304).send();
    }
    return reply.status(answer.status).header('content-type', JSON_TYPE).send(body);
  }
}
