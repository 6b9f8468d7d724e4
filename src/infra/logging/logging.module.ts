import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { Settings } from '../../settings/settings';

/** Request logs (pino-http, a Nest middleware) only at debug and trace: they cost every request. */
export function logsRequests(settings: Settings): boolean {
  return settings.log.level === 'debug' || settings.log.level === 'trace';
}

/**
 * pino through nestjs-pino. `LOG_FORMAT=json` gives upstream's field names (`@timestamp`,
 * `@message`, `level` as a word); text is one readable line per entry. Request logs only at debug.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [Settings],
      useFactory: async (settings: Settings) => {
        const { level, format } = settings.log;
        const json = format === 'json';
        const requestLogs = logsRequests(settings);
        // pino-pretty (about 10 MB of RSS) is loaded only for text logs.
        const stream: DestinationStream | undefined = json
          ? undefined
          : (await import('pino-pretty')).default({
              colorize: false,
              singleLine: true,
              sync: true,
              translateTime: 'SYS:standard',
              ignore: 'pid,hostname',
            });
        return {
          // Request logging only at debug level: the middleware costs every request, logged or not.
          forRoutes: requestLogs ? [{ path: '*', method: RequestMethod.ALL }] : [],
          pinoHttp: {
            level,
            autoLogging: requestLogs,
            quietReqLogger: true,
            ...(json
              ? {
                  messageKey: '@message',
                  timestamp: () => `,"@timestamp":"${new Date().toISOString()}"`,
                }
              : {}),
            formatters: { level: (label: string) => ({ level: label }) },
            base: undefined,
            stream,
          },
        };
      },
    }),
  ],
})
export class LoggingModule {}
