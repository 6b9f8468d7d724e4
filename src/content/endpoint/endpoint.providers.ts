import type { Provider } from '@nestjs/common';

/** Providers of the GraphQL HTTP endpoint; registered by content.module.ts. */
export const ENDPOINT_PROVIDERS: Provider[] = [];
