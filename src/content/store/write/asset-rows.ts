import { sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import sharp from 'sharp';
import type { Database } from '../../../infra/database/database';
import { rawRows } from '../../../infra/database/raw-rows';
import type { ProblemList } from './write-error';
import { fileKind, mimeType } from './file-kinds';

/** With the folder id, the advisory lock that serialises saves into one asset folder. */
const FOLDER_LOCK_CLASS = 72_835;

/** What the writer learns from an asset's file. */
export interface FileFacts {
  readonly size: number;
  readonly kind: string;
  readonly mimeType: string | null;
  readonly width: number | null;
  readonly height: number | null;
}

export interface AssetRowWrite extends FileFacts {
  readonly volumeId: number;
  readonly folderId: number;
  readonly filename: string;
  readonly focalPoint: readonly [number, number] | null;
  readonly alt: string | null;
  readonly dateModified: Date;
  readonly uploaderId: number | null;
}

export interface ExistingAsset {
  readonly folderId: number;
  readonly folderPath: string;
  readonly filename: string;
  readonly focalPoint: readonly [number, number] | null;
  readonly alt: string | null;
  readonly uploaderId: number | null;
}

/** `''` or `a/b/` (the form folder paths are stored in); undefined after a problem. */
export function normalizeFolderPath(path: string, problems: ProblemList): string | undefined {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.some((s) => s === '.' || s === '..' || s.includes('\\') || s.startsWith('_'))) {
    problems.add(
      `folder "${path}": segments may not be "." or "..", contain "\\" or start with "_" (transform folders)`,
    );
    return undefined;
  }
  return segments.length === 0 ? '' : `${segments.join('/')}/`;
}

export function checkFilename(filename: string, problems: ProblemList): boolean {
  if (filename === '' || /[/\\\0]/.test(filename) || filename.startsWith('.')) {
    problems.add(`filename "${filename}": must be a plain file name (no slashes, not hidden)`);
    return false;
  }
  return true;
}

/** The file's place inside the volume directory (never outside it). */
export function volumeFilePath(volumePath: string, folderPath: string, filename: string): string {
  const root = resolve(volumePath);
  const path = resolve(root, folderPath, filename);
  if (!path.startsWith(root + sep)) throw new Error(`${path} is outside the volume ${root}`);
  return path;
}

/**
 * Puts the file in place (copied from `source`, or moved from the asset's previous place) and
 * reads its facts: size, Craft kind and MIME type from the extension, image dimensions with
 * sharp (after EXIF orientation, as browsers show it). Files are not transactional: a failed
 * save can leave a copied file behind, which a later save of the same asset reuses.
 */
export async function placeAssetFile(
  target: string,
  source: { copyFrom?: string; moveFrom?: string },
  problems: ProblemList,
): Promise<FileFacts | undefined> {
  await mkdir(dirname(target), { recursive: true });
  try {
    if (source.copyFrom !== undefined && resolve(source.copyFrom) !== target)
      await copyFile(source.copyFrom, target);
    else if (source.moveFrom !== undefined && source.moveFrom !== target)
      await rename(source.moveFrom, target);
  } catch (error) {
    problems.add(`file: cannot place it (${(error as Error).message})`);
    return undefined;
  }
  let size: number;
  try {
    size = (await stat(target)).size;
  } catch {
    problems.add(`file: ${target} does not exist`);
    return undefined;
  }
  const kind = fileKind(target);
  let width: number | null = null;
  let height: number | null = null;
  if (kind === 'image') {
    try {
      const meta = await sharp(target).metadata();
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

/** `content_asset_folders` and `content_assets` rows. */
export class AssetRows {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.executor;
  }

  /**
   * Whether a name is taken in an asset folder for an asset (Craft compares names in any case):
   * by another asset, trashed ones included, or by a file that is not the asset's own.
   */
  async filenameTaken(
    volumePath: string,
    folderId: number,
    folderPath: string,
    name: string,
    ownId: number | undefined,
    previous: ExistingAsset | undefined,
  ): Promise<boolean> {
    const holders = await this.holdersIgnoringCase(folderId, name);
    if (holders.some((id) => id !== ownId)) return true;
    const ownFile =
      previous?.folderPath === folderPath && previous.filename.toLowerCase() === name.toLowerCase();
    return !ownFile && existsSync(volumeFilePath(volumePath, folderPath, name));
  }

  /** The folder's id, creating it and its ancestors (the volume root is the folder `''`). */
  async ensureFolder(volumeId: number, folderPath: string): Promise<number> {
    const segments = folderPath.split('/').filter((s) => s !== '');
    let parentId: number | null = null;
    for (let depth = 0; depth <= segments.length; depth++) {
      const path = depth === 0 ? '' : `${segments.slice(0, depth).join('/')}/`;
      const rows: { id: number | string }[] = await rawRows<{ id: number | string }>(
        this.db,
        sql`INSERT INTO content_asset_folders (volume_id, parent_id, path)
            VALUES (${volumeId}, ${parentId}, ${path})
            ON CONFLICT (volume_id, path) DO UPDATE SET path = EXCLUDED.path
            RETURNING id`,
      );
      parentId = Number(rows[0].id);
    }
    return parentId!;
  }

  async byElement(elementId: number): Promise<ExistingAsset | undefined> {
    const [row] = await rawRows<{
      folder_id: number | string;
      path: string;
      filename: string;
      focal_x: number | null;
      focal_y: number | null;
      alt: string | null;
      uploader_id: number | string | null;
    }>(
      this.db,
      sql`SELECT a.folder_id, f.path, a.filename, a.focal_x, a.focal_y, a.alt, a.uploader_id
          FROM content_assets a JOIN content_asset_folders f ON f.id = a.folder_id
          WHERE a.element_id = ${elementId}`,
    );
    if (row === undefined) return undefined;
    return {
      folderId: Number(row.folder_id),
      folderPath: row.path,
      filename: row.filename,
      focalPoint:
        row.focal_x === null || row.focal_y === null
          ? null
          : [Number(row.focal_x), Number(row.focal_y)],
      alt: row.alt,
      uploaderId: row.uploader_id === null ? null : Number(row.uploader_id),
    };
  }

  /** The asset element holding a file name in a folder, if any. */
  async holder(folderId: number, filename: string): Promise<number | undefined> {
    const [row] = await rawRows<{ element_id: number | string }>(
      this.db,
      sql`SELECT element_id FROM content_assets WHERE folder_id = ${folderId} AND filename = ${filename}`,
    );
    return row === undefined ? undefined : Number(row.element_id);
  }

  /** Ids of the assets (trashed ones too) holding a file name in a folder, in any case. */
  async holdersIgnoringCase(folderId: number, filename: string): Promise<number[]> {
    const rows = await rawRows<{ element_id: number | string }>(
      this.db,
      sql`SELECT element_id FROM content_assets
          WHERE folder_id = ${folderId} AND lower(filename) = ${filename.toLowerCase()}`,
    );
    return rows.map((row) => Number(row.element_id));
  }

  /** Serialises saves into one folder until the transaction ends (name choice, file placement). */
  async lockFolder(folderId: number): Promise<void> {
    await this.db.execute(
      sql`SELECT pg_advisory_xact_lock(${FOLDER_LOCK_CLASS}::int, ${folderId}::int)`,
    );
  }

  async upsert(elementId: number, asset: AssetRowWrite): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO content_assets (element_id, volume_id, folder_id, filename, kind, mime_type,
            size, width, height, focal_x, focal_y, alt, date_modified, uploader_id)
          VALUES (${elementId}, ${asset.volumeId}, ${asset.folderId}, ${asset.filename},
            ${asset.kind}, ${asset.mimeType}, ${asset.size}, ${asset.width}, ${asset.height},
            ${asset.focalPoint?.[0] ?? null}, ${asset.focalPoint?.[1] ?? null}, ${asset.alt},
            ${asset.dateModified.toISOString()}::timestamptz, ${asset.uploaderId})
          ON CONFLICT (element_id) DO UPDATE SET volume_id = EXCLUDED.volume_id,
            folder_id = EXCLUDED.folder_id, filename = EXCLUDED.filename, kind = EXCLUDED.kind,
            mime_type = EXCLUDED.mime_type, size = EXCLUDED.size, width = EXCLUDED.width,
            height = EXCLUDED.height, focal_x = EXCLUDED.focal_x, focal_y = EXCLUDED.focal_y,
            alt = EXCLUDED.alt, date_modified = EXCLUDED.date_modified,
            uploader_id = EXCLUDED.uploader_id`,
    );
  }
}
