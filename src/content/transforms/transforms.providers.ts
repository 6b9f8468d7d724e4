import type { Provider } from '@nestjs/common';

/** Providers of asset files, image transforms and the volume file route; registered by content.module.ts. */
export const TRANSFORMS_PROVIDERS: Provider[] = [];
