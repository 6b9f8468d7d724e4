import type { ContentModelIndex } from '../model/content-model.index';
import { ElementKinds } from '../model/element-kinds';
import type { ElementCriteria, RelatedTo } from '../store/element-criteria';
import type { ElementRecord, KeyedElementRecord } from '../store/element-record';
import { ElementReader } from '../store/element-reader';
import { containerTag, elementTag, OVERFLOW_TAG, USERS_TAG } from './cache-tags';

/**
 * The element reader of one request whose answer a CDN may cache: reads through `reader` and adds
 * to `tags` what the answer depends on (cache-tags.ts). Every query's containers (the sections,
 * volumes, groups it looked in, scope applied: a write there may add, drop or reorder what it
 * finds), the elements it returned, and the elements its criteria name (`relatedTo`, structure
 * positions), which may sit in a container the query did not look in. A superset: a tag too
 * many costs a purge, a tag missing a stale answer.
 */
export class TaggingReader extends ElementReader {
  constructor(
    private readonly reader: ElementReader,
    private readonly model: ContentModelIndex,
    private readonly tags: Set<string>,
  ) {
    super();
  }

  async find(criteria: ElementCriteria): Promise<ElementRecord[]> {
    this.criteria(criteria);
    const records = await this.reader.find(criteria);
    for (const record of records) this.tags.add(elementTag(record.id));
    return records;
  }

  count(criteria: ElementCriteria): Promise<number> {
    this.criteria(criteria);
    return this.reader.count(criteria);
  }

  findRelated(
    fieldId: number,
    sourceIds: readonly number[],
    sourceSiteId: number,
    criteria: ElementCriteria,
  ): Promise<KeyedElementRecord[]> {
    this.ids(sourceIds);
    this.criteria(criteria);
    return this.keyed(this.reader.findRelated(fieldId, sourceIds, sourceSiteId, criteria));
  }

  /**
   * Without criteria the targets are counted in every container: no container tag covers them,
   * so the answer gets the tag every write purges.
   */
  countRelated(
    fieldId: number,
    sourceIds: readonly number[],
    sourceSiteId: number,
    criteria?: ElementCriteria,
  ): Promise<Map<number, number>> {
    this.ids(sourceIds);
    if (criteria === undefined) this.tags.add(OVERFLOW_TAG);
    else this.criteria(criteria);
    return this.reader.countRelated(fieldId, sourceIds, sourceSiteId, criteria);
  }

  entryAuthorIds(entryIds: readonly number[]): Promise<Map<number, number[]>> {
    this.ids(entryIds);
    return this.reader.entryAuthorIds(entryIds);
  }

  findDescendants(
    ancestorIds: readonly number[],
    criteria: ElementCriteria,
    directChildrenOnly: boolean,
  ): Promise<KeyedElementRecord[]> {
    this.ids(ancestorIds);
    this.criteria(criteria);
    return this.keyed(this.reader.findDescendants(ancestorIds, criteria, directChildrenOnly));
  }

  findAncestors(
    descendantIds: readonly number[],
    criteria: ElementCriteria,
    directParentOnly: boolean,
  ): Promise<KeyedElementRecord[]> {
    this.ids(descendantIds);
    this.criteria(criteria);
    return this.keyed(this.reader.findAncestors(descendantIds, criteria, directParentOnly));
  }

  findBlocks(
    fieldId: number,
    ownerIds: readonly number[],
    criteria: ElementCriteria,
  ): Promise<KeyedElementRecord[]> {
    this.ids(ownerIds);
    this.criteria(criteria);
    return this.keyed(this.reader.findBlocks(fieldId, ownerIds, criteria));
  }

  private async keyed(found: Promise<KeyedElementRecord[]>): Promise<KeyedElementRecord[]> {
    const rows = await found;
    for (const row of rows) this.tags.add(elementTag(row.element.id));
    return rows;
  }

  private criteria(criteria: ElementCriteria): void {
    if (criteria.kind === ElementKinds.user) this.tags.add(USERS_TAG);
    for (const id of criteria.containerIds ?? []) {
      const tag = containerTag(criteria.kind, id, this.model);
      if (tag !== undefined) this.tags.add(tag);
    }
    this.relations(criteria.relatedTo);
    this.relations(criteria.notRelatedTo);
    for (const id of [
      criteria.ancestorOf,
      criteria.descendantOf,
      criteria.nextSiblingOf,
      criteria.prevSiblingOf,
      criteria.positionedAfter,
      criteria.positionedBefore,
    ]) {
      if (id !== undefined) this.tags.add(elementTag(id));
    }
    if (criteria.ownerIds !== undefined) this.ids(criteria.ownerIds);
  }

  private relations(relatedTo: RelatedTo | undefined): void {
    for (const condition of relatedTo?.conditions ?? []) {
      this.ids(condition.element ?? []);
      this.ids(condition.targetElement ?? []);
      this.ids(condition.sourceElement ?? []);
    }
  }

  private ids(ids: readonly number[]): void {
    for (const id of ids) this.tags.add(elementTag(id));
  }
}
