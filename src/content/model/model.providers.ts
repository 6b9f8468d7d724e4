import type { Provider } from '@nestjs/common';
import { ContentModelService } from './content-model.service';
import { ContentModelSource } from './content-model.source';
import { ModelItemsRepository } from './model-items.repository';

/** Providers of the content model (YAML loading, validation, applying, watching); registered by content.module.ts. */
export const MODEL_PROVIDERS: Provider[] = [
  ModelItemsRepository,
  ContentModelService,
  { provide: ContentModelSource, useExisting: ContentModelService },
];
