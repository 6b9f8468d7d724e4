import type { Provider } from '@nestjs/common';
import { AssetFiles } from './asset-files';
import { LocalAssetFiles } from './local-asset-files';
import { VolumeFilesRoute } from './volume-files.route';

/** Providers of asset files, image transforms and the volume file route; registered by content.module.ts. */
export const TRANSFORMS_PROVIDERS: Provider[] = [
  LocalAssetFiles,
  { provide: AssetFiles, useExisting: LocalAssetFiles },
  VolumeFilesRoute,
];
