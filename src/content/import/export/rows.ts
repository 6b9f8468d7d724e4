import type { ElementKind } from '../../model/element-kinds';

/**
 * What the export reads from the store, in plain values (no ids of model items are resolved
 * yet). Only live elements (not trashed) and relations to live elements are read.
 */

/** One site's row of an element or block. */
export interface ExportSite {
  readonly siteId: number;
  readonly title: string | null;
  readonly slug: string | null;
  readonly enabled: boolean;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** A relation row set: one field's targets in order, for every site (siteId null) or one. */
export interface ExportRelation {
  readonly fieldId: number;
  readonly siteId: number | null;
  readonly targetIds: readonly number[];
}

export interface ExportBlock {
  readonly id: number;
  readonly fieldId: number;
  readonly typeId: number;
  readonly enabled: boolean;
  readonly sites: readonly ExportSite[];
  readonly relations: readonly ExportRelation[];
}

export interface ExportAsset {
  readonly volumeId: number;
  /** `''` or `a/b/`. */
  readonly folderPath: string;
  readonly filename: string;
  readonly alt: string | null;
  readonly focalPoint: readonly [number, number] | null;
  readonly uploaderId: number | null;
  readonly dateModified: Date;
}

export interface ExportUser {
  readonly login: string;
  readonly email: string;
  readonly name: string;
  readonly groupIds: readonly number[];
}

export interface ExportElement {
  readonly id: number;
  readonly uid: string;
  readonly kind: ElementKind;
  readonly containerId: number | null;
  readonly typeId: number | null;
  readonly authorId: number | null;
  /** Entries: every author in order (several only in Craft 5 sites); the first is `authorId`. */
  readonly authorIds: readonly number[];
  readonly photoId: number | null;
  readonly postDate: Date | null;
  readonly expiryDate: Date | null;
  readonly enabled: boolean;
  readonly archived: boolean;
  readonly dateCreated: Date;
  readonly dateUpdated: Date;
  readonly sites: readonly ExportSite[];
  readonly relations: readonly ExportRelation[];
  /** Matrix blocks, by field and in order. */
  readonly blocks: readonly ExportBlock[];
  /** Structures: the parent element (null at the top) and the nested-set position. */
  readonly parentId: number | null;
  readonly lft: number | null;
  readonly asset?: ExportAsset;
  readonly user?: ExportUser;
}

/** What names an element in references: its natural key parts and its uid. */
export interface ReferenceKey {
  readonly id: number;
  readonly uid: string;
  readonly kind: ElementKind;
  readonly containerId: number | null;
  /** Slugs by site id (entries, categories, tags). */
  readonly slugs: ReadonlyMap<number, string>;
  readonly login?: string;
  readonly asset?: {
    readonly volumeId: number;
    readonly folderPath: string;
    readonly filename: string;
  };
}
