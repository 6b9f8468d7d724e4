import type { StructurePlacement } from './structure-nodes';

/**
 * What callers hand the ElementWriter: model items and other elements by id (handles and natural
 * keys are resolved by the caller: the seed loader, later the importer and GraphQL mutations).
 *
 * Custom field values are keyed by field handle. Values given at the top level apply to every
 * site of the element; values under `sites` (keyed by site id) apply to that site only and are
 * allowed for translatable fields. On update, anything not given stays as it is.
 *
 * Value forms: text fields a string; number a number (or numeric string); lightswitch a boolean;
 * date a Date or a parseable string; dropdown/radio an option value; checkboxes/multi-select a
 * list of option values; table a list of rows keyed by column handle or key; relation fields a
 * list of element ids (in order); matrix a list of BlockInput. `null` clears a value.
 */

export type FieldValues = Readonly<Record<string, unknown>>;

export interface SiteContentInput {
  readonly title?: string | null;
  readonly slug?: string | null;
  /** Enabled in this site (the element's own `enabled` must be true too). */
  readonly enabled?: boolean;
  readonly fields?: FieldValues;
}

export interface ElementContentInput {
  /** Upsert key: an existing element with this uid is updated; absent: a new uid. */
  readonly uid?: string;
  readonly enabled?: boolean;
  readonly archived?: boolean;
  readonly dateCreated?: Date;
  readonly dateUpdated?: Date;
  /** For every site (a site's own title wins). */
  readonly title?: string | null;
  readonly slug?: string | null;
  readonly fields?: FieldValues;
  /** Per-site content by site id. */
  readonly sites?: ReadonlyMap<number, SiteContentInput>;
}

/** A matrix block (a value of a matrix field). */
export interface BlockInput {
  /** Matches an existing block of the same owner and field; else blocks match by position and type. */
  readonly uid?: string;
  /** The block type id (a block type of the matrix field). */
  readonly typeId: number;
  /** Always a new block (GraphQL's `new1` ids), never matched to an old one by position. */
  readonly isNew?: boolean;
  readonly enabled?: boolean;
  readonly fields?: FieldValues;
  readonly sites?: ReadonlyMap<number, SiteContentInput>;
}

/** Structure placement: undefined keeps the position (new elements become the last root). */
export interface PlacementInput {
  /** The parent's element id, or null for a root. */
  readonly parentId?: number | null;
  /**
   * Craft's structure operations (GraphQL mutations): first/last child of a parent or of the top
   * level, or before/after a sibling; also moves within the same parent. Wins over `parentId`.
   */
  readonly placement?: StructurePlacement;
}

export interface EntryInput extends ElementContentInput, PlacementInput {
  readonly sectionId: number;
  readonly typeId: number;
  /** The author's user element id: the entry's one author (Craft 4's form). */
  readonly authorId?: number | null;
  /**
   * Every author, in order (Craft 5's several authors; wins over `authorId`): the first is the
   * primary author (`authorId`). An empty list or null leaves the entry without authors.
   */
  readonly authorIds?: readonly number[] | null;
  readonly postDate?: Date | null;
  readonly expiryDate?: Date | null;
}

/** An entry of a batched save (`ElementWriter.saveNewEntries`). */
export interface NewEntryInput extends EntryInput {
  /** In a structure: the parent is the batch's input at this index (an earlier one). */
  readonly parentInBatch?: number;
}

export interface CategoryInput extends ElementContentInput, PlacementInput {
  readonly groupId: number;
}

export interface TagInput extends ElementContentInput {
  readonly groupId: number;
}

/** The content of a global set (its one element exists: ensureGlobalSets). */
export interface GlobalSetContentInput {
  readonly globalSetId: number;
  readonly fields?: FieldValues;
  readonly sites?: ReadonlyMap<number, SiteContentInput>;
  readonly dateUpdated?: Date;
}

export interface AssetInput extends ElementContentInput {
  readonly volumeId: number;
  /** Folder inside the volume: '' (the root) or `a/b` (slashes at either end are optional). */
  readonly folderPath: string;
  readonly filename: string;
  /** The file's bytes (an upload); wins over `sourceFile`. */
  readonly sourceData?: Buffer;
  /** A file to copy into the volume; absent (and no `sourceData`): the file must already be in place. */
  readonly sourceFile?: string;
  /**
   * Uploads: when the new file takes another name or folder than the asset's previous one, that
   * previous file is deleted after the commit, unless an asset (trashed ones too) holds its name.
   */
  readonly removeReplacedFile?: boolean;
  /**
   * Craft's `avoidFilenameConflicts` (uploads): when another asset (trashed ones too) or a file
   * holds the name in the folder, `_1`, `_2`... go before the extension.
   */
  readonly avoidConflicts?: boolean;
  readonly alt?: string | null;
  /** [x, y] in 0..1. */
  readonly focalPoint?: readonly [number, number] | null;
  /** The uploader's user element id. */
  readonly uploaderId?: number | null;
  /** Default: now. */
  readonly dateModified?: Date;
}

export interface UserInput {
  /** The identity login; an existing user with this login is reused (matched case-insensitively). */
  readonly username: string;
  readonly email: string;
  readonly fullName?: string;
  /** Only used when the user is created; absent: a random one (the user cannot sign in until reset). */
  readonly password?: string;
  /** User group ids; replaces the memberships. Absent: unchanged. */
  readonly groupIds?: readonly number[];
  /** The photo's asset element id. */
  readonly photoId?: number | null;
  readonly fields?: FieldValues;
  readonly sites?: ReadonlyMap<number, SiteContentInput>;
}

/** A written element, with the ids of the matrix blocks written with it (per matrix field handle). */
export interface SavedElement {
  readonly id: number;
  readonly uid: string;
  readonly created: boolean;
  readonly blocks: ReadonlyMap<string, readonly SavedElement[]>;
}
