import { DynamicModule, Module } from '@nestjs/common';
import { IdentityModule } from '../../identity';
import { DatabaseModule } from '../../infra/database/database.module';
import { ClockModule } from '../../infra/clock/clock.module';
import { HealthModule } from '../../infra/health/health.module';
import { StatsModule } from '../../infra/stats/stats.module';
import { SharedCacheModule } from '../../infra/cache/shared-cache.module';
import { ContentCacheModule } from '../cache/content-cache.module';
import { ContentImportModule } from '../import/content-import.module';
import { ContentModelModule } from '../model/content-model.module';
import { GraphqlTokensModule } from '../schemas/tokens/graphql-tokens.module';
import { ContentStoreModule } from '../store/content-store.module';
import { SchemasAdminService } from '../admin/schemas-admin.service';
import { LoadedSettings } from '../../settings/settings.module';
import { ContentExporter } from '../import/export/content-exporter';
import { ExportRepository } from '../import/export/export.repository';

export interface ContentCliOptions {
  /**
   * The GraphQL result cache, for commands that change content: with Redis (kvstore) their
   * invalidation reaches the running instances. (Its start invalidates too, as every
   * instance's does; a read-only command leaves the cache alone.)
   */
  readonly resultCache: boolean;
}

/**
 * What the content commands need, and nothing that listens: the database (opened and migrated
 * as the service does it), identity (the admin user is made on a first start, as the service
 * would), the content model (loaded from CONTENT_PROJECT_DIR and applied), the element writer,
 * the importer and the exporter, token administration (`content-tokens`), the result cache
 * when asked for. No HTTP, gRPC, GraphQL or boot seeder.
 */
@Module({})
export class ContentCliModule {
  static forRoot(settings: LoadedSettings, options: ContentCliOptions): DynamicModule {
    return {
      module: ContentCliModule,
      imports: [
        settings.module,
        ClockModule,
        HealthModule,
        // the store's query counter has a registry, which no command exports
        StatsModule,
        DatabaseModule,
        IdentityModule,
        ContentModelModule,
        ContentStoreModule,
        ContentImportModule,
        GraphqlTokensModule,
        // the result cache and the CDN invalidation webhook, only for commands that change content
        ...(options.resultCache ? [SharedCacheModule, ContentCacheModule] : []),
      ],
      providers: [
        // the exporter
        ExportRepository,
        ContentExporter,
        // schema administration (content-tokens)
        SchemasAdminService,
      ],
    };
  }
}
