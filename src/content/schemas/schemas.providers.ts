import type { Provider, Type } from '@nestjs/common';
import { GraphqlTokensController } from './graphql-tokens.controller';
import { GraphqlTokensRepository } from './graphql-tokens.repository';
import { GraphqlTokensService } from './graphql-tokens.service';
import { SchemaSelector } from './schema-selector';

/** Providers of GraphQL schema selection and access tokens; registered by content.module.ts. */
export const SCHEMAS_PROVIDERS: Provider[] = [
  GraphqlTokensRepository,
  GraphqlTokensService,
  SchemaSelector,
];

/** The admin API of access tokens; registered by content.module.ts. */
export const SCHEMAS_CONTROLLERS: Type[] = [GraphqlTokensController];
