import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ClientErrorFilter } from './infra/http/client-error.filter';
import { HTTP_BODY_LIMIT_BYTES, installJsonBodyParsers } from './infra/http/json-body';
import { closeOnSignals } from './infra/lifecycle/close-on-signals';
import { applyRequestTimeout } from './infra/http/request-timeout';
import { logsRequests } from './infra/logging/logging.module';
import { Settings } from './settings/settings';
import { LoadedSettings } from './settings/settings.module';
import { logStartupSummary } from './startup-summary';

/** Builds the application (HTTP on Fastify plus the gRPC transport) without opening listeners. */
export async function createApp(loaded: LoadedSettings): Promise<NestFastifyApplication> {
  const { settings } = loaded;
  // Without middleware (request logs are off) Nest need not run @fastify/middie on every request.
  const adapter = new FastifyAdapter({
    bodyLimit: HTTP_BODY_LIMIT_BYTES,
    skipMiddie: !logsRequests(settings),
  });
  const fastify = adapter.getInstance();
  applyRequestTimeout(fastify.server, settings.http.requestTimeout);
  // Upstream's /json accepts a JSON body under any content type (curl -d sends form encoding).
  installJsonBodyParsers(fastify);
  const app = await NestFactory.create<NestFastifyApplication>(
    await AppModule.forRoot(loaded),
    adapter,
    {
      bufferLogs: true,
      // Fastify's own JSON parser stays; Nest's form parser would swallow curl's default content type.
      bodyParser: false,
    },
  );
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new ClientErrorFilter(app.getHttpAdapter()));
  // Boot may wait (stores, xDS) before any listener opens: show what was logged so far now.
  app.flushLogs();
  if (runsRateLimit(settings)) {
    const { rateLimitGrpcStrategy } = await import('./ratelimit/transport/grpc/server.options');
    app.connectMicroservice(rateLimitGrpcStrategy(app, settings), { inheritAppConfig: true });
  }
  closeOnSignals(app, ['SIGTERM', 'SIGINT']);
  return app;
}

/**
 * Runs the lifecycle hooks (rules are loaded there, and an xDS source waits for its first
 * configuration), then opens the gRPC, debug and HTTP listeners.
 */
export async function startApp(app: NestFastifyApplication, settings: Settings): Promise<void> {
  await app.init();
  if (runsRateLimit(settings)) {
    await app.startAllMicroservices();
    const { DebugServer } = await import('./ratelimit/debug/debug-server');
    await app.get(DebugServer).listen();
  }
  await app.listen({ host: settings.http.host, port: settings.http.port });
  await logStartupSummary(app, settings);
}

function runsRateLimit(settings: Settings): boolean {
  return settings.modules.enabled.includes('ratelimit');
}
