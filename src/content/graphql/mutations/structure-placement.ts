import type { StructurePlacement } from '../../store/write/structure-nodes';
import type { ElementLookups } from '../../store/write/element-lookups';
import type { GraphqlArgs } from '../graphql-request-context';
import { mutationError, STRUCTURE_TARGET_MISSING } from './errors';
import { elementId } from './support';

/**
 * Craft's structure operations from a save mutation's arguments, the first one given winning in
 * Craft's order: `prependTo`, `appendTo` (a parent), `prependToRoot`, `appendToRoot`,
 * `insertBefore`, `insertAfter` (a sibling). A named element that does not exist is Craft's
 * `Unable to move element in a structure`; one in another structure is refused by the writer.
 */
export async function structurePlacement(
  args: GraphqlArgs,
  lookups: ElementLookups,
): Promise<StructurePlacement | undefined> {
  const target = async (value: unknown): Promise<number> => {
    const id = elementId(value);
    const found = id === undefined ? undefined : await lookups.element({ id });
    if (found === undefined) throw mutationError(STRUCTURE_TARGET_MISSING);
    return found.id;
  };
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (given(args.prependTo)) return { position: 'first', parentId: await target(args.prependTo) };
  if (given(args.appendTo)) return { position: 'last', parentId: await target(args.appendTo) };
  if (args.prependToRoot === true) return { position: 'first', parentId: null };
  if (args.appendToRoot === true) return { position: 'last', parentId: null };
  if (given(args.insertBefore)) {
    return { position: 'before', siblingId: await target(args.insertBefore) };
  }
  if (given(args.insertAfter)) {
    return { position: 'after', siblingId: await target(args.insertAfter) };
  }
  return undefined;
}
