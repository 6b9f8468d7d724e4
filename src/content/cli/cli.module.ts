import { DynamicModule, Module } from '@nestjs/common';
import { IdentityModule } from '../../identity/identity.module';
import { DatabaseModule } from '../../infra/database/database.module';
import { ClockModule } from '../../infra/clock/clock.module';
import { HealthModule } from '../../infra/health/health.module';
import { SharedCacheModule } from '../../infra/cache/shared-cache.module';
import { SchemasAdminService } from '../admin/schemas-admin.service';
import { ContentScheduleRepository } from '../cache/content-schedule.repository';
import { GraphqlResultCache } from '../cache/graphql-result-cache';
import { InvalidationWebhook } from '../cache/invalidation-webhook';
import { LoadedSettings } from '../../settings/settings.module';
import { ContentImporter } from '../import/content-importer';
import { ElementStatesRepository } from '../import/element-states.repository';
import { ContentExporter } from '../import/export/content-exporter';
import { ExportRepository } from '../import/export/export.repository';
import { ContentModelService } from '../model/content-model.service';
import { ContentModelSource } from '../model/content-model.source';
import { ModelItemsRepository } from '../model/store/model-items.repository';
import { GraphqlTokensRepository } from '../schemas/tokens/graphql-tokens.repository';
import { GraphqlTokensService } from '../schemas/tokens/graphql-tokens.service';
import { ModelElements } from '../store/write/model-elements';
import { ElementWriter } from '../store/write/element-writer';
import { LocalVolumeFiles } from '../store/write/local-volume-files';
import { VolumeFiles } from '../store/write/volume-files';
import { ElementLookups } from '../store/write/element-lookups';

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
        DatabaseModule,
        IdentityModule,
        ...(options.resultCache ? [SharedCacheModule] : []),
      ],
      providers: [
        // the result cache and the CDN invalidation webhook, only for commands that change content
        ...(options.resultCache
          ? [ContentScheduleRepository, InvalidationWebhook, GraphqlResultCache]
          : []),
        // the content model
        ModelItemsRepository,
        ContentModelService,
        { provide: ContentModelSource, useExisting: ContentModelService },
        // the element writer and the model's own elements
        ElementWriter,
        LocalVolumeFiles,
        { provide: VolumeFiles, useExisting: LocalVolumeFiles },
        ElementLookups,
        ModelElements,
        // the importer and the exporter
        ElementStatesRepository,
        ContentImporter,
        ExportRepository,
        ContentExporter,
        // token administration (content-tokens)
        GraphqlTokensRepository,
        GraphqlTokensService,
        SchemasAdminService,
      ],
    };
  }
}
