/**
 * The content model: what the project-config YAML declares (sites, fields, sections, ...), after
 * validation, with the stable integer ids the database assigned (ids survive restarts because
 * items are matched by uid). Immutable; a reload builds a new one.
 */

import type { FieldType, LinkType } from './field-types';

export interface ModelItem {
  /** Database id (stable: matched by uid). */
  readonly id: number;
  /** Given in YAML, or derived from kind and handle (see yaml/item-uid.ts). */
  readonly uid: string;
  readonly handle: string;
  readonly name: string;
}

export interface Site extends ModelItem {
  /** BCP 47, e.g. `en-US`. */
  readonly language: string;
  readonly primary: boolean;
  /** Absolute (`https://example.com/`) or root-relative; element URLs are `baseUrl + uri`. */
  readonly baseUrl: string;
}

export interface FieldOption {
  readonly label: string;
  readonly value: string;
  readonly default: boolean;
}

export const TABLE_COLUMN_TYPES = [
  'singleline',
  'multiline',
  'number',
  'lightswitch',
  'date',
  'time',
  'email',
  'url',
  'color',
  'select',
] as const;
export type TableColumnType = (typeof TABLE_COLUMN_TYPES)[number];

export interface TableColumn {
  /** `col1`, `col2`, ... in declaration order (Craft's column keys). */
  readonly key: string;
  readonly handle: string;
  readonly heading: string;
  readonly type: TableColumnType;
}

export interface RangeSettings {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

export interface MatrixBlockType extends ModelItem {
  /** The block type's own fields (not shared with the global field list). */
  readonly fields: readonly Field[];
  /**
   * A global entry type the matrix field lists (Craft 5's form): its fields are copies of the
   * entry type's layout, and the Craft 5 dialect serves it as the entry type's `<handle>_Entry`.
   */
  readonly shared?: boolean;
}

export interface Field extends ModelItem {
  readonly type: FieldType;
  /** Per-site values (true) or one value for every site (false). Relations: per-site rows when true. */
  readonly translatable: boolean;
  readonly instructions: string;
  /** dropdown, radioButtons, checkboxes, multiSelect. */
  readonly options: readonly FieldOption[];
  /** Relation fields: the allowed sources as model item ids (sections, volumes, groups); empty = all. */
  readonly sources: readonly number[];
  /** Relation fields: maximum number of related elements; null = unlimited. */
  readonly limit: number | null;
  /** number: decimals (0 = integers). */
  readonly decimals: number;
  /** money: the ISO 4217 currency of its values (absent on other types). */
  readonly currency?: string;
  /** range: the allowed span and step (Craft's defaults 0, 100, 1). */
  readonly range?: RangeSettings;
  /** link: the kinds of link allowed (Craft's `types`). */
  readonly linkTypes?: readonly LinkType[];
  /** link: `LinkData` objects in GraphQL (true) or the URL as a `String` (false). */
  readonly fullGraphqlData?: boolean;
  /** table. */
  readonly columns: readonly TableColumn[];
  /** matrix. */
  readonly blockTypes: readonly MatrixBlockType[];
}

export interface EntryType extends ModelItem {
  readonly sectionId: number;
  readonly hasTitleField: boolean;
  /** Title of entries when hasTitleField is false, e.g. `{name}`; empty = the slug. */
  readonly titleFormat: string;
  readonly fields: readonly Field[];
  /**
   * A global entry type (Craft 5's form) shared by every section that lists it: one GraphQL type
   * `<handle>_Entry` in the Craft 5 dialect. Absent (false) for an entry type written in its section.
   */
  readonly shared?: boolean;
}

export type SectionType = 'single' | 'channel' | 'structure';

export interface SectionSiteSettings {
  readonly siteId: number;
  /** e.g. `news/{slug}`; empty = entries have no URI. Singles: the literal URI (`__home__` = ''). */
  readonly uriFormat: string;
  readonly enabledByDefault: boolean;
}

export interface Section extends ModelItem {
  readonly type: SectionType;
  /** structure: maximum depth; null = unlimited. */
  readonly maxLevels: number | null;
  readonly siteSettings: readonly SectionSiteSettings[];
  readonly entryTypes: readonly EntryType[];
  /**
   * structure: nested entries get their parent's URI in front of what their format renders,
   * when the format does not mention the parent (this service's behaviour before Craft's).
   */
  readonly uriParentPrefix?: boolean;
  /** Entries are per-site copies propagated to every site of the section (Craft's default). */
  readonly propagation: 'all' | 'none';
}

export interface Volume extends ModelItem {
  /** Absolute directory of the files (default `<volumes dir>/<handle>`). */
  readonly path: string;
  /** URL prefix of the files, e.g. `/volumes/images` (served by the HTTP listener) or an absolute URL. */
  readonly baseUrl: string;
  readonly fields: readonly Field[];
  /** The file extensions its assets may have (lowercase); absent: CONTENT_ALLOWED_FILE_EXTENSIONS. */
  readonly allowedFileExtensions?: readonly string[];
}

export interface CategoryGroup extends ModelItem {
  readonly maxLevels: number | null;
  readonly siteSettings: readonly SectionSiteSettings[];
  readonly fields: readonly Field[];
}

export interface TagGroup extends ModelItem {
  readonly fields: readonly Field[];
}

export interface GlobalSet extends ModelItem {
  readonly fields: readonly Field[];
}

export type UserGroup = ModelItem;

export type TransformMode = 'crop' | 'fit' | 'stretch' | 'letterbox';

/** What a named image transform does, as the YAML declares it and the model keeps it. */
export interface TransformSettings {
  readonly width: number | null;
  readonly height: number | null;
  readonly mode: TransformMode;
  readonly position: string;
  readonly quality: number | null;
  readonly format: 'jpg' | 'png' | 'gif' | 'webp' | 'avif' | null;
  readonly interlace: 'none' | 'line' | 'plane' | 'partition';
}

export interface ImageTransform extends ModelItem, TransformSettings {}

/** Only the transform's settings of an item that carries more. */
export function transformSettings(transform: TransformSettings): TransformSettings {
  const { width, height, mode, position, quality, format, interlace } = transform;
  return { width, height, mode, position, quality, format, interlace };
}

export interface GqlSchemaDefinition extends ModelItem {
  readonly isPublic: boolean;
  /**
   * Scope components, normalised to uids (`sections.<uid>:read`); YAML may name items by handle.
   * `usergroups.everyone:read` and `elements.inactive:read` keep their literal names.
   */
  readonly scope: readonly string[];
  readonly enabled: boolean;
  readonly expiryDate: Date | null;
}

/** Everything the YAML declares; lookups by id and handle are on ContentModelIndex. */
export interface ContentModel {
  /** A hash of the applied model; changes whenever anything in the YAML changes. */
  readonly version: string;
  readonly sites: readonly Site[];
  readonly fields: readonly Field[];
  readonly sections: readonly Section[];
  readonly volumes: readonly Volume[];
  readonly categoryGroups: readonly CategoryGroup[];
  readonly tagGroups: readonly TagGroup[];
  readonly globalSets: readonly GlobalSet[];
  readonly userGroups: readonly UserGroup[];
  /** Fields on every user (Craft's user field layout). */
  readonly userFields: readonly Field[];
  readonly imageTransforms: readonly ImageTransform[];
  readonly schemas: readonly GqlSchemaDefinition[];
}
