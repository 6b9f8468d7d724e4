import { GraphQLInt, GraphQLList, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import type { GraphQLFieldConfigMap } from 'graphql';
import type { Field } from '../model/content-model';
import type { ElementRecord } from '../store/element-record';
import type { RequestLoaders } from './request-loaders';

/** The relation and matrix fields the test schema exposes on entries. */
export interface TestSchemaFields {
  readonly heroImage: Field;
  readonly newsCategories: Field;
  readonly relatedArticles: Field;
  readonly contentBlocks: Field;
}

type Resolvers = GraphQLFieldConfigMap<ElementRecord, RequestLoaders>;

const simple: Resolvers = {
  id: { type: GraphQLInt },
  title: { type: GraphQLString },
  siteId: { type: GraphQLInt },
};

/**
 * A small graphql-js schema (not the generated content schema) whose resolvers call the request
 * loaders the way the generated one does, so tests see the batching of a real execution: list
 * items resolve in one tick, nested levels after their parents.
 */
export function loaderTestSchema(fields: TestSchemaFields): GraphQLSchema {
  const element = (name: string) => new GraphQLObjectType({ name, fields: simple });
  const user = element('User');
  const asset = element('Asset');
  const category = element('Category');
  const block = element('Block');
  const entry: GraphQLObjectType = new GraphQLObjectType<ElementRecord, RequestLoaders>({
    name: 'Entry',
    fields: (): Resolvers => ({
      ...simple,
      heroImage: {
        type: new GraphQLList(asset),
        resolve: (source, _args, context) => context.related(source, fields.heroImage, {}),
      },
      newsCategories: {
        type: new GraphQLList(category),
        resolve: (source, _args, context) => context.related(source, fields.newsCategories, {}),
      },
      relatedArticles: {
        type: new GraphQLList(entry),
        resolve: (source, _args, context) => context.related(source, fields.relatedArticles, {}),
      },
      contentBlocks: {
        type: new GraphQLList(block),
        resolve: (source, _args, context) => context.blocks(source, fields.contentBlocks, {}),
      },
      author: {
        type: user,
        resolve: (source, _args, context) =>
          source.authorId === null ? null : context.user(source.authorId, {}, source.siteId),
      },
      categoryCount: {
        type: GraphQLInt,
        resolve: (source, _args, context) =>
          context.relatedCount(source, fields.newsCategories.handle),
      },
      children: {
        type: new GraphQLList(entry),
        resolve: (source, _args, context) => context.children(source, {}),
      },
      parent: {
        type: entry,
        resolve: (source, _args, context) => context.parent(source, {}),
      },
      localized: {
        type: new GraphQLList(entry),
        resolve: (source, _args, context) => context.localized(source, {}),
      },
    }),
  });
  return new GraphQLSchema({
    query: new GraphQLObjectType<unknown, RequestLoaders>({
      name: 'Query',
      fields: {
        entries: {
          type: new GraphQLList(entry),
          args: {
            section: { type: new GraphQLList(GraphQLString) },
            site: { type: new GraphQLList(GraphQLString) },
            limit: { type: GraphQLInt },
          },
          resolve: (_root, args: Record<string, unknown>, context) => context.all('entry', args),
        },
      },
    }),
  });
}
