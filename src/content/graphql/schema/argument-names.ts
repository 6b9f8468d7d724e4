import { type ElementKind, ElementKinds } from '../../model/element-kinds';

/**
 * Craft's element query argument names: the one list of them. The criteria builder tells built-in
 * arguments from custom fields' with it; the schema declares an argument for each
 * (element-arguments.ts).
 */

/** The `relatedTo<Kind>` arguments and the kind of their criteria inputs. */
export const RELATED_TO_KIND_ARGUMENTS = [
  ['relatedToEntries', ElementKinds.entry],
  ['relatedToAssets', ElementKinds.asset],
  ['relatedToUsers', ElementKinds.user],
  ['relatedToCategories', ElementKinds.category],
  ['relatedToTags', ElementKinds.tag],
] as const satisfies readonly (readonly [string, ElementKind])[];

/** Draft and revision arguments: we store no drafts or revisions, so asking for them finds nothing. */
export const DRAFT_ARGUMENTS = [
  'drafts',
  'draftOf',
  'draftId',
  'draftCreator',
  'provisionalDrafts',
  'revisions',
  'revisionOf',
  'revisionId',
  'revisionCreator',
];

/**
 * Craft 5.4's fields of relation criteria inputs (`EntryRelationCriteriaInput`, ...): they narrow
 * the relation a `relatedTo<Kind>` input adds, not the targets it selects.
 */
export const RELATION_CRITERIA_ARGUMENTS = ['relatedViaField', 'relatedViaSite'];

const COMMON_ARGUMENTS = [
  'id',
  'uid',
  'site',
  'siteId',
  'siteSettingsId',
  'unique',
  'preferSites',
  'title',
  'slug',
  'uri',
  'search',
  'searchTermOptions',
  'relatedTo',
  'notRelatedTo',
  'relatedToAll',
  ...RELATED_TO_KIND_ARGUMENTS.map(([name]) => name),
  ...RELATION_CRITERIA_ARGUMENTS,
  'ref',
  'fixedOrder',
  'inReverse',
  'dateCreated',
  'dateUpdated',
  'offset',
  'limit',
  'orderBy',
  'language',
  'status',
  'archived',
  'trashed',
  'enabledForSite',
  'withProvisionalDrafts',
  ...DRAFT_ARGUMENTS,
];

export const STRUCTURE_ARGUMENTS = [
  'withStructure',
  'structureId',
  'level',
  'hasDescendants',
  'ancestorOf',
  'ancestorDist',
  'descendantOf',
  'descendantDist',
  'leaves',
  'nextSiblingOf',
  'prevSiblingOf',
  'positionedAfter',
  'positionedBefore',
];

/**
 * Entry arguments about what Matrix blocks have not: a section, authors, post and expiry dates
 * (criteria/nested-entries.ts: given, they leave no Craft 5 nested entry).
 */
export const ENTRY_SECTION_ARGUMENTS = [
  'editable',
  'section',
  'sectionId',
  'authorId',
  'authorGroup',
  'authorGroupId',
  'postDate',
  'before',
  'after',
  'expiryDate',
];

/** The entry arguments that select nested entries (they exist in the Craft 5 dialect only). */
export const NESTED_ENTRY_SELECTORS = ['field', 'fieldId', 'ownerId', 'primaryOwnerId'] as const;

const ENTRY_BUILT_IN = [
  ...COMMON_ARGUMENTS,
  ...STRUCTURE_ARGUMENTS,
  ...ENTRY_SECTION_ARGUMENTS,
  'type',
  'typeId',
  ...NESTED_ENTRY_SELECTORS,
];

/**
 * Built-in arguments per kind: any other argument is a custom field's (docs/content-store.md). The
 * schema's arguments (element-arguments.ts) are these; argument-names.spec.ts checks they agree.
 */
export const BUILT_IN_ARGUMENTS: Readonly<Record<ElementKind, ReadonlySet<string>>> = {
  entry: new Set(ENTRY_BUILT_IN),
  asset: new Set([
    ...COMMON_ARGUMENTS,
    'volumeId',
    'volume',
    'folderId',
    'filename',
    'kind',
    'height',
    'width',
    'size',
    'dateModified',
    'hasAlt',
    'includeSubfolders',
    'withTransforms',
    'uploader',
  ]),
  user: new Set([
    ...COMMON_ARGUMENTS,
    'email',
    'username',
    'fullName',
    'firstName',
    'lastName',
    'hasPhoto',
    'assetUploaders',
    'authors',
    'groupId',
    'group',
    'affiliatedSite',
    'affiliatedSiteId',
  ]),
  globalset: new Set([...COMMON_ARGUMENTS, 'handle']),
  category: new Set([...COMMON_ARGUMENTS, ...STRUCTURE_ARGUMENTS, 'editable', 'group', 'groupId']),
  tag: new Set([...COMMON_ARGUMENTS, 'group', 'groupId']),
  // Craft 4's block arguments are a subset of the entry ones; Craft 5's Matrix fields and nested
  // entries take entry arguments, read as block criteria (criteria/nested-entries.ts).
  matrixblock: new Set(ENTRY_BUILT_IN),
};
