import { DynamicModule, Module } from '@nestjs/common';
import { IdentityModule } from '../../identity/identity.module';
import { ClockModule } from '../../infra/clock/clock.module';
import { HealthModule } from '../../infra/health/health.module';
import { SharedCacheModule } from '../../infra/cache/shared-cache.module';
import { Settings } from '../../settings/settings';
import { TOKEN_COMMAND_PROVIDERS } from '../admin/admin.providers';
import { CACHE_PROVIDERS } from '../cache/cache.providers';
import { SettingsModule } from '../../settings/settings.module';
import { EXPORT_PROVIDERS } from '../import/export.providers';
import { IMPORT_PROVIDERS } from '../import/import.providers';
import { MODEL_PROVIDERS } from '../model/model.providers';
import { ModelElements } from '../seed/model-elements';
import { ElementWriter } from '../store/element-writer';
import { ElementLookups } from '../store/element-writer-lookups';

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
  static forRoot(settings: Settings, options: ContentCliOptions): DynamicModule {
    return {
      module: ContentCliModule,
      imports: [
        SettingsModule.forRoot(settings),
        ClockModule,
        HealthModule,
        IdentityModule,
        ...(options.resultCache ? [SharedCacheModule] : []),
      ],
      providers: [
        ...(options.resultCache ? CACHE_PROVIDERS : []),
        ...MODEL_PROVIDERS,
        ElementWriter,
        ElementLookups,
        ModelElements,
        ...IMPORT_PROVIDERS,
        ...EXPORT_PROVIDERS,
        ...TOKEN_COMMAND_PROVIDERS,
      ],
    };
  }
}
