import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import { Settings } from '../../settings/settings';

/**
 * pino through nestjs-pino. `LOG_FORMAT=json` gives upstream's field names (`@timestamp`,
 * `@message`, `level` as a word); text is one readable line per entry. Request logs only at debug.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [Settings],
      useFactory: (settings: Settings) => {
        const { level, format } = settings.log;
        const json = format === 'json';
        const stream: DestinationStream | undefined = json
          ? undefined
          : pretty({
              colorize: false,
              singleLine: true,
              sync: true,
              translateTime: 'SYS:standard',
              ignore: 'pid,hostname',
            });
        return {
          // The decision endpoints are the hot path: no per-request logger there.
          exclude: [
            { method: RequestMethod.ALL, path: 'json' },
            { method: RequestMethod.ALL, path: 'healthcheck' },
          ],
          pinoHttp: {
            level,
            autoLogging: level === 'debug' || level === 'trace',
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
