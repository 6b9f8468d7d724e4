import type { Provider } from '@nestjs/common';
import { IMPORT_PROVIDERS } from '../import/import.providers';
import { ContentSeeder } from './content-seeder';
import { ModelElements } from './model-elements';

/** The boot seeder and the importer it loads through; listed in store.providers.ts. */
export const SEED_PROVIDERS: Provider[] = [...IMPORT_PROVIDERS, ModelElements, ContentSeeder];
