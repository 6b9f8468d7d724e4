import type { Provider } from '@nestjs/common';

/** Providers of the content store (element reader and writer, seeding); registered by content.module.ts. */
export const STORE_PROVIDERS: Provider[] = [];
