import type { Provider } from '@nestjs/common';

/** Providers of the content model (YAML loading, validation, applying, watching); registered by content.module.ts. */
export const MODEL_PROVIDERS: Provider[] = [];
