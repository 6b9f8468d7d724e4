import { Module } from '@nestjs/common';
import { IdentityModule } from '../../identity';
import { DatabaseModule } from '../../infra/database/database.module';
import { ContentModelModule } from '../model/content-model.module';
import { ElementReader } from './element-reader';
import { ElementsRepository } from './read/elements.repository';
import { ElementLookups } from './write/element-lookups';
import { ElementWriter } from './write/element-writer';
import { LocalVolumeFiles } from './write/local-volume-files';
import { ModelElements } from './write/model-elements';
import { VolumeFiles } from './write/volume-files';

/**
 * The content store: elements read (ElementReader) and written (ElementWriter, with the volume
 * files of assets), look-ups by natural key, and the model's own elements (a global set's row).
 */
@Module({
  imports: [DatabaseModule, IdentityModule, ContentModelModule],
  providers: [
    ElementsRepository,
    { provide: ElementReader, useExisting: ElementsRepository },
    ElementWriter,
    LocalVolumeFiles,
    { provide: VolumeFiles, useExisting: LocalVolumeFiles },
    ElementLookups,
    ModelElements,
  ],
  exports: [ElementReader, ElementWriter, VolumeFiles, ElementLookups, ModelElements],
})
export class ContentStoreModule {}
