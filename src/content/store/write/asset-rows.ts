import { sql } from 'drizzle-orm';
import { resolve, sep } from 'node:path';
import type { Database } from '../../../infra/database/database';
import { rawRows } from '../../../infra/database/raw-rows';
import type { ProblemList } from './write-error';

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

/** `content_asset_folders` and `content_assets` rows. */
export class AssetRows {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.executor;
  }

  /** Whether another asset than `ownId` (trashed ones too) holds a name in a folder, in any case. */
  async heldByOther(folderId: number, name: string, ownId: number | undefined): Promise<boolean> {
    const holders = await this.holdersIgnoringCase(folderId, name);
    return holders.some((id) => id !== ownId);
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
