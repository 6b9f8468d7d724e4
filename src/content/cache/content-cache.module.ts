import { Module } from '@nestjs/common';
import { SharedCacheModule } from '../../infra/cache/shared-cache.module';
import { DatabaseModule } from '../../infra/database/database.module';
import { ContentModelModule } from '../model/content-model.module';
import { ContentScheduleRepository } from './content-schedule.repository';
import { GraphqlResultCache } from './graphql-result-cache';
import { InvalidationWebhook } from './invalidation-webhook';

/**
 * The GraphQL result cache (in the shared cache, so instances on one Redis share it) with the
 * schedule that expires answers when content goes live or expires, and the CDN invalidation
 * webhook.
 */
@Module({
  imports: [SharedCacheModule, DatabaseModule, ContentModelModule],
  providers: [ContentScheduleRepository, InvalidationWebhook, GraphqlResultCache],
  exports: [GraphqlResultCache],
})
export class ContentCacheModule {}
