import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { schemaRequestHeaders } from '../infra/http/craft-request/request-headers';
import { Settings } from '../settings/settings';
import { ProtectedApi } from '../settings/api-guard.settings';
import { ApiGuardKey } from './guard-key';
import { ApiRateLimiter } from './rate-limiter';
import { graphqlCallerToken, teamsCallerToken } from './caller-token';
import { ClientAddressResolver } from './client-address';
import { protectedApiOf } from './protected-routes';
import { tooManyRequests } from './too-many-requests';

/**
 * Puts the API rate limit in front of the protected routes (API_RATE_LIMIT_DOMAIN set): a
 * route-level `onRequest` hook added as each route is declared, so other routes run no code at
 * all, and the decision comes before the body is read or anyone is authenticated. Route-level
 * hooks run after the route's plugin hooks: the GraphQL endpoint's CORS headers are already on
 * a refusal. Registered from the constructor, before Nest declares its controllers' routes.
 * Preflight `OPTIONS` requests are not counted: a browser sends one before many of its requests.
 */
@Injectable()
export class ApiGuardRoutes {
  private readonly hooks: Readonly<Record<ProtectedApi, onRequestAsyncHookHandler>>;
  private readonly addresses: ClientAddressResolver;

  constructor(
    adapterHost: HttpAdapterHost,
    private readonly settings: Settings,
    private readonly limiter: ApiRateLimiter,
    private readonly tokenKey: ApiGuardKey,
  ) {
    const config = settings.apiRateLimit;
    this.addresses = new ClientAddressResolver(config.trustedProxies);
    this.hooks = {
      graphql: (request, reply) => this.guard('graphql', request, reply),
      teams: (request, reply) => this.guard('teams', request, reply),
    };
    if (config.domain === '') return;
    // Absent when the module graph is only scanned (OpenAPI document generation).
    const fastify = adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onRoute', (route) => this.protect(route));
  }

  private protect(route: RouteOptions): void {
    const api = protectedApiOf(route.url, this.settings.content.path);
    if (api === undefined || !this.settings.apiRateLimit.routes.includes(api)) return;
    const hook = this.hooks[api];
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    // Fastify declares a HEAD route from a GET route's options, already holding the hook.
    if (existing.includes(hook)) return;
    route.onRequest = [...existing, hook];
  }

  private async guard(
    api: ProtectedApi,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    if (request.method === 'OPTIONS') return undefined;
    const { headers } = request;
    const verdict = await this.limiter.decide(
      api,
      {
        address: this.addresses.resolve(
          request.raw.socket.remoteAddress,
          headers['x-forwarded-for'],
        ),
        token:
          api === 'graphql'
            ? graphqlCallerToken(this.tokenKey.key, schemaRequestHeaders(request.raw.rawHeaders))
            : teamsCallerToken(this.tokenKey.key, headers.authorization),
      },
      headers,
    );
    for (const [name, value] of verdict.headers) void reply.header(name, value);
    if (verdict.allowed) return undefined;
    const refusal = tooManyRequests(api);
    return reply
      .status(429)
      .header('retry-after', String(verdict.retryAfterSeconds))
      .header('content-type', refusal.contentType)
      .send(refusal.body);
  }
}
