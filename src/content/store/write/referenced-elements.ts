import type { ElementKind } from '../../model/element-kinds';
import type { ElementRows, ExistingElement } from './element-rows';
import type { ProblemList } from './write-error';

// The elements a save input names (its own uid, an author, an uploader, a photo), checked to be
// what the input says they are. A mismatch is a problem of the input, not an exception, so every
// problem of one save is reported together.

/** An existing element by uid, checked to be of this kind and container. */
export async function existingElement(
  rows: ElementRows,
  uid: string | undefined,
  kind: ElementKind,
  containerId: number | null,
  problems: ProblemList,
): Promise<ExistingElement | undefined> {
  if (uid === undefined) return undefined;
  const found = await rows.byUid(uid);
  if (found !== undefined && (found.kind !== kind || found.containerId !== containerId)) {
    problems.add(`uid ${uid} belongs to another element (a ${found.kind} elsewhere)`);
    return undefined;
  }
  return found;
}

/** Adds a problem under `label` unless element `id` exists and is a `kind`. */
export async function checkElementKind(
  rows: ElementRows,
  id: number,
  kind: ElementKind,
  label: string,
  problems: ProblemList,
): Promise<void> {
  const found = await rows.byId(id);
  if (found?.kind !== kind) problems.add(`${label}: element ${id} is not a ${kind}`);
}
