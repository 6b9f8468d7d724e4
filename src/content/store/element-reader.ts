import type { ElementCriteria } from './element-criteria';
import type { ElementRecord, KeyedElementRecord } from './element-record';

/**
 * The content store's read side (the port the GraphQL layer uses). Every method is one database
 * query, whatever the number of ids it is given: this is what keeps list queries free of N+1.
 */
export abstract class ElementReader {
  /** Elements matching the criteria, in the criteria's order. */
  abstract find(criteria: ElementCriteria): Promise<ElementRecord[]>;

  abstract count(criteria: ElementCriteria): Promise<number>;

  /**
   * Targets of a relation field for many sources at once, each row keyed by its source id, in the
   * relation's sort order per source (unless the criteria's orderBy says otherwise); `criteria`
   * filters the targets (its offset/limit apply per source).
   */
  abstract findRelated(
    fieldId: number,
    sourceIds: readonly number[],
    sourceSiteId: number,
    criteria: ElementCriteria,
  ): Promise<KeyedElementRecord[]>;

  /**
   * Number of targets per source for `_count(field:)` (every source id is in the map, 0 when it
   * has none). Without criteria: the targets the field shows by default (default status, the
   * source's site); with criteria (scope applied): what `findRelated` would return before
   * offset and limit.
   */
  /** Every author of each entry, in order (every id is in the map; [] without authors). */
  abstract entryAuthorIds(entryIds: readonly number[]): Promise<Map<number, number[]>>;

  abstract countRelated(
    fieldId: number,
    sourceIds: readonly number[],
    sourceSiteId: number,
    criteria?: ElementCriteria,
  ): Promise<Map<number, number>>;

  /** Direct children (`dist` 1) or all descendants of many structure nodes, keyed by the ancestor. */
  abstract findDescendants(
    ancestorIds: readonly number[],
    criteria: ElementCriteria,
    directChildrenOnly: boolean,
  ): Promise<KeyedElementRecord[]>;

  /** Parent (`directParentOnly`) or all ancestors of many structure nodes, keyed by the descendant. */
  abstract findAncestors(
    descendantIds: readonly number[],
    criteria: ElementCriteria,
    directParentOnly: boolean,
  ): Promise<KeyedElementRecord[]>;

  /** Matrix blocks of many owners for one matrix field, keyed by owner, in sort order. */
  abstract findBlocks(
    fieldId: number,
    ownerIds: readonly number[],
    criteria: ElementCriteria,
  ): Promise<KeyedElementRecord[]>;
}
