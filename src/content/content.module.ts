import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { DatabaseModule } from '../infra/database/database.module';
import { SharedCacheModule } from '../infra/cache/shared-cache.module';
import { SchemasAdminController } from './admin/schemas-admin.controller';
import { SchemasAdminService } from './admin/schemas-admin.service';
import { ContentScheduleRepository } from './cache/content-schedule.repository';
import { GraphqlResultCache } from './cache/graphql-result-cache';
import { InvalidationWebhook } from './cache/invalidation-webhook';
import { EarlyAnswers } from './endpoint/early-answers';
import { GraphqlEndpoint } from './endpoint/graphql-endpoint';
import { PersistedQueries } from './persisted/persisted-queries';
import { PersistedQueryAllowList } from './persisted/persisted-query-allow-list';
import { PersistedQueryStore } from './persisted/persisted-query.store';
import { GraphqlRoute } from './endpoint/graphql.route';
import { ContentGraphqlModule } from './graphql/code-first/content-graphql.module';
import { ContentMutationResolver } from './graphql/code-first/mutation.resolver';
import { ContentQueryResolver } from './graphql/code-first/query.resolver';
import { ContentSchemaBaseModule } from './graphql/code-first/schema-base.module';
import { ContentGraphql } from './graphql/content-graphql';
import { ContentGraphqlService } from './graphql/content-graphql.service';
import { ContentGraphqlContextFactory } from './graphql/graphql-context.factory';
import { GraphqlContextFactory } from './graphql/graphql-request-context';
import { ContentMutations } from './graphql/mutations/content-mutations.service';
import { ContentImporter } from './import/content-importer';
import { ElementStatesRepository } from './import/element-states.repository';
import { ContentModelService } from './model/content-model.service';
import { ContentModelSource } from './model/content-model.source';
import { ModelItemsRepository } from './model/store/model-items.repository';
import { assetSources } from './playground/asset-sources';
import { PlaygroundAssets } from './playground/assets';
import { PlaygroundPages } from './playground/pages';
import { PlaygroundRoute } from './playground/playground.route';
import { GraphqlTokensController } from './schemas/tokens/graphql-tokens.controller';
import { GraphqlTokensRepository } from './schemas/tokens/graphql-tokens.repository';
import { GraphqlTokensService } from './schemas/tokens/graphql-tokens.service';
import { SchemaSelector } from './schemas/schema-selector';
import { ContentSeeder } from './seed/content-seeder';
import { ElementReader } from './store/element-store';
import { ElementsRepository } from './store/read/elements.repository';
import { ElementLookups } from './store/write/element-lookups';
import { ElementWriter } from './store/write/element-writer';
import { LocalVolumeFiles } from './store/write/local-volume-files';
import { StagedUploadSweep } from './store/write/staged-upload-sweep';
import { VolumeFiles } from './store/write/volume-files';
import { ModelElements } from './store/write/model-elements';
import { AssetFiles } from './transforms/asset-files';
import { LocalAssetFiles } from './transforms/local-asset-files';
import { VolumeFilesRoute } from './transforms/volume-files.route';

/**
 * The content domain: the content model from project-config YAML, the content store, and the
 * Craft-compatible GraphQL API over them (a code-first GraphQLModule with its own driver). Shares the database and the users with identity. The
 * directives are plain functions (`directives/`) the GraphQL layer calls. Every provider of the
 * domain is listed here, by part (the order is the order Nest creates them in).
 */
@Module({
  imports: [
    DatabaseModule,
    IdentityModule,
    SharedCacheModule,
    // The code-first GraphQL module (graphql/code-first/) and the base it shares with the executor.
    ContentSchemaBaseModule,
    ContentGraphqlModule,
  ],
  controllers: [GraphqlTokensController, SchemasAdminController],
  providers: [
    // model/: YAML loading, validation, applying, watching
    ModelItemsRepository,
    ContentModelService,
    { provide: ContentModelSource, useExisting: ContentModelService },
    // store/: the element reader (read/) and writer (write/)
    ElementsRepository,
    { provide: ElementReader, useExisting: ElementsRepository },
    ElementWriter,
    LocalVolumeFiles,
    { provide: VolumeFiles, useExisting: LocalVolumeFiles },
    StagedUploadSweep,
    ElementLookups,
    // import/ (the importer the boot seeder loads through), the model's own elements, seed/
    ElementStatesRepository,
    ContentImporter,
    ModelElements,
    ContentSeeder,
    // transforms/: asset files, image transforms, the volume file route
    LocalAssetFiles,
    { provide: AssetFiles, useExisting: LocalAssetFiles },
    VolumeFilesRoute,
    // graphql/: code-first resolvers, schema builder, executor, mutations
    ContentQueryResolver,
    ContentMutationResolver,
    ContentGraphqlContextFactory,
    { provide: GraphqlContextFactory, useExisting: ContentGraphqlContextFactory },
    ContentGraphqlService,
    { provide: ContentGraphql, useExisting: ContentGraphqlService },
    ContentMutations,
    // schemas/: schema selection and access tokens
    GraphqlTokensRepository,
    GraphqlTokensService,
    SchemaSelector,
    // endpoint/: the GraphQL HTTP endpoint
    GraphqlEndpoint,
    GraphqlRoute,
    EarlyAnswers,
    // persisted/: Automatic Persisted Queries (in the shared cache)
    PersistedQueryStore,
    PersistedQueryAllowList,
    PersistedQueries,
    // playground/: GraphiQL and the control panel
    { provide: PlaygroundAssets, useFactory: () => new PlaygroundAssets(assetSources) },
    PlaygroundPages,
    PlaygroundRoute,
    // cache/: the GraphQL result cache (with SharedCacheModule), the CDN invalidation webhook
    ContentScheduleRepository,
    InvalidationWebhook,
    GraphqlResultCache,
    // admin/: schema administration
    SchemasAdminService,
  ],
})
export class ContentModule {}
