import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { ElementRecord, StructurePosition } from '../element-record';
import { statusOf } from './status-sql';

/**
 * One row of a compiled element query (element-query-compiler.ts) and its mapping to an
 * ElementRecord. node-postgres returns bigint columns as strings and PGlite as numbers, and
 * timestamps as Date or string: every value goes through Number() / toDate().
 */
export interface ElementRow {
  readonly id: string | number;
  readonly uid: string;
  readonly kind: string;
  readonly container_id: string | number | null;
  readonly type_id: string | number | null;
  readonly owner_id: string | number | null;
  readonly sort_order: number | null;
  readonly author_id: string | number | null;
  readonly photo_id: string | number | null;
  readonly post_date: Date | string | null;
  readonly expiry_date: Date | string | null;
  readonly enabled: boolean;
  readonly archived: boolean;
  readonly date_created: Date | string;
  readonly date_updated: Date | string;
  readonly date_deleted: Date | string | null;
  readonly site_id: string | number | null;
  readonly title: string | null;
  readonly slug: string | null;
  readonly uri: string | null;
  readonly site_enabled: boolean | null;
  readonly fields: Record<string, unknown> | string | null;
  readonly structure_id: string | number | null;
  readonly root_id: string | number | null;
  readonly lft: number | null;
  readonly rgt: number | null;
  readonly level: number | null;
  // Assets
  readonly folder_id?: string | number;
  readonly folder_path?: string;
  readonly filename?: string;
  readonly file_kind?: string;
  readonly mime_type?: string | null;
  readonly size?: string | number;
  readonly width?: number | null;
  readonly height?: number | null;
  readonly focal_x?: number | null;
  readonly focal_y?: number | null;
  readonly alt?: string | null;
  readonly date_modified?: Date | string;
  readonly uploader_id?: string | number | null;
  // Users
  readonly identity_user_id?: string | number;
  readonly login?: string;
  readonly email?: string;
  readonly full_name?: string;
  readonly is_disabled?: boolean;
  readonly group_ids?: readonly (string | number)[] | string;
  // Query bookkeeping
  readonly _score?: number | string | null;
  readonly _key?: string | number;
}

export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function optionalDate(value: Date | string | null | undefined): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

function optionalNumber(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** A bigint[] column: an array on both drivers, unless a driver left it as `{1,2}` text. */
function numberList(value: readonly (string | number)[] | string | undefined): number[] {
  if (value === undefined) return [];
  if (typeof value === 'string') {
    return value
      .replace(/[{}]/g, '')
      .split(',')
      .filter((part) => part !== '')
      .map(Number);
  }
  return value.map(Number);
}

/** `Alice Archer` → first `Alice`, last `Archer`; a single word is a first name only. */
export function splitName(fullName: string): { firstName: string | null; lastName: string | null } {
  const trimmed = fullName.trim();
  if (trimmed === '') return { firstName: null, lastName: null };
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: null };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() || null };
}

/** `a/b` and `a/b/` both become `a/b/`; the volume root is ''. */
function folderPath(path: string | undefined): string {
  if (path === undefined || path === '' || path === '/') return '';
  const trimmed = path.replace(/^\/+/, '');
  return trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

export function toElementRecord(
  row: ElementRow,
  now: Date,
  fallbackSiteId: number,
  searched: boolean,
): ElementRecord {
  const kind = row.kind as ElementKind;
  const postDate = optionalDate(row.post_date);
  const expiryDate = optionalDate(row.expiry_date);
  const siteEnabled = row.site_enabled ?? true;
  const suspended = row.is_disabled === true;
  const fields =
    typeof row.fields === 'string'
      ? (JSON.parse(row.fields) as Record<string, unknown>)
      : (row.fields ?? {});
  const structure: StructurePosition | null =
    row.structure_id === null || row.lft === null || row.rgt === null || row.level === null
      ? null
      : {
          structureId: Number(row.structure_id),
          lft: Number(row.lft),
          rgt: Number(row.rgt),
          level: Number(row.level),
          root: Number(row.root_id),
        };
  return {
    id: Number(row.id),
    uid: row.uid,
    kind,
    // Users belong to no site: they answer in the site asked for, whichever row held their fields.
    siteId:
      kind === ElementKinds.user || row.site_id === null ? fallbackSiteId : Number(row.site_id),
    containerId: kind === ElementKinds.user ? null : optionalNumber(row.container_id),
    typeId: optionalNumber(row.type_id),
    title: row.title,
    slug: row.slug,
    uri: row.uri,
    enabled: row.enabled,
    enabledForSite: siteEnabled,
    archived: row.archived,
    status: statusOf(
      kind,
      { enabled: row.enabled, siteEnabled, postDate, expiryDate, suspended },
      now,
    ),
    dateCreated: toDate(row.date_created),
    dateUpdated: toDate(row.date_updated),
    dateDeleted: optionalDate(row.date_deleted),
    fields,
    postDate,
    expiryDate,
    authorId: optionalNumber(row.author_id),
    structure,
    asset: kind === ElementKinds.asset ? assetProperties(row) : null,
    user: kind === ElementKinds.user ? userProperties(row) : null,
    ownerId: optionalNumber(row.owner_id),
    sortOrder: optionalNumber(row.sort_order),
    searchScore: searched ? Number(row._score ?? 0) : null,
  };
}

function assetProperties(row: ElementRow): ElementRecord['asset'] {
  const focal =
    row.focal_x === null ||
    row.focal_x === undefined ||
    row.focal_y === null ||
    row.focal_y === undefined
      ? null
      : ([Number(row.focal_x), Number(row.focal_y)] as const);
  return {
    folderId: Number(row.folder_id),
    folderPath: folderPath(row.folder_path),
    filename: row.filename ?? '',
    kind: row.file_kind ?? 'unknown',
    mimeType: row.mime_type ?? null,
    size: Number(row.size ?? 0),
    width: optionalNumber(row.width),
    height: optionalNumber(row.height),
    focalPoint: focal,
    alt: row.alt ?? null,
    dateModified: toDate(row.date_modified ?? row.date_updated),
    uploaderId: optionalNumber(row.uploader_id),
  };
}

function userProperties(row: ElementRow): ElementRecord['user'] {
  const fullName = row.full_name ?? '';
  return {
    identityUserId: Number(row.identity_user_id),
    username: row.login ?? '',
    email: row.email ?? '',
    fullName,
    ...splitName(fullName),
    groupIds: numberList(row.group_ids),
    photoId: optionalNumber(row.photo_id),
    preferences: {},
    suspended: row.is_disabled === true,
  };
}
