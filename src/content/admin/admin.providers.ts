import type { Provider, Type } from '@nestjs/common';
import { GraphqlTokensRepository } from '../schemas/graphql-tokens.repository';
import { GraphqlTokensService } from '../schemas/graphql-tokens.service';
import { SchemasAdminController } from './schemas-admin.controller';
import { SchemasAdminService } from './schemas-admin.service';

/** Schema administration (tokens are in ../schemas); registered by content.module.ts. */
export const ADMIN_PROVIDERS: Provider[] = [SchemasAdminService];
export const ADMIN_CONTROLLERS: Type[] = [SchemasAdminController];

/** What `content-tokens` needs in the commands' context (src/content/cli/content-cli.module.ts). */
export const TOKEN_COMMAND_PROVIDERS: Provider[] = [
  GraphqlTokensRepository,
  GraphqlTokensService,
  SchemasAdminService,
];
