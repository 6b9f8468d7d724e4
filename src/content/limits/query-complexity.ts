import { getArgumentValues, getNamedType, isInterfaceType, isObjectType, Kind } from 'graphql';
import type {
  FieldNode,
  FragmentDefinitionNode,
  GraphQLField,
  GraphQLNamedType,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';
import { fieldCost } from './complexity-costs';
import { isExcluded, type VariableValues } from './operation-walk';

/**
 * The complexity score of an operation as Craft's webonyx QueryComplexity rule computes it: every
 * field costs its children plus one, unless Craft gives it a rule (complexity-costs.ts); inline
 * fragments and fragment spreads add their fields (every branch counts, whatever the runtime
 * type); a field unknown to its parent type costs the default; `@skip`/`@include` leave
 * selections out.
 */
export function operationComplexity(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: VariableValues,
): number {
  const root = schema.getRootType(operation.operation) ?? undefined;
  return new ComplexityWalk(schema, fragments, variables).selectionSet(
    root,
    operation.selectionSet,
  );
}

class ComplexityWalk {
  /** A fragment's score depends only on its own type condition: computed once. */
  private readonly fragmentScores = new Map<string, number>();
  /** Fragments being scored (a cycle fails validation earlier; this only keeps the walk finite). */
  private readonly open = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly variables: VariableValues,
  ) {}

  selectionSet(parent: GraphQLNamedType | undefined, set: SelectionSetNode): number {
    let score = 0;
    for (const selection of set.selections) {
      if (isExcluded(selection, this.variables)) continue;
      switch (selection.kind) {
        case Kind.FIELD:
          score += this.field(parent, selection);
          break;
        case Kind.INLINE_FRAGMENT: {
          const condition = selection.typeCondition?.name.value;
          const type = condition === undefined ? parent : this.schema.getType(condition);
          score += this.selectionSet(type, selection.selectionSet);
          break;
        }
        case Kind.FRAGMENT_SPREAD:
          score += this.fragment(selection.name.value);
          break;
      }
    }
    return score;
  }

  private fragment(name: string): number {
    const known = this.fragmentScores.get(name);
    if (known !== undefined) return known;
    const fragment = this.fragments.get(name);
    if (fragment === undefined || this.open.has(name)) return 0;
    this.open.add(name);
    const type = this.schema.getType(fragment.typeCondition.name.value);
    const score = this.selectionSet(type, fragment.selectionSet);
    this.open.delete(name);
    this.fragmentScores.set(name, score);
    return score;
  }

  private field(parent: GraphQLNamedType | undefined, node: FieldNode): number {
    const definition = parent === undefined ? undefined : fieldDefinition(parent, node.name.value);
    const childType = definition === undefined ? undefined : getNamedType(definition.type);
    const children =
      node.selectionSet === undefined ? 0 : this.selectionSet(childType, node.selectionSet);
    const cost =
      parent === undefined || definition === undefined
        ? undefined
        : fieldCost(this.schema, parent, definition);
    if (cost === undefined) return children + 1;
    return cost(children, this.givenArguments(definition as GraphQLField<unknown, unknown>, node));
  }

  /** The arguments the node gives, coerced (defaults of arguments it leaves out do not count). */
  private givenArguments(
    definition: GraphQLField<unknown, unknown>,
    node: FieldNode,
  ): Record<string, unknown> {
    let values: Record<string, unknown>;
    try {
      values = getArgumentValues(definition, node, this.variables);
    } catch {
      return {};
    }
    const given = new Set((node.arguments ?? []).map((argument) => argument.name.value));
    return Object.fromEntries(Object.entries(values).filter(([name]) => given.has(name)));
  }
}

function fieldDefinition(
  parent: GraphQLNamedType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (!isObjectType(parent) && !isInterfaceType(parent)) return undefined;
  return parent.getFields()[name];
}
