import { GraphQLObjectType, GraphQLString } from 'graphql';
import type { GraphqlRequestContext } from '../graphql-request-context';
import { rootFieldFromBase } from '../schema/base-declarations';
import type { SchemaTypes } from '../schema/schema-types';
import { assetSaveMutations } from './asset-mutations';
import { categorySaveMutations } from './category-mutations';
import { deleteMutations } from './delete-mutations';
import { entrySaveMutations } from './entry-mutations';
import { globalSetSaveMutations } from './global-set-mutations';
import { tagSaveMutations } from './tag-mutations';

/**
 * `Mutation` (Craft 3.5+): `ping`, and the save and delete mutations the schema's scope grants
 * (docs/content-mutations.md). `objects` are the schema's concrete element types, which save
 * mutations return.
 */
export function mutationType(
  types: SchemaTypes,
  objects: readonly GraphQLObjectType[],
): GraphQLObjectType {
  const byName = new Map(objects.map((object) => [object.name, object]));
  return new GraphQLObjectType<unknown, GraphqlRequestContext>({
    name: 'Mutation',
    fields: () => ({
      ping: rootFieldFromBase(
        {
          type: GraphQLString,
          description: 'This mutation is used to test API availability.',
          resolve: () => 'pong',
        },
        types.base?.mutationField('ping'),
      ),
      ...entrySaveMutations(types, byName),
      ...assetSaveMutations(types, byName),
      ...categorySaveMutations(types, byName),
      ...tagSaveMutations(types, byName),
      ...globalSetSaveMutations(types, byName),
      ...deleteMutations(types),
    }),
  });
}
