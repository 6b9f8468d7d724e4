import type { Provider } from '@nestjs/common';
import { ContentImporter } from './content-importer';
import { ElementStatesRepository } from './element-states.repository';

/** The importer (the boot seeder and `content-import` load through it); in seed.providers.ts. */
export const IMPORT_PROVIDERS: Provider[] = [ElementStatesRepository, ContentImporter];
