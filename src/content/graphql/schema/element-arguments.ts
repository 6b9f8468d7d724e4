import {
  GraphQLBoolean,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLString,
} from 'graphql';
import type { GraphQLArgumentConfig, GraphQLFieldConfigArgumentMap } from 'graphql';
import type { Field } from '../../model/content-model';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import { QueryArgumentScalar } from '../scalars/query-argument.scalar';
import type { CraftVersion } from './craft-version';
import type { SchemaScope } from './schema-scope';
import { CRITERIA_INPUT_NAMES } from './type-names';
import { RELATED_TO_KIND_ARGUMENTS } from './argument-names';
import { customFieldArgument } from './custom-field-argument';

/** Element kinds that have relation criteria inputs (`relatedToEntries: [EntryCriteriaInput]`). */
export type RelatableKind = keyof typeof CRITERIA_INPUT_NAMES;
export const RELATABLE_KINDS: readonly RelatableKind[] = [
  ElementKinds.asset,
  ElementKinds.entry,
  ElementKinds.user,
  ElementKinds.category,
  ElementKinds.tag,
];

const queryArguments = new GraphQLList(QueryArgumentScalar);
const strings = new GraphQLList(GraphQLString);

function arg(type: GraphQLArgumentConfig['type'], description: string): GraphQLArgumentConfig {
  return { type, description };
}

const RELATED_TO_ARGUMENT_NAMES = Object.fromEntries(
  RELATED_TO_KIND_ARGUMENTS.map(([name, kind]) => [kind, name]),
) as Record<RelatableKind, string>;

const RELATED_TO_TARGETS: Record<RelatableKind, string> = {
  asset: 'assets',
  entry: 'entries',
  user: 'users',
  category: 'categories',
  tag: 'tags',
};

/** Craft's `SearchTermOptions` input (4.x). */
export const searchTermOptionsInput = new GraphQLInputObjectType({
  name: 'SearchTermOptions',
  fields: {
    subLeft: {
      type: GraphQLBoolean,
      description: 'Whether the term may be preceded by other text.',
    },
    subRight: {
      type: GraphQLBoolean,
      description: 'Whether the term may be followed by other text.',
    },
    exclude: { type: GraphQLBoolean, description: 'Whether the term must not match.' },
    exact: {
      type: GraphQLBoolean,
      description: 'Whether the term must match the whole attribute.',
    },
  },
});

/**
 * The arguments every element query has (docs/content-store.md). `relatedTo<Kind>` exists only for
 * the kinds the scope can query; `status`, `archived` and `trashed` only with
 * `elements.inactive:read`.
 */
// eslint-disable-next-line max-lines-per-function -- a GraphQL argument map: one entry per argument, read as a table
function commonArguments(
  scope: SchemaScope,
  criteriaInput: (kind: RelatableKind) => GraphQLInputObjectType,
  craftVersion: CraftVersion,
): GraphQLFieldConfigArgumentMap {
  const args: GraphQLFieldConfigArgumentMap = {
    id: arg(queryArguments, 'Narrows the query results based on the elements’ IDs.'),
    uid: arg(strings, 'Narrows the query results based on the elements’ UIDs.'),
    site: arg(
      strings,
      'Determines which site(s) the elements should be queried in, by handle. Defaults to the current (requested) site.',
    ),
    siteId: arg(
      queryArguments,
      'Determines which site(s) the elements should be queried in, by ID. Defaults to the current (requested) site.',
    ),
    siteSettingsId: arg(
      queryArguments,
      'Narrows the query results based on the unique identifier for an element-site relation.',
    ),
    unique: arg(
      GraphQLBoolean,
      'Determines whether only elements with unique IDs should be returned by the query.',
    ),
    preferSites: arg(
      queryArguments,
      'Determines which site should be selected when querying multi-site elements.',
    ),
    title: arg(strings, 'Narrows the query results based on the elements’ titles.'),
    slug: arg(strings, 'Narrows the query results based on the elements’ slugs.'),
    uri: arg(strings, 'Narrows the query results based on the elements’ URIs.'),
    search: arg(
      GraphQLString,
      'Narrows the query results to only elements that match a search query.',
    ),
    searchTermOptions: arg(
      searchTermOptionsInput,
      'Narrows the query results based on the search term options.',
    ),
    relatedTo: arg(
      queryArguments,
      'Narrows the query results to elements that relate to the provided element IDs. This argument is ignored, if `relatedToAll` is also used.',
    ),
  };
  // Craft 5.4 (any element query).
  if (craftVersion === '5') {
    args.notRelatedTo = arg(
      queryArguments,
      'Narrows the query results to elements that do not relate to the provided element IDs.',
    );
  }
  for (const kind of RELATABLE_KINDS) {
    if (!scope.canQuery(kind)) continue;
    args[RELATED_TO_ARGUMENT_NAMES[kind]] = arg(
      new GraphQLList(criteriaInput(kind)),
      `Narrows the query results to elements that relate to ${RELATED_TO_TARGETS[kind]} list defined with this argument.`,
    );
  }
  Object.assign(args, {
    relatedToAll: {
      type: queryArguments,
      description:
        'Narrows the query results to elements that relate to *all* of the provided element IDs. Using this argument will cause `relatedTo` argument to be ignored.',
      deprecationReason: 'Use `relatedTo: ["and", ...ids]` instead.',
    },
    ref: arg(strings, 'Narrows the query results based on a reference string.'),
    fixedOrder: arg(
      GraphQLBoolean,
      'Causes the query results to be returned in the order specified by the `id` argument.',
    ),
    inReverse: arg(GraphQLBoolean, 'Causes the query results to be returned in reverse order.'),
    dateCreated: arg(strings, 'Narrows the query results based on the elements’ creation dates.'),
    dateUpdated: arg(
      strings,
      'Narrows the query results based on the elements’ last-updated dates.',
    ),
    offset: arg(GraphQLInt, 'Sets the offset for paginated results.'),
    limit: arg(GraphQLInt, 'Sets the limit for paginated results.'),
    orderBy: arg(GraphQLString, 'Sets the field the returned elements should be ordered by.'),
    language: arg(
      strings,
      'Determines which site(s) the elements should be queried in, based on their language.',
    ),
  } satisfies GraphQLFieldConfigArgumentMap);
  if (scope.inactive) {
    Object.assign(args, {
      status: arg(strings, 'Narrows the query results based on the elements’ statuses.'),
      archived: arg(
        GraphQLBoolean,
        'Narrows the query results to only elements that have been archived.',
      ),
      trashed: arg(
        GraphQLBoolean,
        'Narrows the query results to only elements that have been soft-deleted.',
      ),
    } satisfies GraphQLFieldConfigArgumentMap);
  }
  return args;
}

const STRUCTURE_ARGUMENTS: GraphQLFieldConfigArgumentMap = {
  withStructure: arg(
    GraphQLBoolean,
    'Explicitly determines whether the query should join in the structure data.',
  ),
  structureId: arg(GraphQLInt, 'Determines which structure data should be joined into the query.'),
  level: arg(
    GraphQLInt,
    'Narrows the query results based on the elements’ level within the structure.',
  ),
  hasDescendants: arg(
    GraphQLBoolean,
    'Narrows the query results based on whether the elements have any descendants.',
  ),
  ancestorOf: arg(
    GraphQLInt,
    'Narrows the query results to only elements that are ancestors of another element.',
  ),
  ancestorDist: arg(
    GraphQLInt,
    'Narrows the query results to only elements that are up to a certain distance away from the element specified by `ancestorOf`.',
  ),
  descendantOf: arg(
    GraphQLInt,
    'Narrows the query results to only elements that are descendants of another element.',
  ),
  descendantDist: arg(
    GraphQLInt,
    'Narrows the query results to only elements that are up to a certain distance away from the element specified by `descendantOf`.',
  ),
  leaves: arg(
    GraphQLBoolean,
    'Narrows the query results based on whether the elements are “leaves” (element with no descendants).',
  ),
  nextSiblingOf: arg(
    GraphQLInt,
    'Narrows the query results to only the entry that comes immediately after another element.',
  ),
  prevSiblingOf: arg(
    GraphQLInt,
    'Narrows the query results to only the entry that comes immediately before another element.',
  ),
  positionedAfter: arg(
    GraphQLInt,
    'Narrows the query results to only entries that are positioned after another element.',
  ),
  positionedBefore: arg(
    GraphQLInt,
    'Narrows the query results to only entries that are positioned before another element.',
  ),
};

const ENTRY_ARGUMENTS: GraphQLFieldConfigArgumentMap = {
  editable: arg(
    GraphQLBoolean,
    'Whether to only return entries that the user has permission to edit.',
  ),
  section: arg(
    strings,
    'Narrows the query results based on the section handles the entries belong to.',
  ),
  sectionId: arg(
    queryArguments,
    'Narrows the query results based on the sections the entries belong to, per the sections’ IDs.',
  ),
  type: arg(strings, 'Narrows the query results based on the entries’ entry type handles.'),
  typeId: arg(
    queryArguments,
    'Narrows the query results based on the entries’ entry types, per the types’ IDs.',
  ),
  authorId: arg(queryArguments, 'Narrows the query results based on the entries’ authors.'),
  authorGroup: arg(
    strings,
    'Narrows the query results based on the user group the entries’ authors belong to.',
  ),
  authorGroupId: arg(
    queryArguments,
    'Narrows the query results based on the user group the entries’ authors belong to, per the groups’ IDs.',
  ),
  postDate: arg(strings, 'Narrows the query results based on the entries’ post dates.'),
  before: arg(
    GraphQLString,
    'Narrows the query results to only entries that were posted before a certain date.',
  ),
  after: arg(
    GraphQLString,
    'Narrows the query results to only entries that were posted on or after a certain date.',
  ),
  expiryDate: arg(strings, 'Narrows the query results based on the entries’ expiry dates.'),
  ...STRUCTURE_ARGUMENTS,
};

/**
 * Craft 5's entry arguments for nested entries (Matrix fields hold entries): they select the
 * entries of a field or an owner (docs/content-graphql.md, "Craft 4 → 5").
 */
export const NESTED_ENTRY_ARGUMENTS: GraphQLFieldConfigArgumentMap = {
  field: arg(strings, 'Narrows the query results based on the field the entries are contained by.'),
  fieldId: arg(
    queryArguments,
    'Narrows the query results based on the field the entries are contained by, per the fields’ IDs.',
  ),
  primaryOwnerId: arg(
    queryArguments,
    'Narrows the query results based on the primary owner element of the entries, per the owners’ IDs.',
  ),
  ownerId: arg(
    queryArguments,
    'Narrows the query results based on the owner element of the entries, per the owners’ IDs.',
  ),
};

const ASSET_ARGUMENTS: GraphQLFieldConfigArgumentMap = {
  volumeId: arg(
    queryArguments,
    'Narrows the query results based on the volumes the assets belong to, per the volumes’ IDs.',
  ),
  volume: arg(
    strings,
    'Narrows the query results based on the volumes the assets belong to, per the volumes’ handles.',
  ),
  folderId: arg(
    queryArguments,
    'Narrows the query results based on the folders the assets belong to, per the folders’ IDs.',
  ),
  filename: arg(strings, 'Narrows the query results based on the assets’ filenames.'),
  kind: arg(strings, 'Narrows the query results based on the assets’ file kinds.'),
  height: arg(strings, 'Narrows the query results based on the assets’ image heights.'),
  width: arg(strings, 'Narrows the query results based on the assets’ image widths.'),
  size: arg(strings, 'Narrows the query results based on the assets’ file sizes (in bytes).'),
  dateModified: arg(
    GraphQLString,
    'Narrows the query results based on the assets’ files’ last-modified dates.',
  ),
  hasAlt: arg(
    GraphQLBoolean,
    'Narrows the query results based on whether the assets have alternative text.',
  ),
  includeSubfolders: arg(
    GraphQLBoolean,
    'Broadens the query results to include assets from any of the subfolders of the folder specified by `folderId`.',
  ),
  withTransforms: arg(strings, 'A list of transform handles to preload.'),
  uploader: arg(
    QueryArgumentScalar,
    'Narrows the query results based on the user the assets were uploaded by, per the user’s ID.',
  ),
};

const USER_ARGUMENTS: GraphQLFieldConfigArgumentMap = {
  email: arg(strings, 'Narrows the query results based on the users’ email addresses.'),
  username: arg(strings, 'Narrows the query results based on the users’ usernames.'),
  fullName: arg(strings, 'Narrows the query results based on the users’ full names.'),
  firstName: arg(strings, 'Narrows the query results based on the users’ first names.'),
  lastName: arg(strings, 'Narrows the query results based on the users’ last names.'),
  hasPhoto: arg(
    GraphQLBoolean,
    'Narrows the query results to only users that have (or don’t have) a user photo.',
  ),
  assetUploaders: arg(
    GraphQLBoolean,
    'Narrows the query results to only users that have uploaded an asset.',
  ),
  authors: arg(
    GraphQLBoolean,
    'Narrows the query results to only users that are authors of an entry.',
  ),
  groupId: arg(
    queryArguments,
    'Narrows the query results based on the user group the users belong to, per the groups’ IDs.',
  ),
  group: arg(
    queryArguments,
    'Narrows the query results based on the user group the users belong to.',
  ),
};

const GLOBAL_SET_ARGUMENTS: GraphQLFieldConfigArgumentMap = {
  handle: arg(strings, 'Narrows the query results based on the global sets’ handles.'),
};

const CATEGORY_ARGUMENTS: GraphQLFieldConfigArgumentMap = {
  editable: arg(
    GraphQLBoolean,
    'Whether to only return categories that the user has permission to edit.',
  ),
  group: arg(
    strings,
    'Narrows the query results based on the category groups the categories belong to per the group’s handles.',
  ),
  groupId: arg(
    queryArguments,
    'Narrows the query results based on the category groups the categories belong to, per the groups’ IDs.',
  ),
  ...STRUCTURE_ARGUMENTS,
};

const TAG_ARGUMENTS: GraphQLFieldConfigArgumentMap = {
  group: arg(
    strings,
    'Narrows the query results based on the tag groups the tags belong to per the group’s handles.',
  ),
  groupId: arg(
    queryArguments,
    'Narrows the query results based on the tag groups the tags belong to, per the groups’ IDs.',
  ),
};

const MATRIX_BLOCK_ARGUMENTS: GraphQLFieldConfigArgumentMap = {
  fieldId: arg(
    queryArguments,
    'Narrows the query results based on the field the Matrix blocks belong to, per the fields’ IDs.',
  ),
  ownerId: arg(
    queryArguments,
    'Narrows the query results based on the owner element of the Matrix blocks, per the owners’ IDs.',
  ),
  primaryOwnerId: arg(
    queryArguments,
    'Narrows the query results based on the primary owner element of the Matrix blocks, per the owners’ IDs.',
  ),
  typeId: arg(
    queryArguments,
    'Narrows the query results based on the Matrix blocks’ block types, per the types’ IDs.',
  ),
  type: arg(strings, 'Narrows the query results based on the Matrix blocks’ block type handles.'),
};

const KIND_ARGUMENTS: Record<ElementKind, GraphQLFieldConfigArgumentMap> = {
  entry: ENTRY_ARGUMENTS,
  asset: ASSET_ARGUMENTS,
  user: USER_ARGUMENTS,
  globalset: GLOBAL_SET_ARGUMENTS,
  category: CATEGORY_ARGUMENTS,
  tag: TAG_ARGUMENTS,
  matrixblock: MATRIX_BLOCK_ARGUMENTS,
};

/** Arguments about users: left out when the scope cannot query users (like `author`). */
const USER_ARGUMENTS_OF: Partial<Record<ElementKind, readonly string[]>> = {
  entry: ['authorId', 'authorGroup', 'authorGroupId'],
  asset: ['uploader'],
};

/**
 * The arguments of a kind's queries (root fields, relation fields, children...): the common ones,
 * the kind's own, then one per custom field of the layouts the scope allows (a field whose handle
 * is a built-in argument is left out: the built-in wins). Craft 5 adds `notRelatedTo`, and to
 * entries `field`, `fieldId`, `primaryOwnerId` and `ownerId`.
 */
export function kindArguments(
  kind: ElementKind,
  scope: SchemaScope,
  layoutFields: readonly Field[],
  criteriaInput: (kind: RelatableKind) => GraphQLInputObjectType,
  craftVersion: CraftVersion = '4',
): GraphQLFieldConfigArgumentMap {
  const args: GraphQLFieldConfigArgumentMap = {
    ...commonArguments(scope, criteriaInput, craftVersion),
    ...KIND_ARGUMENTS[kind],
    ...(kind === ElementKinds.entry && craftVersion === '5' && NESTED_ENTRY_ARGUMENTS),
  };
  if (!scope.canQuery(ElementKinds.user)) {
    for (const name of USER_ARGUMENTS_OF[kind] ?? []) delete args[name];
  }
  for (const field of layoutFields) {
    if (field.handle in args) continue;
    const config = customFieldArgument(field, scope);
    if (config !== null) args[field.handle] = config;
  }
  return args;
}

/** Craft 5.4's relation criteria fields, added to the kind's arguments in `<Kind>RelationCriteriaInput`. */
export const RELATION_CRITERIA_FIELDS: GraphQLFieldConfigArgumentMap = {
  relatedViaField: arg(strings, 'Narrows the relations based on the field they were created in.'),
  relatedViaSite: arg(strings, 'Narrows the relations based on the site they were created in.'),
};
