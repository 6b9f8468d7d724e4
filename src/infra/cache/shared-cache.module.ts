import { Module } from '@nestjs/common';
import { Settings } from '../../settings/settings';
import { Clock } from '../clock/clock';
import { createSharedCache } from './shared-cache.factory';
import { SharedCache } from './shared-cache.port';

/** The cache shared by instances (GraphQL results): memory or Redis, per settings. */
@Module({
  providers: [{ provide: SharedCache, useFactory: createSharedCache, inject: [Settings, Clock] }],
  exports: [SharedCache],
})
export class SharedCacheModule {}
