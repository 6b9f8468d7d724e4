import { GraphQLBoolean, GraphQLID, GraphQLInt, GraphQLNonNull, GraphQLString } from 'graphql';
import type { ElementFieldMap } from './field-maps';
import type { SchemaTypes } from './schema-types';

/**
 * `ElementInterface` fields (docs/content-graphql.md#fields), shared by every element type. Fields
 * whose name is a record property use graphql-js's default resolver.
 */
export function elementFields(types: SchemaTypes): ElementFieldMap {
  return {
    id: { type: GraphQLID, description: 'The ID of the entity' },
    uid: { type: GraphQLString, description: 'The UID of the entity' },
    _count: {
      type: GraphQLInt,
      description: 'Return a number of related elements for a field.',
      args: {
        field: {
          type: new GraphQLNonNull(GraphQLString),
          description: 'The handle of the field that holds the relations.',
        },
      },
      resolve: (source, args, context) => context.elements.relatedCount(source, String(args.field)),
    },
    title: { type: GraphQLString, description: 'The element’s title.' },
    slug: { type: GraphQLString, description: 'The element’s slug.' },
    uri: { type: GraphQLString, description: 'The element’s URI.' },
    enabled: { type: GraphQLBoolean, description: 'Whether the element is enabled.' },
    archived: { type: GraphQLBoolean, description: 'Whether the element is archived.' },
    siteHandle: {
      type: GraphQLString,
      description: 'The handle of the site the element is associated with.',
      resolve: (source, _args, context) => context.values.siteHandle(source),
    },
    siteId: { type: GraphQLInt, description: 'The ID of the site the element is associated with.' },
    siteSettingsId: {
      type: GraphQLID,
      description:
        'The unique identifier for an element-site relation (the element ID and site ID here).',
      resolve: (source) => `${source.id}-${source.siteId}`,
    },
    language: {
      type: GraphQLString,
      description: 'The language of the site element is associated with.',
      resolve: (source, _args, context) => context.values.language(source),
    },
    searchScore: {
      type: GraphQLInt,
      description:
        'The element’s search score, if the `search` parameter was used when querying for the element.',
      resolve: (source, _args, context) => context.values.searchScore(source),
    },
    trashed: {
      type: GraphQLBoolean,
      description: 'Whether the element has been soft-deleted.',
      resolve: (source) => source.dateDeleted !== null,
    },
    status: {
      type: GraphQLString,
      description: 'The element’s status.',
      resolve: (source, _args, context) => context.values.status(source),
    },
    dateCreated: { type: types.dateTime, description: 'The date the element was created.' },
    dateUpdated: { type: types.dateTime, description: 'The date the element was last updated.' },
  };
}

/** Structure position fields of entries in structure sections and of categories. */
export function structureFields(): ElementFieldMap {
  return {
    lft: {
      type: GraphQLInt,
      description: 'The element’s left position within its structure.',
      resolve: (source) => source.structure?.lft ?? null,
    },
    rgt: {
      type: GraphQLInt,
      description: 'The element’s right position within its structure.',
      resolve: (source) => source.structure?.rgt ?? null,
    },
    level: {
      type: GraphQLInt,
      description: 'The element’s level within its structure',
      resolve: (source) => source.structure?.level ?? null,
    },
    root: {
      type: GraphQLInt,
      description: 'The element’s structure’s root ID',
      resolve: (source) => source.structure?.root ?? null,
    },
    structureId: {
      type: GraphQLInt,
      description: 'The element’s structure ID.',
      resolve: (source) => source.structure?.structureId ?? null,
    },
  };
}
