import { GraphQLList, GraphQLNonNull, GraphQLString } from 'graphql';
import type { ElementFieldMap } from './field-maps';
import type { SchemaTypes } from './schema-types';
import { ElementKinds } from '../../model/element-kinds';

/**
 * Fields of elements that live in a structure and have URLs (entries, categories): the tree
 * (`children`, `descendants`, `ancestors`, `parent`), `url`, `localized`, `prev`/`next`. Each
 * takes the kind's query arguments, which filter the related elements.
 */
export function treeFields(types: SchemaTypes, kind: 'entry' | 'category'): ElementFieldMap {
  const type = types.kindInterface(kind);
  const args = types.kindArguments(kind);
  const list = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));
  const noun = kind === ElementKinds.entry ? 'entry' : 'category';
  return {
    children: {
      type: list,
      args,
      description: `The ${noun}’s children, if the section is a structure. Accepts the same arguments as the \`${kind === ElementKinds.entry ? 'entries' : 'categories'}\` query.`,
      resolve: (source, queryArgs, context) => context.elements.children(source, queryArgs),
    },
    descendants: {
      type: list,
      args,
      description: `The ${noun}’s descendants, if the section is a structure.`,
      resolve: (source, queryArgs, context) => context.elements.descendants(source, queryArgs),
    },
    ancestors: {
      type: list,
      args,
      description: `The ${noun}’s ancestors, if the section is a structure.`,
      resolve: (source, queryArgs, context) => context.elements.ancestors(source, queryArgs),
    },
    parent: {
      type,
      args,
      description: `The ${noun}’s parent, if the section is a structure.`,
      resolve: (source, queryArgs, context) => context.elements.parent(source, queryArgs),
    },
    url: {
      type: GraphQLString,
      description: 'The element’s full URL',
      resolve: (source, _args, context) => context.values.url(source),
    },
    localized: {
      type: list,
      args,
      description: `The same element in other locales.`,
      resolve: (source, queryArgs, context) => context.elements.localized(source, queryArgs),
    },
    prev: {
      type,
      args,
      description: `Returns the previous element relative to this one, from a given set of criteria.`,
      resolve: (source, queryArgs, context) => context.elements.prev(source, queryArgs),
    },
    next: {
      type,
      args,
      description: `Returns the next element relative to this one, from a given set of criteria.`,
      resolve: (source, queryArgs, context) => context.elements.next(source, queryArgs),
    },
  };
}
