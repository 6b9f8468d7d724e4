import { Logger } from '@nestjs/common';
import { resolve } from 'node:path';
import { Database } from '../../../infra/database/database';
import type { ContentModelSource } from '../../model/content-model.source';
import type { Volume } from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ElementKinds } from '../../model/element-kinds';
import {
  AssetRows,
  checkFilename,
  type ExistingAsset,
  normalizeFolderPath,
  volumeFilePath,
} from './asset-rows';
import type { ElementRows } from './element-rows';
import type { ExtensionAllowList } from './extension-allow-list';
import { freeFilename } from './filenames';
import { checkElementKind, existingElement } from './referenced-elements';
import type { ElementSave } from './element-save';
import { allSiteIds, pick } from './save-spec';
import { titleFromFilename } from './slug';
import type { FileSource, PreparedFile, VolumeFiles } from './volume-files';
import { ElementWriteError, ProblemList } from './write-error';
import type { AssetInput, SavedElement } from './write-input';

/**
 * ElementWriter's save of an asset: what sets it apart from the other kinds is its file. The file
 * (uploaded bytes, a copy of `sourceFile`, the asset's own file when it is renamed or moved, else
 * the file already there) is made ready under a hidden name beside
 * `<volume path>/<folder>/<filename>` and its facts read (size, kind, MIME type, image
 * dimensions); folder rows are made as needed. The file takes its place when the outermost
 * transaction commits and is removed when it rolls back, so a failed save leaves the volume as it
 * was. Without a uid, an asset already holding that file name in that folder is updated.
 */
export class AssetSave {
  // Logged under the writer's name: this is the writer's work, split out by concern.
  private readonly logger = new Logger('ElementWriter');
  private readonly assetRows: AssetRows;

  constructor(
    private readonly database: Database,
    private readonly models: ContentModelSource,
    private readonly rows: ElementRows,
    private readonly saves: ElementSave,
    private readonly files: VolumeFiles,
    /** CONTENT_ALLOWED_FILE_EXTENSIONS (Craft's default list without js when there are no settings). */
    private readonly extensions: ExtensionAllowList,
    private readonly now: () => Date,
  ) {
    this.assetRows = new AssetRows(database);
  }

  /** Runs inside the caller's transaction (ElementWriter.saveAsset opens it). */
  async save(input: AssetInput): Promise<SavedElement> {
    const model = this.models.current;
    const problems = new ProblemList();
    const { volume, folderPath } = await this.checkInput(input, model, problems);
    const folderId = await this.assetRows.ensureFolder(volume.id, folderPath);
    // One save at a time per folder: a free name is chosen and its file placed atomically.
    await this.assetRows.lockFolder(folderId);
    const { existing, previous, filename } = await this.placeIn(
      input,
      volume,
      { id: folderId, path: folderPath },
      problems,
    );
    const newContent = input.sourceData !== undefined || input.sourceFile !== undefined;
    const relocated =
      previous === undefined ||
      previous.folderPath !== folderPath ||
      previous.filename !== filename;
    // Craft checks the extension whenever an asset gets a new file name or place.
    if (newContent || relocated) {
      const refused = this.extensions.problem(volume, filename);
      if (refused !== undefined) problems.add(refused);
    }
    problems.throwIfAny();
    const target = volumeFilePath(volume.path, folderPath, filename);
    const source = this.fileSource(input, target, volume.path, previous);
    // Moving the asset's file never overwrites a file that is not its own.
    if ('moveFrom' in source && (await this.files.exists(target))) {
      problems.add(`file: "${folderPath}${filename}" is taken`);
    }
    problems.throwIfAny();
    const prepared = await this.files.prepare(target, source, problems);
    problems.throwIfAny();
    if (prepared === undefined) throw new Error('unreachable');
    let saved: SavedElement;
    let replaced: string | undefined;
    try {
      const alt = pick(input.alt, previous?.alt) ?? null;
      saved = await this.saves.save(
        {
          kind: ElementKinds.asset,
          containerId: volume.id,
          where: `volume "${volume.handle}"`,
          layout: volume.fields,
          siteIds: allSiteIds(model),
          title: { mode: 'optional', fallback: titleFromFilename(filename) },
          hasSlug: false,
          content: input,
          existing,
          columns: {},
          extraSearch: [filename, prepared.facts.kind, alt],
          afterRow: (id) =>
            this.assetRows.upsert(id, {
              ...prepared.facts,
              volumeId: volume.id,
              folderId,
              filename,
              focalPoint: pick(input.focalPoint, previous?.focalPoint) ?? null,
              alt,
              dateModified: input.dateModified ?? this.now(),
              uploaderId: pick(input.uploaderId, previous?.uploaderId) ?? null,
            }),
        },
        problems,
        // The model of the moment, as for the other kinds (a reload may have happened meanwhile).
        this.models.current,
      );
      if (input.removeReplacedFile && newContent && previous !== undefined && relocated) {
        replaced = await this.unheldFile(volume.path, previous);
      }
    } catch (error) {
      await this.files.discard(prepared);
      throw error;
    }
    this.database.afterTransaction({
      committed: () => this.placeFile(prepared, replaced),
      rolledBack: () => this.files.discard(prepared),
    });
    return saved;
  }

  /** The volume and folder path of the input, and its checks that need no folder. */
  private async checkInput(input: AssetInput, model: ContentModelIndex, problems: ProblemList) {
    const volume = model.volumes.id(input.volumeId);
    if (volume === undefined) {
      throw new ElementWriteError([`volume ${input.volumeId} does not exist`]);
    }
    const folderPath = normalizeFolderPath(input.folderPath, problems);
    const filenameOk = checkFilename(input.filename, problems);
    problems.throwIfAny();
    if (folderPath === undefined || !filenameOk) throw new Error('unreachable');
    if (input.focalPoint !== undefined && input.focalPoint !== null) {
      const [x, y] = input.focalPoint;
      if (![x, y].every((v) => Number.isFinite(v) && v >= 0 && v <= 1)) {
        problems.add('focalPoint: expected [x, y] with both between 0 and 1');
      }
    }
    if (input.uploaderId !== undefined && input.uploaderId !== null) {
      await checkElementKind(this.rows, input.uploaderId, ElementKinds.user, 'uploader', problems);
    }
    return { volume, folderPath };
  }

  /**
   * The asset the input saves (by uid, else the one holding the file name in the locked folder)
   * with its asset row, and the file name it gets (a free one with `avoidConflicts`).
   */
  private async placeIn(
    input: AssetInput,
    volume: Volume,
    folder: { readonly id: number; readonly path: string },
    problems: ProblemList,
  ) {
    let existing = await existingElement(
      this.rows,
      input.uid,
      ElementKinds.asset,
      volume.id,
      problems,
    );
    let previous = existing ? await this.assetRows.byElement(existing.id) : undefined;
    const filename = input.avoidConflicts
      ? await freeFilename(input.filename, (name) =>
          this.filenameTaken(volume.path, folder.id, folder.path, name, existing?.id, previous),
        )
      : input.filename;
    const holder = await this.assetRows.holder(folder.id, filename);
    if (existing === undefined && holder !== undefined && input.uid === undefined) {
      existing = await this.rows.byId(holder);
      previous = existing ? await this.assetRows.byElement(existing.id) : undefined;
    }
    if (holder !== undefined && existing !== undefined && holder !== existing.id) {
      problems.add(`file: "${folder.path}${filename}" belongs to another asset`);
    }
    return { existing, previous, filename };
  }

  /**
   * Whether a name is taken in an asset folder for an asset (Craft compares names in any case):
   * by another asset, trashed ones included, or by a file that is not the asset's own.
   */
  private async filenameTaken(
    volumePath: string,
    folderId: number,
    folderPath: string,
    name: string,
    ownId: number | undefined,
    previous: ExistingAsset | undefined,
  ): Promise<boolean> {
    if (await this.assetRows.heldByOther(folderId, name, ownId)) return true;
    const ownFile =
      previous?.folderPath === folderPath && previous.filename.toLowerCase() === name.toLowerCase();
    return !ownFile && this.files.exists(volumeFilePath(volumePath, folderPath, name));
  }

  /** New bytes, a file to copy, the asset's own file to move, or the file already in place. */
  private fileSource(
    input: AssetInput,
    target: string,
    volumePath: string,
    previous: ExistingAsset | undefined,
  ): FileSource {
    if (input.sourceData !== undefined) return { data: input.sourceData };
    if (input.sourceFile !== undefined) {
      return resolve(input.sourceFile) === target
        ? { inPlace: true }
        : { copyFrom: input.sourceFile };
    }
    const moveFrom = previous && volumeFilePath(volumePath, previous.folderPath, previous.filename);
    return moveFrom !== undefined && moveFrom !== target ? { moveFrom } : { inPlace: true };
  }

  /** The replaced file's path when no asset (trashed ones included) holds its name any more. */
  private async unheldFile(
    volumePath: string,
    previous: ExistingAsset,
  ): Promise<string | undefined> {
    const holders = await this.assetRows.holdersIgnoringCase(previous.folderId, previous.filename);
    return holders.length > 0
      ? undefined
      : volumeFilePath(volumePath, previous.folderPath, previous.filename);
  }

  /**
   * After the commit: the file takes its place, then the file it replaced under another name goes.
   * The rows stand whatever happens here; a failure is logged (the asset's URL answers 404 until
   * its file is saved again).
   */
  private async placeFile(prepared: PreparedFile, replaced: string | undefined): Promise<void> {
    try {
      await this.files.commit(prepared);
    } catch (error) {
      this.logger.error(
        `asset file ${prepared.target} could not be put in place after the commit: ${(error as Error).message}`,
      );
      await this.files.discard(prepared).catch(() => undefined);
      return;
    }
    if (replaced === undefined) return;
    await this.files
      .remove(replaced)
      .catch((error: Error) =>
        this.logger.warn(`replaced asset file ${replaced} could not be removed: ${error.message}`),
      );
  }
}
