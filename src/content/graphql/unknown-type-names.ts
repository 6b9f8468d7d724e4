import { Kind, visit } from 'graphql';
import type { DocumentNode, GraphQLSchema } from 'graphql';

/**
 * Names of types the document mentions (fragment conditions, variable types) that the schema does
 * not have. Craft's type loader fails on them, which a production client sees as the generic error.
 */
export function unknownTypeNames(document: DocumentNode, schema: GraphQLSchema): string[] {
  const unknown = new Set<string>();
  visit(document, {
    [Kind.NAMED_TYPE](node) {
      if (schema.getType(node.name.value) === undefined) unknown.add(node.name.value);
    },
  });
  return [...unknown];
}
