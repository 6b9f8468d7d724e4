import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { SharedCacheModule } from '../infra/cache/shared-cache.module';
import { ADMIN_CONTROLLERS, ADMIN_PROVIDERS } from './admin/admin.providers';
import { CACHE_PROVIDERS } from './cache/cache.providers';
import { ENDPOINT_PROVIDERS } from './endpoint/endpoint.providers';
import { GRAPHQL_PROVIDERS } from './graphql/graphql.providers';
import { MODEL_PROVIDERS } from './model/model.providers';
import { PLAYGROUND_PROVIDERS } from './playground/playground.providers';
import { SCHEMAS_CONTROLLERS, SCHEMAS_PROVIDERS } from './schemas/schemas.providers';
import { STORE_PROVIDERS } from './store/store.providers';
import { TRANSFORMS_PROVIDERS } from './transforms/transforms.providers';

/**
 * The content domain: the content model from project-config YAML, the content store, and the
 * Craft-compatible GraphQL API over them. Shares the database and the users with identity. The
 * directives are plain functions (`directives/`) the GraphQL layer calls.
 */
@Module({
  imports: [IdentityModule, SharedCacheModule],
  controllers: [...SCHEMAS_CONTROLLERS, ...ADMIN_CONTROLLERS],
  providers: [
    ...MODEL_PROVIDERS,
    ...STORE_PROVIDERS,
    ...TRANSFORMS_PROVIDERS,
    ...GRAPHQL_PROVIDERS,
    ...SCHEMAS_PROVIDERS,
    ...ENDPOINT_PROVIDERS,
    ...PLAYGROUND_PROVIDERS,
    ...CACHE_PROVIDERS,
    ...ADMIN_PROVIDERS,
  ],
})
export class ContentModule {}
