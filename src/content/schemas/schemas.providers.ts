import type { Provider } from '@nestjs/common';

/** Providers of GraphQL schema selection and access tokens; registered by content.module.ts. */
export const SCHEMAS_PROVIDERS: Provider[] = [];
