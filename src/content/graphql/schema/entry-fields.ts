import { GraphQLBoolean, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLString } from 'graphql';
import type { GraphQLScalarType } from 'graphql';
import type { ElementSource } from '../graphql-request-context';
import { elementFields, structureFields } from './element-fields';
import type { ElementFieldMap } from './field-maps';
import type { SchemaTypes } from './schema-types';
import { treeFields } from './tree-fields';
import { ElementKinds } from '../../model/element-kinds';

/**
 * `EntryInterface` fields (docs/content-graphql.md#fields). Drafts and revisions do not exist in
 * this store: their flags are constant and the drafts/revisions fields and arguments are not
 * generated. `author` and `authorId` (Craft 5: also `authorIds` and `authors`) exist only when the
 * scope can query users.
 */
// eslint-disable-next-line max-lines-per-function -- a GraphQL field map: one entry per field, read as a table
export function entryFields(types: SchemaTypes): ElementFieldMap {
  const sectionOf = (sectionId: number | null) =>
    sectionId === null ? undefined : types.model.sections.id(sectionId);
  const fields: ElementFieldMap = {
    ...elementFields(types),
    ...structureFields(),
    isDraft: {
      type: GraphQLBoolean,
      description: 'Returns whether this is a draft.',
      resolve: () => false,
    },
    isRevision: {
      type: GraphQLBoolean,
      description: 'Returns whether this is a revision.',
      resolve: () => false,
    },
    revisionId: {
      type: GraphQLInt,
      description: 'The revision ID (from the `revisions` table).',
      resolve: () => null,
    },
    revisionNotes: {
      type: GraphQLString,
      description: 'The revision notes (from the `revisions` table).',
      resolve: () => null,
    },
    draftId: {
      type: GraphQLInt,
      description: 'The draft ID (from the `drafts` table).',
      resolve: () => null,
    },
    isUnpublishedDraft: {
      type: GraphQLBoolean,
      description: 'Returns whether this is an unpublished draft.',
      resolve: () => false,
    },
    draftName: {
      type: GraphQLString,
      description: 'The name of the draft.',
      resolve: () => null,
    },
    draftNotes: {
      type: GraphQLString,
      description: 'The notes for the draft.',
      resolve: () => null,
    },
    canonicalId: {
      type: GraphQLInt,
      description: 'Returns the entry’s canonical ID.',
      resolve: (source) => source.id,
    },
    canonicalUid: {
      type: GraphQLString,
      description: 'Returns the entry’s canonical UUID.',
      resolve: (source) => source.uid,
    },
    sourceId: {
      type: GraphQLInt,
      description: 'Returns the entry’s canonical ID.',
      deprecationReason:
        'this field has been deprecated since Craft 3.7.7. Use `canonicalId` instead.',
      resolve: (source) => source.id,
    },
    sourceUid: {
      type: GraphQLString,
      description: 'Returns the entry’s canonical UUID.',
      deprecationReason:
        'this field has been deprecated since Craft 3.7.7. Use `canonicalUid` instead.',
      resolve: (source) => source.uid,
    },
  };
  if (types.scope.canQuery(ElementKinds.user)) {
    const craft5 = types.craftVersion === '5';
    fields.authorId = {
      type: GraphQLInt,
      description: craft5
        ? 'The primary entry author’s ID.'
        : 'The ID of the author of this entry.',
    };
    fields.author = {
      type: types.kindInterface(ElementKinds.user),
      description: craft5 ? 'The primary entry author.' : 'The entry’s author.',
      resolve: (source, _args, context) =>
        source.authorId === null ? null : context.elements.user(source.authorId),
    };
    if (craft5) Object.assign(fields, severalAuthorsFields(types));
  }
  const craft5 = types.craftVersion === '5';
  const isBlock = (source: ElementSource) => source.kind === ElementKinds.matrixBlock;
  // Craft 5: sections are optional (nested entries have none), and nested entries tell their field.
  const sectionType = (type: GraphQLScalarType) => (craft5 ? type : new GraphQLNonNull(type));
  return {
    ...fields,
    sectionId: {
      type: sectionType(GraphQLInt),
      description: 'The ID of the section that contains the entry.',
      resolve: (source) => (isBlock(source) ? null : source.containerId),
    },
    sectionHandle: {
      type: sectionType(GraphQLString),
      description: 'The handle of the section that contains the entry.',
      resolve: (source) => (isBlock(source) ? null : sectionOf(source.containerId)?.handle),
    },
    ...(craft5 && nestedEntryFields(types)),
    typeId: {
      type: new GraphQLNonNull(GraphQLInt),
      description: 'The ID of the entry type that contains the entry.',
    },
    typeHandle: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The handle of the entry type that contains the entry.',
      resolve: (source) => {
        if (source.typeId === null) return undefined;
        const type = isBlock(source)
          ? types.model.blockTypes.id(source.typeId)
          : types.model.entryTypes.id(source.typeId);
        return type?.handle;
      },
    },
    postDate: { type: types.dateTime, description: 'The entry’s post date.' },
    expiryDate: { type: types.dateTime, description: 'The expiry date of the entry.' },
    ...treeFields(types, ElementKinds.entry),
    enabledForSite: {
      type: GraphQLBoolean,
      description: 'Whether the element is enabled for the site.',
    },
  };
}

/**
 * Craft 5.0's several authors: `authorIds` every author's id in order, `authors` those users the
 * scope can read (`author`/`authorId` stay the first, the primary author). Craft 5 has no
 * `authorIds` argument (`authorId` matches any of the authors).
 */
function severalAuthorsFields(types: SchemaTypes): ElementFieldMap {
  return {
    authorIds: {
      type: new GraphQLList(GraphQLInt),
      description: 'The entry authors’ IDs.',
      resolve: (source, _args, context) => context.elements.authorIds(source),
    },
    authors: {
      type: new GraphQLList(types.kindInterface(ElementKinds.user)),
      description: 'The entry authors.',
      resolve: async (source, _args, context) => {
        const ids = await context.elements.authorIds(source);
        const users = await Promise.all(ids.map((id) => context.elements.user(id)));
        return users.filter((user) => user !== null);
      },
    },
  };
}

/**
 * Craft 5's fields of nested entries (our matrix blocks): the field and owner that hold them and
 * their position; null on section entries. Craft 5 has no `primaryOwnerId` field on entries.
 */
function nestedEntryFields(types: SchemaTypes): ElementFieldMap {
  const fieldOf = (source: ElementSource) =>
    source.kind === ElementKinds.matrixBlock && source.containerId !== null
      ? types.model.fields.id(source.containerId)
      : undefined;
  return {
    fieldId: {
      type: GraphQLInt,
      description: 'The ID of the field that contains the entry.',
      resolve: (source) => fieldOf(source)?.id ?? null,
    },
    fieldHandle: {
      type: GraphQLString,
      description: 'The handle of the field that contains the entry.',
      resolve: (source) => fieldOf(source)?.handle ?? null,
    },
    ownerId: {
      type: GraphQLInt,
      description: 'The ID of the entry’s owner element.',
      resolve: (source) => source.ownerId,
    },
    sortOrder: {
      type: GraphQLInt,
      description: 'The entry’s position within the field that contains it.',
      resolve: (source) => source.sortOrder,
    },
  };
}
