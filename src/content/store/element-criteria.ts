/**
 * What the GraphQL layer asks the content store for: Craft element-query parameters with every
 * handle already resolved to ids and the schema's scope already applied (the store never sees a
 * handle or a scope). Values typed `Param` keep Craft's parameter syntax (see param-syntax.ts):
 * `"not foo"`, `"> 10"`, `"foo*"`, `":empty:"`, `["and", ...]`, `["not", 1, 2]`, `"a, b"`.
 */

import type { ElementKind } from '../model/element-kinds';

export type ParamValue = string | number | boolean | null;
/** One Craft parameter: a scalar, or a list whose first item may be `and`, `or` or `not`. */
export type Param = ParamValue | readonly ParamValue[];

/** One `relatedTo` condition: elements related to any of `targets` (ids), optionally via a field. */
export interface RelationCondition {
  /** Element ids related in either direction (Craft: source or target). */
  readonly element?: readonly number[];
  /** Only as the relation's source: elements that point at these. */
  readonly targetElement?: readonly number[];
  /** Only as the relation's target: elements these point at. */
  readonly sourceElement?: readonly number[];
  /** Restrict to relations of these fields (field ids). */
  readonly fieldIds?: readonly number[];
  /**
   * Restrict to relations made in these sites (site ids): a translatable field's relations of
   * that site, or a field's relations that hold in every site (Craft's `sourceSite`).
   */
  readonly sourceSiteIds?: readonly number[];
}

export interface RelatedTo {
  readonly operator: 'and' | 'or';
  readonly conditions: readonly RelationCondition[];
}

/** A custom-field filter: the field (for its type) and the Craft parameter for its value. */
export interface FieldFilter {
  readonly fieldHandle: string;
  /** Decides how values compare: number → numeric, lightswitch → boolean, date → timestamp, lists → contains. */
  readonly fieldType: string;
  /** Relation fields: ids of targets (any of them). */
  readonly param: Param;
}

export type StatusParam = Param;

/** Craft's `SearchTermOptions`: what every search term does unless its syntax says more. */
export interface SearchTermOptions {
  /** The term may start inside a word (`*term`). */
  readonly subLeft?: boolean;
  /** The term may end inside a word (`term*`); Craft's default is true. */
  readonly subRight?: boolean;
  /** Elements that do not match (`-term`). */
  readonly exclude?: boolean;
  /** Attribute terms match the whole value (`title::term`); free terms match whole words. */
  readonly exact?: boolean;
}

/** Elements of a kind, in these containers and of these types (undefined: any). */
export interface OwnerScope {
  readonly kind: ElementKind;
  readonly containerIds?: readonly number[];
  readonly typeIds?: readonly number[];
}

export interface ElementCriteria {
  readonly kind: ElementKind;
  /** Sites to query in, already intersected with the scope; never empty. */
  readonly siteIds: readonly number[];
  /** With several sites: one row per element, the first site of `preferSites` (ids) winning. */
  readonly unique?: boolean;
  readonly preferSites?: readonly number[];

  /**
   * Containers the element may belong to: section ids (entries), volume ids (assets), group ids
   * (categories, tags), global set ids, matrix field ids (blocks). Already intersected with the
   * schema's scope; an empty list means "nothing" (no rows, no query needed).
   * Undefined only for users (groups restrict users, below).
   */
  readonly containerIds?: readonly number[];
  /** Entry type ids (entries) or block type ids (matrix blocks), scope applied; empty = nothing. */
  readonly typeIds?: readonly number[];

  readonly id?: Param;
  readonly uid?: Param;
  readonly title?: Param;
  readonly slug?: Param;
  readonly uri?: Param;
  /** `"<elementId>-<siteId>"`, the GraphQL `siteSettingsId` of one element in one site. */
  readonly siteSettingsId?: Param;
  /** Undefined: the kind's default (entries `live`, users `active`, others `enabled`); null: any. */
  readonly status?: StatusParam | null;
  readonly archived?: boolean;
  readonly trashed?: boolean;
  readonly dateCreated?: Param;
  readonly dateUpdated?: Param;

  /** Craft search syntax; fills `searchScore` and allows `orderBy: "score"`. */
  readonly search?: string;
  /** Defaults for every term of `search` (Craft's `searchTermOptions`); the syntax adds to them. */
  readonly searchTermOptions?: SearchTermOptions;
  readonly relatedTo?: RelatedTo;
  readonly notRelatedTo?: RelatedTo;

  /** Return in the order of the `id` list. */
  readonly fixedOrder?: boolean;
  readonly inReverse?: boolean;
  /** SQL-like `"title ASC, id DESC"`; validated against known columns and field handles. */
  readonly orderBy?: string;
  readonly offset?: number;
  /** Null or undefined: no limit (the GraphQL layer applies maxResults). */
  readonly limit?: number | null;

  // Entries
  readonly authorIds?: Param;
  /** Users in any of these user groups authored the entry. */
  readonly authorGroupIds?: readonly number[];
  readonly postDate?: Param;
  /** postDate < before */
  readonly before?: string;
  /** postDate >= after */
  readonly after?: string;
  readonly expiryDate?: Param;

  // Structures (entries in structure sections, categories)
  readonly level?: Param;
  readonly hasDescendants?: boolean;
  readonly ancestorOf?: number;
  readonly ancestorDist?: number;
  readonly descendantOf?: number;
  readonly descendantDist?: number;
  readonly leaves?: boolean;
  readonly nextSiblingOf?: number;
  readonly prevSiblingOf?: number;
  readonly positionedAfter?: number;
  readonly positionedBefore?: number;

  // Assets
  readonly folderId?: Param;
  /** With `folderId`: the assets of those folders' subfolders (at any depth) too. */
  readonly includeSubfolders?: boolean;
  readonly filename?: Param;
  readonly fileKind?: Param;
  readonly width?: Param;
  readonly height?: Param;
  readonly size?: Param;
  readonly dateModified?: Param;
  readonly hasAlt?: boolean;
  readonly uploaderIds?: Param;

  // Users
  readonly email?: Param;
  readonly username?: Param;
  readonly fullName?: Param;
  readonly firstName?: Param;
  readonly lastName?: Param;
  /** Members of any of these user group ids; undefined = every user (scope `usergroups.everyone`). */
  readonly userGroupIds?: readonly number[];
  readonly hasPhoto?: boolean;
  /** True: only users who are the author of an entry (false sets no condition, as in Craft). */
  readonly authors?: boolean;
  /** True: only users who uploaded an asset (false sets no condition, as in Craft). */
  readonly assetUploaders?: boolean;
  /**
   * Users only: the users a Craft install of this org would list (members of `orgId`), without
   * `hiddenLogins` (the built-in admin, HIDDEN_USERS). Root user queries of token schemas.
   */
  readonly visibleUsers?: UserVisibility;

  // Matrix blocks
  readonly ownerIds?: readonly number[];
  /**
   * Only blocks whose owner matches one of these (not trashed); an empty list means "nothing".
   * Set when blocks are queried without their owner at hand (Craft 5's nested entries).
   */
  readonly ownerScopes?: readonly OwnerScope[];

  /** Custom-field filters (AND). */
  readonly fields?: readonly FieldFilter[];
}

/** Which identity users token schemas list (docs/content-graphql.md, "Users"). */
export interface UserVisibility {
  readonly orgId: number;
  /** Compared without case, as logins are. */
  readonly hiddenLogins: readonly string[];
}
