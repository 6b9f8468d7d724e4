import { assertValidSchema } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { GqlSchemaDefinition } from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { ScopeGrants } from '../scope-grants';
import { buildContentSchema } from './content-schema.builder';
import type { CraftVersion } from './craft-version';

/**
 * The schema specs' setup: the content schema a token of `definition` sees on `model` (in UTC,
 * without a code-first base), checked valid before a spec looks at it.
 */
export function validContentSchema(
  model: ContentModelIndex,
  definition: GqlSchemaDefinition,
  craftVersion?: CraftVersion,
): GraphQLSchema {
  const schema = buildContentSchema(
    model,
    new ScopeGrants(definition, model),
    'UTC',
    undefined,
    craftVersion,
  );
  assertValidSchema(schema);
  return schema;
}
