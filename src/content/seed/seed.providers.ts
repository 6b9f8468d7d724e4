import type { Provider } from '@nestjs/common';
import { ContentSeeder } from './content-seeder';
import { SeedLoader } from './seed-loader';

/** The content loader and the boot seeder; listed in store.providers.ts. */
export const SEED_PROVIDERS: Provider[] = [SeedLoader, ContentSeeder];
