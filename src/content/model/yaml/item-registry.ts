import { placeOf, type ModelProblems, type Where } from './problems';
import { deriveUid } from './item-uid';
import type { ParsedItem } from './parsed-model';
import { suggestion } from './did-you-mean';
import type { Located } from './yaml-map';

/** An item that passed the handle checks, with its final uid. */
export interface Registered<T extends ParsedItem> {
  readonly item: T;
  readonly uid: string;
}

/**
 * Assigns uids (given, or derived from kind and key) and checks that every uid in the model is
 * used once: the database matches items by uid, whatever their kind.
 */
export class UidRegistry {
  private readonly owners = new Map<string, { label: string; where: Where }>();

  constructor(private readonly problems: ModelProblems) {}

  claim(item: ParsedItem, label: string, kind: string, key: string): string {
    const uid = item.uid ?? deriveUid(kind, key);
    const owner = this.owners.get(uid);
    if (owner) {
      this.problems.add(
        item.where,
        `uid ${uid} is also the uid of ${owner.label} (${placeOf(owner.where)})`,
      );
    } else this.owners.set(uid, { label: `${label} "${key}"`, where: item.where });
    return uid;
  }
}

/**
 * The items of one kind (within one scope: all files, one section's entry types, one block
 * type's fields) with unique handles: a repeated handle is reported naming both places, and only
 * the first item of a handle is kept.
 */
export class HandleTable<T extends ParsedItem> {
  private readonly byHandle = new Map<string, Registered<T>>();
  readonly all: Registered<T>[] = [];

  constructor(
    items: readonly T[],
    /** e.g. `field`, `entry type` */
    readonly label: string,
    problems: ModelProblems,
    uid: (item: T) => string,
  ) {
    for (const item of items) {
      const first = this.byHandle.get(item.handle);
      if (first) {
        problems.add(
          item.where,
          `duplicate ${label} handle "${item.handle}" (first at ${placeOf(first.item.where)})`,
        );
        continue;
      }
      const registered = { item, uid: uid(item) };
      this.byHandle.set(item.handle, registered);
      this.all.push(registered);
    }
  }

  get(handle: string): Registered<T> | undefined {
    return this.byHandle.get(handle);
  }

  get handles(): string[] {
    return [...this.byHandle.keys()];
  }

  /**
   * The uids of referenced items, in order; an unknown handle or one named twice is reported at
   * the reference.
   */
  resolve(refs: readonly Located<string>[], problems: ModelProblems): string[] {
    const uids: string[] = [];
    const seen = new Set<string>();
    for (const ref of refs) {
      const found = this.get(ref.value);
      if (!found) {
        problems.add(
          ref.where,
          `unknown ${this.label} "${ref.value}"${suggestion(ref.value, this.handles)}`,
        );
        continue;
      }
      if (seen.has(ref.value)) {
        problems.add(ref.where, `${this.label} "${ref.value}" is listed twice`);
        continue;
      }
      seen.add(ref.value);
      uids.push(found.uid);
    }
    return uids;
  }
}
