import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../infra/database/database.module';
import { ContentModelModule } from '../model/content-model.module';
import { ContentStoreModule } from '../store/content-store.module';
import { ContentImporter } from './content-importer';
import { ElementStatesRepository } from './element-states.repository';

/** Content files into the store: the importer the boot seeder and `content-import` share. */
@Module({
  imports: [DatabaseModule, ContentModelModule, ContentStoreModule],
  providers: [ElementStatesRepository, ContentImporter],
  exports: [ContentImporter],
})
export class ContentImportModule {}
