import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assetAnswer } from './asset-answer';
import { LoadedAsset, PlaygroundAssets } from './assets';
import { PlaygroundPages } from './pages';
import { ADMIN_PAGE_PATH, ASSET_PREFIX } from './paths';

/**
 * The playground's files (`/graphql-assets/<name>`) and the control panel page, as plain Fastify
 * routes (GET, and HEAD). The playground page itself is answered by the GraphQL route, whose
 * paths it shares.
 */
@Injectable()
export class PlaygroundRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly assets: PlaygroundAssets,
    private readonly pages: PlaygroundPages,
  ) {}

  onModuleInit(): void {
    // Absent when the module graph is only scanned (OpenAPI document generation).
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify === undefined) return;
    void fastify.register((scope, _options, done) => {
      scope.get<{ Params: { name: string } }>(`${ASSET_PREFIX}/:name`, (request, reply) =>
        this.asset(request, reply),
      );
      scope.get(ADMIN_PAGE_PATH, (_request, reply) => this.pages.sendAdmin(reply));
      done();
    });
  }

  private async asset(
    request: FastifyRequest<{ Params: { name: string } }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const query = request.url.indexOf('?');
    const search = new URLSearchParams(query < 0 ? '' : request.url.slice(query + 1));
    let asset: LoadedAsset | undefined;
    try {
      asset = await this.assets.find(request.params.name);
    } catch {
      // Logged when the page failed the same way.
      return reply
        .status(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .send('Unavailable');
    }
    const answer = assetAnswer(asset, {
      version: search.get('v') ?? undefined,
      ifNoneMatch: request.headers['if-none-match'],
      acceptEncoding: request.headers['accept-encoding'],
    });
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  }
}
