import type { ElementKind } from '../model/element-kinds';

/** Structure position (structure sections and category groups). */
export interface StructurePosition {
  /** The section or category group id. */
  readonly structureId: number;
  readonly lft: number;
  readonly rgt: number;
  readonly level: number;
  /** Element id of the root node of this element's tree. */
  readonly root: number;
}

export interface AssetProperties {
  readonly folderId: number;
  /** Folder path inside the volume, '' for the root, else `a/b/` (with trailing slash). */
  readonly folderPath: string;
  readonly filename: string;
  /** Craft file kinds: image, pdf, video, audio, text, json, html, ... */
  readonly kind: string;
  readonly mimeType: string | null;
  readonly size: number;
  readonly width: number | null;
  readonly height: number | null;
  /** [x, y] in 0..1, or null (no focal point). */
  readonly focalPoint: readonly [number, number] | null;
  readonly alt: string | null;
  readonly dateModified: Date;
  readonly uploaderId: number | null;
}

export interface UserProperties {
  /** The identity store's user id (the teams API sees the same user). */
  readonly identityUserId: number;
  readonly username: string;
  readonly email: string;
  readonly fullName: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly groupIds: readonly number[];
  readonly photoId: number | null;
  readonly preferences: Readonly<Record<string, unknown>>;
  readonly suspended: boolean;
}

/**
 * One element in one site, as the store returns it. Custom field values are keyed by field handle;
 * relation and matrix fields are not in `fields` (they load through the store's batch methods).
 */
export interface ElementRecord {
  readonly id: number;
  readonly uid: string;
  readonly kind: ElementKind;
  readonly siteId: number;
  /** Section / volume / group / global set / matrix field id. Null for users. */
  readonly containerId: number | null;
  /** Entry type or block type id. */
  readonly typeId: number | null;
  readonly title: string | null;
  readonly slug: string | null;
  readonly uri: string | null;
  /** Enabled overall and in this site. */
  readonly enabled: boolean;
  readonly enabledForSite: boolean;
  readonly archived: boolean;
  /** live, pending, expired, disabled (entries); enabled, disabled (others); active, suspended (users). */
  readonly status: string;
  readonly dateCreated: Date;
  readonly dateUpdated: Date;
  readonly dateDeleted: Date | null;
  readonly fields: Readonly<Record<string, unknown>>;

  readonly postDate: Date | null;
  readonly expiryDate: Date | null;
  /** Author's user element id. */
  readonly authorId: number | null;
  readonly structure: StructurePosition | null;
  readonly asset: AssetProperties | null;
  readonly user: UserProperties | null;
  /** Matrix blocks: the owner element and position. */
  readonly ownerId: number | null;
  readonly sortOrder: number | null;
  /** Set when the criteria had `search`. */
  readonly searchScore: number | null;
}

/** A row of a batch load: the element plus the source (owner, parent, child) it answers for. */
export interface KeyedElementRecord {
  readonly key: number;
  readonly element: ElementRecord;
}
