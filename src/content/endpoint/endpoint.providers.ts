import type { Provider } from '@nestjs/common';
import { GraphqlEndpoint } from './graphql-endpoint';
import { GraphqlRoute } from './graphql.route';

/** Providers of the GraphQL HTTP endpoint; registered by content.module.ts. */
export const ENDPOINT_PROVIDERS: Provider[] = [GraphqlEndpoint, GraphqlRoute];
