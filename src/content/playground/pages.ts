import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Settings } from '../../settings/settings';
import { adminPage } from './admin-page';
import { pageHeaders, styleNonce } from './page-headers';
import { wantsPlaygroundPage } from './page-request';
import { PlaygroundAssets } from './assets';
import { ADMIN_PAGE_PATH } from './paths';
import { playgroundPage } from './graphiql-page';

/** Answers the playground page (at the GraphQL paths) and the control panel page. */
@Injectable()
export class PlaygroundPages {
  private readonly logger = new Logger('GraphqlPlayground');

  constructor(
    private readonly settings: Settings,
    private readonly assets: PlaygroundAssets,
  ) {}

  /** A browser opening a GraphQL path while the API is enabled; the endpoint asks first. */
  wanted(request: FastifyRequest): boolean {
    return (
      this.settings.content.enabled &&
      wantsPlaygroundPage({
        method: request.method,
        url: request.url,
        accept: request.headers.accept,
      })
    );
  }

  sendPlayground(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const endpoint = request.url.split('?', 1)[0] ?? this.settings.content.path;
    return this.send(reply, (nonce, assetUrl) =>
      playgroundPage({ endpoint, adminPath: ADMIN_PAGE_PATH, styleNonce: nonce, assetUrl }),
    );
  }

  sendAdmin(reply: FastifyReply): Promise<FastifyReply> {
    return this.send(reply, (nonce, assetUrl) =>
      adminPage({ playgroundPath: this.settings.content.path, styleNonce: nonce, assetUrl }),
    );
  }

  private async send(
    reply: FastifyReply,
    render: (nonce: string, assetUrl: (name: string) => string) => string,
  ): Promise<FastifyReply> {
    let assetUrl: (name: string) => string;
    try {
      assetUrl = await this.assets.links();
    } catch (error) {
      // GraphiQL and React are dependencies of the service: missing means a broken install.
      this.logger.error(`the playground's files cannot be read: ${String(error)}`);
      return reply
        .status(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .send('The playground is unavailable: its files cannot be read (see the service log).');
    }
    const nonce = styleNonce();
    return reply.status(200).headers(pageHeaders(nonce)).send(render(nonce, assetUrl));
  }
}
