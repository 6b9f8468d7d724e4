import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { FileFacts } from './asset-rows';
import { fileKind, mimeType } from './file-kinds';
import { type FileSource, type PreparedFile, VolumeFiles } from './volume-files';
import type { ProblemList } from './write-error';

/** Hidden (the volume route never serves a name starting with a dot) and unmistakable. */
export const UPLOAD_PREFIX = '.upload-';

/** What this adapter needs to finish or undo a preparation. */
class LocalPreparedFile implements PreparedFile {
  constructor(
    readonly target: string,
    readonly facts: FileFacts,
    /** Renamed to the target on commit: the temporary file, or the asset's previous file. */
    readonly from: string | undefined,
    /** Ours to delete on discard. */
    readonly temporary: string | undefined,
    /** The topmost folder `prepare` created for the target, if any. */
    readonly createdFolder: string | undefined,
  ) {}
}

/**
 * Volume files on the local disk. New content is written to `.upload-<random>` in the target's
 * own folder, so that the commit is a rename within one directory (atomic: readers see the old
 * file or the new one, never a part) and needs no copy across file systems.
 */
@Injectable()
export class LocalVolumeFiles extends VolumeFiles {
  async exists(path: string): Promise<boolean> {
    return stat(path).then(
      () => true,
      () => false,
    );
  }

  async prepare(
    target: string,
    source: FileSource,
    problems: ProblemList,
  ): Promise<PreparedFile | undefined> {
    const folder = dirname(target);
    let createdFolder: string | undefined;
    let temporary: string | undefined;
    const undo = () => this.undo(target, temporary, createdFolder);
    try {
      createdFolder = await mkdir(folder, { recursive: true });
      if ('data' in source || 'copyFrom' in source) {
        temporary = join(folder, `${UPLOAD_PREFIX}${randomBytes(12).toString('hex')}`);
        if ('data' in source) await writeFile(temporary, source.data, { flag: 'wx' });
        else await copyFile(source.copyFrom, temporary, constants.COPYFILE_EXCL);
      }
    } catch (error) {
      await undo();
      problems.add(`file: cannot place it (${(error as Error).message})`);
      return undefined;
    }
    const from = temporary ?? ('moveFrom' in source ? source.moveFrom : undefined);
    const facts = await readFacts(from ?? target, target, problems);
    if (facts === undefined) {
      await undo();
      return undefined;
    }
    return new LocalPreparedFile(target, facts, from, temporary, createdFolder);
  }

  async commit(prepared: PreparedFile): Promise<void> {
    const file = local(prepared);
    if (file.from !== undefined && file.from !== file.target) await rename(file.from, file.target);
  }

  async discard(prepared: PreparedFile): Promise<void> {
    const file = local(prepared);
    await this.undo(file.target, file.temporary, file.createdFolder);
  }

  async remove(path: string): Promise<void> {
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  /** Deletes the temporary file, then the folders made for the target while they are empty. */
  private async undo(
    target: string,
    temporary: string | undefined,
    createdFolder: string | undefined,
  ): Promise<void> {
    if (temporary !== undefined) await this.remove(temporary);
    if (createdFolder === undefined) return;
    // From the target's folder up to the first one created: another save may have put a file in
    // one of them meanwhile, and rmdir refuses a folder that is not empty.
    for (let folder = dirname(target); ; folder = dirname(folder)) {
      const removed = await rmdir(folder).then(
        () => true,
        () => false,
      );
      if (!removed || folder === createdFolder || dirname(folder) === folder) return;
    }
  }
}

function local(prepared: PreparedFile): LocalPreparedFile {
  if (!(prepared instanceof LocalPreparedFile)) {
    throw new Error('a file prepared by another VolumeFiles adapter');
  }
  return prepared;
}

/** Size of `path`; kind and MIME type by the target's name; dimensions of images. */
async function readFacts(
  path: string,
  target: string,
  problems: ProblemList,
): Promise<FileFacts | undefined> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    problems.add(`file: ${path} does not exist`);
    return undefined;
  }
  const kind = fileKind(target);
  let width: number | null = null;
  let height: number | null = null;
  if (kind === 'image') {
    try {
      const meta = await sharp(path).metadata();
      const turned = (meta.orientation ?? 1) >= 5;
      width = (turned ? meta.height : meta.width) ?? null;
      height = (turned ? meta.width : meta.height) ?? null;
    } catch (error) {
      problems.add(`file: not a readable image (${(error as Error).message})`);
      return undefined;
    }
  }
  return { size, kind, mimeType: mimeType(target), width, height };
}
