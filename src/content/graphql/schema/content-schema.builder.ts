import { GraphQLSchema } from 'graphql';
import type { ContentModelIndex } from '../../model/content-model.index';
import { applyContentDirectives } from './directive-application';
import type { ContentSchemaBase } from '../code-first/schema-base';
import { allDirectives } from './directive-definitions';
import { registerInterfaces } from './element-interfaces';
import { concreteTypes } from './element-types';
import { mutationType } from '../mutations/mutation-type';
import { queryType } from './root-query';
import { schemaDirectives } from './schema-directives';
import type { CraftVersion } from './craft-version';
import type { SchemaScope } from './schema-scope';
import { SchemaTypes } from './schema-types';

/**
 * Generates the GraphQL schema of one GraphQL schema definition from the content model: its scope
 * decides which root fields, types, fields and arguments exist
 * (docs/content-graphql.md#what-the-scope-decides-spec-25). Built with graphql-js type objects
 * because the schema differs per scope and changes with the model at run time. `timeZone` is where
 * DateTime values are presented (and @formatDateTime's default zone).
 *
 * With `base` (the code-first schema GraphQLModule builds, as served), the schema derives from
 * it: its scalars and directives, the element interfaces' declarations and static fields, and
 * the root fields' declarations and Nest resolvers. Without it (unit tests of the builder), the
 * builder's own declarations stand in; code-first/schema-base.spec.ts checks that both
 * print the same schema. `craftVersion` picks the dialect (type names, Craft 5's arguments, and
 * Craft 5.9's per-schema `@transform`/`@parseRefs`: schema-directives.ts).
 */
export function buildContentSchema(
  model: ContentModelIndex,
  scope: SchemaScope,
  timeZone: string,
  base?: ContentSchemaBase,
  craftVersion: CraftVersion = '4',
): GraphQLSchema {
  const types = new SchemaTypes(model, scope, timeZone, base, craftVersion);
  registerInterfaces(types);
  const objects = concreteTypes(types);
  const query = queryType(types);
  const schema = new GraphQLSchema({
    query,
    mutation: mutationType(types, objects),
    // Concrete types are mostly reached through interfaces only: list them so that they exist.
    types: objects,
    directives: schemaDirectives(base?.directives ?? allDirectives(timeZone), scope, craftVersion),
  });
  applyContentDirectives(schema);
  return schema;
}
