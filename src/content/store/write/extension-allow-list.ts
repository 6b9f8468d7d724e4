import { DEFAULT_ALLOWED_FILE_EXTENSIONS } from '../../../settings/schema/file-extensions';
import type { Volume } from '../../model/content-model';
import { fileExtension } from './file-kinds';

/**
 * Craft's `allowedFileExtensions`: which extensions a volume's asset files may have. The volume's
 * own list wins over the global one (CONTENT_ALLOWED_FILE_EXTENSIONS).
 */
export class ExtensionAllowList {
  private readonly global: ReadonlySet<string>;

  constructor(global: readonly string[] = DEFAULT_ALLOWED_FILE_EXTENSIONS) {
    this.global = new Set(global);
  }

  /** Craft's message when `filename`'s extension is not allowed in the volume, else undefined. */
  problem(volume: Volume, filename: string): string | undefined {
    const extension = fileExtension(filename);
    const allowed =
      volume.allowedFileExtensions === undefined
        ? this.global.has(extension)
        : volume.allowedFileExtensions.includes(extension);
    return allowed ? undefined : `“${extension}” is not an allowed file extension.`;
  }
}
