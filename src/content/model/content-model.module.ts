import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../infra/database/database.module';
import { ContentModelService } from './content-model.service';
import { ContentModelSource } from './content-model.source';
import { ModelItemsRepository } from './store/model-items.repository';

/**
 * The content model: sections, fields, groups and volumes from CONTENT_PROJECT_DIR, validated,
 * applied to the database and watched. Every other content part reads it through
 * ContentModelSource.
 */
@Module({
  imports: [DatabaseModule],
  providers: [
    ModelItemsRepository,
    ContentModelService,
    { provide: ContentModelSource, useExisting: ContentModelService },
  ],
  exports: [ContentModelService, ContentModelSource],
})
export class ContentModelModule {}
