import type { Provider } from '@nestjs/common';

/** Providers of the directives' services; registered by content.module.ts. */
export const DIRECTIVES_PROVIDERS: Provider[] = [];
