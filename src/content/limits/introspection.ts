import { GraphQLError, Kind, visit } from 'graphql';
import type {
  DocumentNode,
  FragmentDefinitionNode,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';

/** webonyx's DisableIntrospection message, as Craft answers it. */
export const INTROSPECTION_DISABLED_MESSAGE =
  'GraphQL introspection is not allowed, but the query contained __schema or __type';

const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

/**
 * webonyx's DisableIntrospection rule: one error per `__schema` or `__type` field anywhere in the
 * document, at its location. `__typename` is not introspection.
 */
export function introspectionErrors(document: DocumentNode): GraphQLError[] {
  const errors: GraphQLError[] = [];
  visit(document, {
    Field(node) {
      if (INTROSPECTION_FIELDS.has(node.name.value)) {
        errors.push(new GraphQLError(INTROSPECTION_DISABLED_MESSAGE, { nodes: node }));
      }
    },
  });
  return errors;
}

/**
 * Whether an operation is an introspection query, which the complexity and depth limits leave
 * alone (GraphiQL's introspection query is deep): its root selects `__schema` or `__type` and
 * nothing but introspection fields (`__typename` allowed). Craft 4 tests the query text for
 * `__schema` or `__type` instead, which `__typename` matches too; see docs/content-limits-cache.md.
 */
export function isIntrospectionOperation(
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): boolean {
  const names = new Set<string>();
  const seen = new Set<string>();
  const collect = (set: SelectionSetNode): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment !== undefined) collect(fragment.selectionSet);
      }
    }
  };
  collect(operation.selectionSet);
  const fields = [...names];
  return (
    fields.some((name) => INTROSPECTION_FIELDS.has(name)) &&
    fields.every((name) => name.startsWith('__'))
  );
}
