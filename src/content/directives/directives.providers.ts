import type { Provider } from '@nestjs/common';

/**
 * Providers of the directives' services; registered by content.module.ts. The directives are pure
 * functions (format-date-time.ts, markdown.ts, strip-tags.ts, trim-value.ts, parse-refs.ts) that the
 * GraphQL layer imports directly; @transform goes through AssetFiles (transforms.providers.ts).
 */
export const DIRECTIVES_PROVIDERS: Provider[] = [];
