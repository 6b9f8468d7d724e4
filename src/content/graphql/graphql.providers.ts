import type { Provider } from '@nestjs/common';

/** Providers of the GraphQL schema builder and executor; registered by content.module.ts. */
export const GRAPHQL_PROVIDERS: Provider[] = [];
