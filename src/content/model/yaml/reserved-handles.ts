import { type ElementKind, ElementKinds } from '../element-kinds';

/**
 * Field handles a custom field may not take. A custom field becomes a GraphQL field of the concrete
 * type next to its interface's own fields, so a handle is reserved where it would clash: Craft
 * reserves handles per element type (each element class's `reservedFieldHandles()`, checked when
 * a field joins a field layout), so a global set may have an `email` field while a user field may
 * not. The lists follow the fields of our GraphQL interfaces and Craft's reserved words.
 */

/** Every element's own fields (ElementInterface) and Craft's reserved words. */
const ELEMENT_HANDLES = [
  'id',
  'uid',
  'title',
  'slug',
  'uri',
  'url',
  'enabled',
  'archived',
  'siteHandle',
  'siteId',
  'siteSettingsId',
  'language',
  'searchScore',
  'trashed',
  'status',
  'dateCreated',
  'dateUpdated',
  'dateDeleted',
  // Craft's reserved words
  'attributes',
  'content',
  'fields',
  'ref',
  'site',
  'this',
  'true',
  'false',
  'null',
];

/** Elements in structures (entries and categories). */
const STRUCTURE_HANDLES = [
  'lft',
  'rgt',
  'level',
  'root',
  'structureId',
  'children',
  'descendants',
  'ancestors',
  'parent',
  'siblings',
  'localized',
  'prev',
  'next',
  'prevSibling',
  'nextSibling',
  'enabledForSite',
  'hasDescendants',
];

/** Elements owned by a field (matrix blocks; Craft 5's nested entries). */
const NESTED_HANDLES = [
  'fieldId',
  'fieldHandle',
  'field',
  'ownerId',
  'owner',
  'primaryOwnerId',
  'sortOrder',
  'typeId',
  'typeHandle',
  'type',
];

const ENTRY_HANDLES = [
  ...STRUCTURE_HANDLES,
  ...NESTED_HANDLES,
  'isDraft',
  'isRevision',
  'revisionId',
  'revisionNotes',
  'draftId',
  'isUnpublishedDraft',
  'isUnsavedDraft',
  'draftName',
  'draftNotes',
  'canonicalId',
  'canonicalUid',
  'sourceId',
  'sourceUid',
  'authorId',
  'author',
  'authorIds',
  'authors',
  'draftCreator',
  'drafts',
  'revisionCreator',
  'currentRevision',
  'revisions',
  'sectionId',
  'sectionHandle',
  'section',
  'postDate',
  'expiryDate',
];

const GROUP_HANDLES = ['groupId', 'groupHandle', 'group'];

const KIND_HANDLES: Record<ElementKind, readonly string[]> = {
  [ElementKinds.entry]: ENTRY_HANDLES,
  // Craft 4's blocks, which the Craft 5 dialect serves as nested entries: both sets apply.
  [ElementKinds.matrixBlock]: ENTRY_HANDLES,
  [ElementKinds.asset]: [
    'uploaderId',
    'uploader',
    'alt',
    'volumeId',
    'volume',
    'folderId',
    'folder',
    'filename',
    'extension',
    'hasFocalPoint',
    'focalPoint',
    'kind',
    'size',
    'height',
    'width',
    'img',
    'srcset',
    'mimeType',
    'format',
    'path',
    'dateModified',
  ],
  [ElementKinds.user]: [
    'photo',
    'friendlyName',
    'fullName',
    'name',
    'preferences',
    'preferredLanguage',
    'username',
    'firstName',
    'lastName',
    'email',
    'addresses',
    'groups',
  ],
  [ElementKinds.category]: [...STRUCTURE_HANDLES, ...GROUP_HANDLES],
  [ElementKinds.tag]: GROUP_HANDLES,
  [ElementKinds.globalSet]: ['handle', 'name'],
};

const ELEMENT_SET: ReadonlySet<string> = new Set(ELEMENT_HANDLES);
const KIND_SETS = new Map<ElementKind, ReadonlySet<string>>(
  Object.entries(KIND_HANDLES).map(([kind, handles]) => [kind as ElementKind, new Set(handles)]),
);

const KIND_LABELS: Record<ElementKind, string> = {
  [ElementKinds.entry]: 'entry',
  [ElementKinds.matrixBlock]: 'matrix block',
  [ElementKinds.asset]: 'asset',
  [ElementKinds.user]: 'user',
  [ElementKinds.category]: 'category',
  [ElementKinds.tag]: 'tag',
  [ElementKinds.globalSet]: 'global set',
};

/**
 * Why `handle` is reserved for a field in the layouts of these element kinds (`a built-in
 * element field`, `a built-in user field`), or undefined when the handle is free there.
 */
export function reservedHandleReason(
  handle: string,
  kinds: Iterable<ElementKind>,
): string | undefined {
  if (ELEMENT_SET.has(handle)) return 'a built-in element field';
  for (const kind of kinds) {
    if (KIND_SETS.get(kind)?.has(handle)) return `a built-in ${KIND_LABELS[kind]} field`;
  }
  return undefined;
}
