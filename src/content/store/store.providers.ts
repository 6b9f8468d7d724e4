import type { Provider } from '@nestjs/common';
import { SEED_PROVIDERS } from '../seed/seed.providers';
import { ElementWriter } from './element-writer';
import { ElementLookups } from './element-writer-lookups';
import { ElementReader } from './element-store';
import { ElementsRepository } from './elements.repository';

/** Providers of the content store (element reader and writer, seeding); registered by content.module.ts. */
export const STORE_PROVIDERS: Provider[] = [
  ElementsRepository,
  { provide: ElementReader, useExisting: ElementsRepository },
  ElementWriter,
  ElementLookups,
  ...SEED_PROVIDERS,
];
