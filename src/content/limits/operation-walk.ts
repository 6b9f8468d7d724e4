import { getDirectiveValues, GraphQLIncludeDirective, GraphQLSkipDirective, Kind } from 'graphql';
import type {
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  FragmentSpreadNode,
  InlineFragmentNode,
} from 'graphql';

/** Coerced variable values of the operation being checked. */
export type VariableValues = Readonly<Record<string, unknown>>;

/** The fragments of a document by name. */
export function fragmentsOf(document: DocumentNode): ReadonlyMap<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  return fragments;
}

/**
 * Whether `@skip`/`@include` leave a selection out, as execution would. Variables that fail to
 * coerce never get here (the limits are not checked then: execution reports them).
 */
export function isExcluded(
  node: FieldNode | FragmentSpreadNode | InlineFragmentNode,
  variables: VariableValues,
): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, variables);
  if (skip?.if === true) return true;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, variables);
  return include?.if === false;
}
