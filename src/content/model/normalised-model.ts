import type {
  FieldOption,
  TransformSettings,
  RangeSettings,
  SectionType,
  TableColumn,
} from './content-model';
import type { FieldType, LinkType } from './field-types';

/**
 * The validated model with every reference resolved to a uid and every default filled in: what
 * the database stores (one row per item, `config` = the item) and what the version hash covers.
 * Plain JSON (no Dates, no ids), built in a fixed key order so that the same YAML always gives
 * the same hash.
 */

export interface NormalisedItem {
  readonly uid: string;
  readonly handle: string;
  readonly name: string;
}

export interface NormalisedSite extends NormalisedItem {
  readonly language: string;
  readonly primary: boolean;
  readonly baseUrl: string;
}

export interface NormalisedField extends NormalisedItem {
  readonly type: FieldType;
  readonly translatable: boolean;
  readonly instructions: string;
  readonly options: readonly FieldOption[];
  /** Uids of sections, volumes, category groups, tag groups or user groups; empty = all. */
  readonly sources: readonly string[];
  readonly limit: number | null;
  readonly decimals: number;
  /** money only (absent keeps other fields' versions as they were). */
  readonly currency?: string;
  /** range only. */
  readonly range?: RangeSettings;
  /** link only. */
  readonly linkTypes?: readonly LinkType[];
  readonly fullGraphqlData?: boolean;
  readonly columns: readonly TableColumn[];
  readonly blockTypes: readonly NormalisedBlockType[];
}

export interface NormalisedBlockType extends NormalisedItem {
  readonly fields: readonly NormalisedField[];
  /** A global entry type the matrix field lists (Craft 5's form); absent for a written block type. */
  readonly shared?: true;
}

export interface NormalisedSiteSettings {
  readonly siteUid: string;
  readonly uriFormat: string;
  readonly enabledByDefault: boolean;
}

export interface NormalisedEntryType extends NormalisedItem {
  readonly hasTitleField: boolean;
  readonly titleFormat: string;
  /** Field uids (the layout), in order. */
  readonly fields: readonly string[];
  /** A global entry type (Craft 5's form) this section uses; absent for one written in it. */
  readonly shared?: true;
}

export interface NormalisedSection extends NormalisedItem {
  readonly type: SectionType;
  readonly maxLevels: number | null;
  readonly propagation: 'all' | 'none';
  readonly siteSettings: readonly NormalisedSiteSettings[];
  readonly entryTypes: readonly NormalisedEntryType[];
  /** Only when set (absent keeps the model's version as it was). */
  readonly uriParentPrefix?: true;
}

export interface NormalisedLayoutItem extends NormalisedItem {
  readonly fields: readonly string[];
}

export interface NormalisedVolume extends NormalisedLayoutItem {
  readonly path: string;
  readonly baseUrl: string;
  /** Only when the YAML gives it (absent keeps the model's version as it was). */
  readonly allowedFileExtensions?: readonly string[];
}

export interface NormalisedCategoryGroup extends NormalisedLayoutItem {
  readonly maxLevels: number | null;
  readonly siteSettings: readonly NormalisedSiteSettings[];
}

export type NormalisedImageTransform = NormalisedItem & TransformSettings;

export interface NormalisedSchema extends NormalisedItem {
  readonly isPublic: boolean;
  /** Components with uids (`sections.<uid>:read`), sorted, without duplicates. */
  readonly scope: readonly string[];
  readonly enabled: boolean;
  /** ISO 8601 in UTC, or null. */
  readonly expiryDate: string | null;
}

export interface NormalisedModel {
  readonly sites: readonly NormalisedSite[];
  readonly fields: readonly NormalisedField[];
  readonly sections: readonly NormalisedSection[];
  readonly volumes: readonly NormalisedVolume[];
  readonly categoryGroups: readonly NormalisedCategoryGroup[];
  readonly tagGroups: readonly NormalisedLayoutItem[];
  readonly globalSets: readonly NormalisedLayoutItem[];
  readonly userGroups: readonly NormalisedItem[];
  readonly userFields: readonly string[];
  readonly imageTransforms: readonly NormalisedImageTransform[];
  readonly schemas: readonly NormalisedSchema[];
}
