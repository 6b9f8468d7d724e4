import { Global, Module } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { createTracing, Tracing } from './tracing';

/** The one tracing provider (off by default), for the rate limit transports. */
@Global()
@Module({
  providers: [{ provide: Tracing, inject: [Settings], useFactory: createTracing }],
  exports: [Tracing],
})
export class TracingModule {}
