import { statSync } from 'node:fs';
import { join } from 'node:path';
import { type ContentFile, isContentFileName, seedFileNames } from './seed-files';

/** A path given to the importer that cannot be read as content. */
export class ContentPathError extends Error {
  override readonly name = 'ContentPathError';
}

/**
 * The content files named by command line paths, in the given order: a directory stands for
 * its `*.yaml`, `*.yml` and `*.json` files (directly in it, in name order, as the boot seeder
 * reads CONTENT_SEED_DIR); a file is read whatever its place. Messages name files by the path
 * as given.
 */
export function contentFilesOf(paths: readonly string[]): ContentFile[] {
  const files: ContentFile[] = [];
  for (const path of paths) {
    let directory: boolean;
    try {
      directory = statSync(path).isDirectory();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ContentPathError(
        code === 'ENOENT'
          ? `${path}: no such file or directory`
          : `${path}: ${(error as Error).message}`,
      );
    }
    if (directory) {
      const names = seedFileNames(path);
      if (names.length === 0) {
        throw new ContentPathError(`${path}: no content files (*.yaml, *.yml, *.json) in it`);
      }
      files.push(...names.map((name) => ({ path: join(path, name), label: join(path, name) })));
    } else if (isContentFileName(path)) files.push({ path, label: path });
    else throw new ContentPathError(`${path}: not a content file (*.yaml, *.yml or *.json)`);
  }
  return files;
}
