import type { Provider } from '@nestjs/common';
import { ContentGraphql } from './content-graphql';
import { ContentGraphqlService } from './content-graphql.service';
import { ContentGraphqlContextFactory } from './graphql-context.factory';
import { GraphqlContextFactory } from './graphql-request-context';
import { MUTATIONS_PROVIDERS } from './mutations/mutations.providers';

/** Providers of the GraphQL schema builder and executor; registered by content.module.ts. */
export const GRAPHQL_PROVIDERS: Provider[] = [
  ContentGraphqlContextFactory,
  { provide: GraphqlContextFactory, useExisting: ContentGraphqlContextFactory },
  ContentGraphqlService,
  { provide: ContentGraphql, useExisting: ContentGraphqlService },
  ...MUTATIONS_PROVIDERS,
];
