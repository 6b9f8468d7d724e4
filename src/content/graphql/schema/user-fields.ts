import { GraphQLNonNull, GraphQLString } from 'graphql';
import { elementFields } from './element-fields';
import type { ElementFieldMap } from './field-maps';
import type { SchemaTypes } from './schema-types';
import { ElementKinds } from '../../model/element-kinds';

/**
 * `UserInterface` fields (docs/content-graphql.md#users); `photo` exists only when the scope can
 * query assets.
 */
export function userFields(types: SchemaTypes): ElementFieldMap {
  const fields: ElementFieldMap = { ...elementFields(types) };
  if (types.scope.canQuery(ElementKinds.asset)) {
    fields.photo = {
      type: types.kindInterface(ElementKinds.asset),
      description: 'The user’s photo.',
      resolve: (source, _args, context) => {
        const id = source.user?.photoId;
        return id === null || id === undefined ? null : context.elements.asset(id);
      },
    };
  }
  return {
    ...fields,
    friendlyName: {
      type: GraphQLString,
      description: 'The user’s first name or username.',
      resolve: (source, _args, context) => context.values.friendlyName(source),
    },
    fullName: {
      type: GraphQLString,
      description: 'The user’s full name.',
      resolve: (source) => source.user?.fullName ?? null,
    },
    name: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The user’s full name or username.',
      resolve: (source, _args, context) => context.values.name(source),
    },
    preferences: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'The user’s preferences.',
      resolve: (source, _args, context) => context.values.preferences(source),
    },
    preferredLanguage: {
      type: GraphQLString,
      description: 'The user’s preferred language.',
      resolve: (source, _args, context) => context.values.preferredLanguage(source),
    },
    username: {
      type: GraphQLString,
      description: 'The username.',
      resolve: (source) => source.user?.username ?? null,
    },
    firstName: {
      type: GraphQLString,
      description: 'The user’s first name.',
      resolve: (source) => source.user?.firstName ?? null,
    },
    lastName: {
      type: GraphQLString,
      description: 'The user’s last name.',
      resolve: (source) => source.user?.lastName ?? null,
    },
    email: {
      type: GraphQLString,
      description: 'The user’s email.',
      resolve: (source) => source.user?.email ?? null,
    },
  };
}
