import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { logsRequests } from './infra/logging/logging.module';
import { Settings } from './settings/settings';

/** Builds the application (HTTP on Fastify plus the gRPC transport) without opening listeners. */
export async function createApp(settings: Settings): Promise<NestFastifyApplication> {
  // Without middleware (request logs are off) Nest need not run @fastify/middie on every request.
  const adapter = new FastifyAdapter({
    bodyLimit: 1024 * 1024,
    skipMiddie: !logsRequests(settings),
  });
  // Upstream's /json accepts a JSON body under any content type (curl -d sends form encoding,
  // fetch with a string body sends text/plain).
  const fastify = adapter.getInstance();
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    parseJsonBody(body as string, done);
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    await AppModule.forRoot(settings),
    adapter,
    {
      bufferLogs: true,
      // Fastify's own JSON parser stays; Nest's form parser would swallow curl's default content type.
      bodyParser: false,
    },
  );
  app.useLogger(app.get(Logger));
  // Boot may wait (stores, xDS) before any listener opens: show what was logged so far now.
  app.flushLogs();
  if (runsRateLimit(settings)) {
    const { rateLimitGrpcStrategy } =
      await import('./ratelimit/transport/grpc/grpc-server.options');
    app.connectMicroservice(rateLimitGrpcStrategy(app, settings), { inheritAppConfig: true });
  }
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  return app;
}

function parseJsonBody(body: string, done: (error: Error | null, value?: unknown) => void): void {
  if (body === '') {
    done(null, undefined);
    return;
  }
  try {
    done(null, JSON.parse(body));
  } catch {
    done(Object.assign(new Error('request body is not valid JSON'), { statusCode: 400 }));
  }
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
}

function runsRateLimit(settings: Settings): boolean {
  return settings.modules.enabled.includes('ratelimit');
}
