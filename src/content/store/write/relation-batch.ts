import type { ContentModelIndex } from '../../model/content-model.index';
import { isRelationField, type RelationRows, type RelationSet } from './relation-rows';
import { ProblemList } from './write-error';

/** One relation field's new targets for one source: `saveRelations`' arguments. */
export interface RelationValues {
  readonly sourceId: number;
  readonly fieldId: number;
  readonly targetIds: readonly number[];
  readonly siteId?: number;
  /** The source has no rows of this field yet (created by the caller's load): none to delete. */
  readonly fresh?: boolean;
}

/**
 * `ElementWriter.saveRelations` for many values at once, with its checks and its outcome: the
 * targets of the whole batch read in one query, the sites of its sources in another, the rows
 * replaced in two statements. Returns each value's problems (empty: written); values with
 * problems write nothing, the others are written. A (source, field) pair must not repeat in
 * one batch.
 */
export async function saveRelationBatch(
  relations: RelationRows,
  model: ContentModelIndex,
  values: readonly RelationValues[],
): Promise<string[][]> {
  const problems = values.map(() => [] as string[]);
  const parsed = values.map((value, index) => {
    const field = model.field(value.fieldId);
    if (field === undefined || !isRelationField(field)) {
      problems[index].push(`field ${value.fieldId} is not a relation field`);
      return undefined;
    }
    const list = new ProblemList(problems[index]);
    if (value.siteId !== undefined && !field.translatable) {
      list.add(`field "${field.handle}": not translatable, so it has no per-site values`);
    }
    const ids = relations.parseTargets(field, value.targetIds, list);
    return ids === undefined ? undefined : { field, ids };
  });
  const targets = await relations.targetRows([
    ...new Set(parsed.flatMap((p) => (p === undefined ? [] : p.ids))),
  ]);
  const needSites = values.filter((value, index) => {
    const field = parsed[index]?.field;
    return field?.translatable === true && value.siteId === undefined;
  });
  const sites = await relations.sitesOf([...new Set(needSites.map((v) => v.sourceId))]);
  const sets: RelationSet[] = [];
  values.forEach((value, index) => {
    const entry = parsed[index];
    if (entry === undefined) return;
    const list = new ProblemList(problems[index]);
    const ids = relations.checkTargets(entry.field, entry.ids, targets, model, list);
    if (ids === undefined || problems[index].length > 0) return;
    const siteIds = entry.field.translatable
      ? value.siteId !== undefined
        ? [value.siteId]
        : (sites.get(value.sourceId) ?? [])
      : [null];
    for (const siteId of siteIds) {
      sets.push({
        fieldId: entry.field.id,
        sourceId: value.sourceId,
        siteId,
        targetIds: ids,
        fresh: value.fresh === true,
      });
    }
  });
  await relations.replaceMany(sets);
  return problems;
}
