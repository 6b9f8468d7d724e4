import { Controller, Get, Param, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';
import { DOCS_HEADERS } from './docs-headers';
import { buildOpenApiDocument, renderOpenApiDocument } from './openapi-document';

/** swagger-ui-dist as installed with @nestjs/swagger: served from disk, no CDN. */
const SWAGGER_UI_DIR = dirname(
  require.resolve('swagger-ui-dist/package.json', { paths: [require.resolve('@nestjs/swagger')] }),
);
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Relative URLs: the page works under any path prefix a proxy adds. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Teams API</title>
  <link rel="stylesheet" href="docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="docs/swagger-ui-bundle.js"></script>
  <script src="docs/swagger-ui-standalone-preset.js"></script>
  <script src="docs/swagger-start.js"></script>
</body>
</html>
`;

/**
 * The page's start script, served as a file: the page's CSP allows no inline script. No
 * validator badge (it would load an image from validator.swagger.io).
 */
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  validatorUrl: null,
});
`;

/** `/api/openapi.json` and a Swagger UI at `/api/docs` that works offline. */
@ApiExcludeController()
@Controller('api')
@UseFilters(GrafanaExceptionFilter)
export class OpenApiController {
  private document: Promise<string> | undefined;

  @Get('openapi.json')
  async openApi(@Res() reply: FastifyReply): Promise<void> {
    this.document ??= buildOpenApiDocument().then(renderOpenApiDocument);
    await reply.type('application/json; charset=utf-8').send(await this.document);
  }

  @Get('docs')
  async page(@Res() reply: FastifyReply): Promise<void> {
    await reply.headers(DOCS_HEADERS).type('text/html; charset=utf-8').send(PAGE);
  }

  @Get('docs/:file')
  async asset(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    if (file === 'swagger-start.js') {
      await reply
        .headers(DOCS_HEADERS)
        .type('application/javascript; charset=utf-8')
        .send(START_SCRIPT);
      return;
    }
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (type === undefined) throw GrafanaError.message(404, 'Not found');
    await reply
      .headers(DOCS_HEADERS)
      .type(type)
      .header('cache-control', 'public, max-age=86400')
      .send(createReadStream(join(SWAGGER_UI_DIR, file)));
  }
}
