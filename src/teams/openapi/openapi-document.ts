import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { IdentityModule } from '../../identity';
import { Clock, SystemClock } from '../../infra/clock/clock';
import { HealthState } from '../../infra/health/health-state';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import { TeamsModule } from '../teams.module';

/** Stand-ins for the app's global providers: a preview resolves dependencies, never uses them. */
@Global()
@Module({
  providers: [
    { provide: Settings, useValue: {} },
    HealthState,
    { provide: Clock, useClass: SystemClock },
    StatsRegistry,
  ],
  exports: [Settings, HealthState, Clock, StatsRegistry],
})
class OpenApiScanGlobals {}

@Module({ imports: [OpenApiScanGlobals, IdentityModule, TeamsModule] })
class OpenApiScanModule {}

/**
 * The OpenAPI document of the Grafana-compatible REST API (identity and teams). Built from the
 * controllers' decorators in a preview application: the module graph is scanned, nothing is
 * instantiated (no database, no listener), so the service and `npm run docs:openapi` produce the
 * same document.
 */
export async function buildOpenApiDocument(): Promise<OpenAPIObject> {
  const app = await NestFactory.create(OpenApiScanModule, new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    const config = new DocumentBuilder()
      .setTitle('Teams API (Grafana-compatible)')
      .setDescription(
        'Grafana 11/12-compatible teams, team members, team preferences and team sync groups, ' +
          'with the user, org, org user and service account endpoints Grafana API clients need; ' +
          'errors have Grafana’s shapes. Also Grafana’s Kubernetes-style teams resource under ' +
          '/apis/iam.grafana.app/v0alpha1, whose errors are Kubernetes Status bodies. ' +
          'See docs/teams-api.md.',
      )
      .setVersion('1')
      .addBasicAuth({ type: 'http', scheme: 'basic' }, 'basic')
      .addBearerAuth(
        { type: 'http', scheme: 'bearer', description: 'service account token (glsa_…)' },
        'serviceAccountToken',
      )
      .build();
    return SwaggerModule.createDocument(app, config, { include: [IdentityModule, TeamsModule] });
  } finally {
    await app.close();
  }
}

/** The document as committed in docs/openapi.json. */
export function renderOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
