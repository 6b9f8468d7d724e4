import { GraphQLInt, GraphQLNonNull, GraphQLString } from 'graphql';
import type { ModelItem } from '../../model/content-model';
import { elementFields, structureFields } from './element-fields';
import type { ElementFieldMap } from './field-maps';
import type { SchemaTypes } from './schema-types';
import { treeFields } from './tree-fields';
import { ElementKinds } from '../../model/element-kinds';

function groupFields(group: (id: number) => ModelItem | undefined, noun: string): ElementFieldMap {
  return {
    groupId: {
      type: new GraphQLNonNull(GraphQLInt),
      description: `The ID of the group that contains the ${noun}.`,
      resolve: (source) => source.containerId,
    },
    groupHandle: {
      type: new GraphQLNonNull(GraphQLString),
      description: `The handle of the group that contains the ${noun}.`,
      resolve: (source) =>
        source.containerId === null ? undefined : group(source.containerId)?.handle,
    },
  };
}

/** `CategoryInterface` fields (docs/content-graphql.md#fields). */
export function categoryFields(types: SchemaTypes): ElementFieldMap {
  return {
    ...elementFields(types),
    ...structureFields(),
    ...groupFields((id) => types.model.categoryGroups.id(id), 'category'),
    ...treeFields(types, ElementKinds.category),
  };
}

/** `TagInterface` fields (docs/content-graphql.md#fields). */
export function tagFields(types: SchemaTypes): ElementFieldMap {
  return {
    ...elementFields(types),
    ...groupFields((id) => types.model.tagGroups.id(id), 'tag'),
  };
}

/** `GlobalSetInterface` fields (docs/content-graphql.md#fields). */
export function globalSetFields(types: SchemaTypes): ElementFieldMap {
  const set = (id: number | null) => (id === null ? undefined : types.model.globalSets.id(id));
  return {
    ...elementFields(types),
    name: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The name of the global set.',
      resolve: (source) => set(source.containerId)?.name,
    },
    handle: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The handle of the global set.',
      resolve: (source) => set(source.containerId)?.handle,
    },
  };
}

/**
 * `MatrixBlockInterface` fields (docs/content-graphql.md#fields; `ownerId` of 3.x and
 * `primaryOwnerId` of 4.x).
 */
export function matrixBlockFields(types: SchemaTypes): ElementFieldMap {
  return {
    ...elementFields(types),
    fieldId: {
      type: new GraphQLNonNull(GraphQLInt),
      description: 'The ID of the field that owns the matrix block.',
      resolve: (source) => source.containerId,
    },
    ownerId: {
      type: GraphQLInt,
      description: 'The ID of the element that owns the matrix block.',
    },
    primaryOwnerId: {
      type: new GraphQLNonNull(GraphQLInt),
      description: 'The ID of the primary owner of the Matrix block.',
      resolve: (source) => source.ownerId,
    },
    typeId: {
      type: new GraphQLNonNull(GraphQLInt),
      description: 'The ID of the matrix block’s type.',
    },
    typeHandle: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The handle of the matrix block’s type.',
      resolve: (source) =>
        source.typeId === null ? undefined : types.model.blockTypes.id(source.typeId)?.handle,
    },
    sortOrder: {
      type: GraphQLInt,
      description: 'The sort order of the matrix block within the owner element field.',
    },
  };
}
