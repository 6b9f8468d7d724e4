import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { DatabaseModule } from '../infra/database/database.module';
import { SharedCacheModule } from '../infra/cache/shared-cache.module';
import { ContentCacheModule } from './cache/content-cache.module';
import { ContentImportModule } from './import/content-import.module';
import { ContentModelModule } from './model/content-model.module';
import { GraphqlTokensModule } from './schemas/tokens/graphql-tokens.module';
import { ContentStoreModule } from './store/content-store.module';
import { SchemasAdminController } from './admin/schemas-admin.controller';
import { SchemasAdminService } from './admin/schemas-admin.service';
import { CachedAnswers } from './endpoint/cached-answers';
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
import { ContentMutations } from './graphql/mutations/content-mutations';
import { assetSources } from './playground/asset-sources';
import { PlaygroundAssets } from './playground/assets';
import { PlaygroundPages } from './playground/pages';
import { PlaygroundRoute } from './playground/playground.route';
import { GraphqlTokensController } from './schemas/tokens/graphql-tokens.controller';
import { SchemaSelector } from './schemas/schema-selector';
import { ContentSeeder } from './seed/content-seeder';
import { StagedUploadSweep } from './store/write/staged-upload-sweep';
import { AssetFiles } from './transforms/asset-files';
import { LocalAssetFiles } from './transforms/local-asset-files';
import { VolumeFilesRoute } from './transforms/volume-files.route';

/**
 * The content domain: the content model from project-config YAML, the content store, and the
 * Craft-compatible GraphQL API over them (a code-first GraphQLModule with its own driver). Shares
 * the database and the users with identity. The parts other parts (and the content commands) use
 * are modules of their own: model, store, import, tokens, result cache. The rest is listed here by
 * folder. The directives are plain functions (`directives/`) the GraphQL layer calls.
 */
@Module({
  imports: [
    DatabaseModule,
    IdentityModule,
    SharedCacheModule,
    ContentModelModule,
    ContentStoreModule,
    ContentImportModule,
    GraphqlTokensModule,
    ContentCacheModule,
    // The code-first GraphQL module (graphql/code-first/) and the base it shares with the executor.
    ContentSchemaBaseModule,
    ContentGraphqlModule,
  ],
  controllers: [GraphqlTokensController, SchemasAdminController],
  providers: [
    // store/: uploads staged and never saved are swept (the service only, not the commands)
    StagedUploadSweep,
    // seed/: the demo or project content on a first start
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
    // schemas/: schema selection
    SchemaSelector,
    // endpoint/: the GraphQL HTTP endpoint (one answer path: CachedAnswers)
    CachedAnswers,
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
    // admin/: schema administration
    SchemasAdminService,
  ],
})
export class ContentModule {}
