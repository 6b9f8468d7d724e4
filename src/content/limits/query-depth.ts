import { Kind } from 'graphql';
import type { FragmentDefinitionNode, OperationDefinitionNode, SelectionSetNode } from 'graphql';

/**
 * The depth of an operation as Craft's webonyx QueryDepth rule measures it: the nesting level of
 * the deepest field that has a selection set, the root fields being level 0 (`{ entries { title } }`
 * is 0, `{ entries { author { name } } }` is 1). Fragments count where they are spread;
 * `@skip`/`@include` are not looked at (webonyx does not either).
 */
export function operationDepth(
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): number {
  const heights = new Map<string, number>();
  const open = new Set<string>();
  /** Levels of fields with selection sets below and including this set's fields. */
  const height = (set: SelectionSetNode): number => {
    let max = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.selectionSet !== undefined) {
          max = Math.max(max, 1 + height(selection.selectionSet));
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        max = Math.max(max, height(selection.selectionSet));
      } else {
        max = Math.max(max, fragmentHeight(selection.name.value));
      }
    }
    return max;
  };
  const fragmentHeight = (name: string): number => {
    const known = heights.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    if (fragment === undefined || open.has(name)) return 0;
    open.add(name);
    const value = height(fragment.selectionSet);
    open.delete(name);
    heights.set(name, value);
    return value;
  };
  return Math.max(0, height(operation.selectionSet) - 1);
}
