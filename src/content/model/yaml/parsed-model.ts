import type {
  FieldOption,
  TransformSettings,
  RangeSettings,
  SectionType,
  TableColumn,
} from '../content-model';
import type { FieldType, LinkType } from '../field-types';
import type { Where } from './problems';
import type { Located } from './yaml-map';

/**
 * The YAML after the per-file checks: values typed, references still handles (with where they
 * were written, for messages), uids only where the YAML gives one. resolver.ts turns it
 * into the normalised model.
 */

export interface ParsedItem {
  readonly where: Where;
  readonly handle: string;
  readonly name: string;
  /** Given in the YAML (lowercased), else derived later. */
  readonly uid: string | undefined;
}

export interface ParsedSite extends ParsedItem {
  readonly language: string;
  readonly primary: boolean;
  readonly baseUrl: string;
}

export interface ParsedField extends ParsedItem {
  readonly type: FieldType;
  readonly translatable: boolean;
  readonly instructions: string;
  readonly options: readonly FieldOption[];
  /** Handles of the allowed sources; empty = every source of the field type's kind. */
  readonly sources: readonly Located<string>[];
  readonly limit: number | null;
  readonly decimals: number;
  /** range: span and step. */
  readonly range: RangeSettings | undefined;
  /** money: ISO 4217 code, upper case. */
  readonly currency: string | undefined;
  /** link: the allowed kinds of link and the GraphQL shape. */
  readonly link:
    { readonly types: readonly LinkType[]; readonly fullGraphqlData: boolean } | undefined;
  readonly columns: readonly TableColumn[];
  readonly blockTypes: readonly ParsedBlockType[];
  /** matrix: global entry types (Craft 5's form) listed by handle, after the written block types. */
  readonly entryTypes: readonly Located<string>[];
  /** contentBlock: its layout, global fields by handle. */
  readonly contentFields: readonly Located<string>[];
}

export interface ParsedBlockType extends ParsedItem {
  readonly fields: readonly ParsedField[];
}

export interface ParsedSiteSettings {
  readonly site: Located<string>;
  readonly uriFormat: string;
  readonly enabledByDefault: boolean;
}

export interface ParsedEntryType extends ParsedItem {
  readonly hasTitleField: boolean;
  readonly titleFormat: string;
  readonly fields: readonly Located<string>[];
}

export interface ParsedSection extends ParsedItem {
  readonly type: SectionType;
  readonly maxLevels: number | null;
  readonly uriParentPrefix: boolean;
  readonly propagation: 'all' | 'none';
  /** undefined: every site, with the section's uriFormat and enabledByDefault. */
  readonly sites: readonly ParsedSiteSettings[] | undefined;
  readonly uriFormat: string;
  readonly enabledByDefault: boolean;
  /**
   * Entry types written in the section (Craft 4's form), or handles of global entry types
   * (`entryTypes` at the top level, Craft 5's form), in the section's order.
   */
  readonly entryTypes: readonly (ParsedEntryType | Located<string>)[];
}

export interface ParsedLayoutItem extends ParsedItem {
  readonly fields: readonly Located<string>[];
}

export interface ParsedVolume extends ParsedLayoutItem {
  readonly path: string | undefined;
  readonly baseUrl: string | undefined;
  readonly allowedFileExtensions: readonly string[] | undefined;
}

export interface ParsedCategoryGroup extends ParsedLayoutItem {
  readonly maxLevels: number | null;
  readonly sites: readonly ParsedSiteSettings[] | undefined;
  readonly uriFormat: string;
  readonly enabledByDefault: boolean;
}

export type ParsedUserGroup = ParsedItem;

export type ParsedImageTransform = ParsedItem & TransformSettings;

export interface ParsedSchema extends ParsedItem {
  readonly isPublic: boolean;
  readonly enabled: boolean;
  readonly expiryDate: Date | null;
  readonly scope: readonly Located<string>[];
}

/** Every file's items, in file (name) order then document order. */
export interface ParsedModel {
  readonly sites: ParsedSite[];
  readonly fields: ParsedField[];
  readonly sections: ParsedSection[];
  /** Global entry types (Craft 5): sections and matrix fields list them by handle. */
  readonly entryTypes: ParsedEntryType[];
  readonly volumes: ParsedVolume[];
  readonly categoryGroups: ParsedCategoryGroup[];
  readonly tagGroups: ParsedLayoutItem[];
  readonly globalSets: ParsedLayoutItem[];
  readonly userGroups: ParsedUserGroup[];
  readonly userFields: Located<string>[];
  readonly imageTransforms: ParsedImageTransform[];
  readonly schemas: ParsedSchema[];
}

export function emptyParsedModel(): ParsedModel {
  return {
    sites: [],
    fields: [],
    sections: [],
    entryTypes: [],
    volumes: [],
    categoryGroups: [],
    tagGroups: [],
    globalSets: [],
    userGroups: [],
    userFields: [],
    imageTransforms: [],
    schemas: [],
  };
}
