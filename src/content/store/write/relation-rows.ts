import { sql } from 'drizzle-orm';
import type { Database } from '../../../infra/database/database';
import { rawRows } from '../../../infra/database/raw-rows';
import type { Field } from '../../model/content-model';
import type { RelationFieldType } from '../../model/field-types';
import type { ContentModelIndex } from '../../model/content-model.index';
import type { ElementKind } from '../../model/element-kinds';
import type { ProblemList } from './write-error';
import { isRelationFieldType, RELATION_TARGET_KINDS } from '../../model/field-types';

export function isRelationField(field: Field): field is Field & { type: RelationFieldType } {
  return isRelationFieldType(field.type);
}

export interface TargetRow {
  id: number | string;
  kind: ElementKind;
  container_id: number | string | null;
  deleted: boolean;
  group_ids: (number | string)[] | null;
}

/**
 * Relation rows (`content_relations`): validation of targets and replacement in order. Each row
 * carries its source's `post_date`, read from the source's row as it is written (element-rows.ts
 * keeps it in step when the date changes): a one-site intersection is sorted by it
 * (relation-sql.ts).
 */
export class RelationRows {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.executor;
  }

  /**
   * The targets as they will be stored: ids parsed, duplicates dropped (first wins). Each target
   * must exist, be of the field's kind and in one of its sources (sections, volumes, groups; user
   * groups for users fields); the field's limit caps the count. Problems name the field.
   */
  async validate(
    field: Field,
    targets: unknown,
    model: ContentModelIndex,
    problems: ProblemList,
    label = `field "${field.handle}"`,
  ): Promise<number[] | undefined> {
    const ids = this.parseTargets(field, targets, problems, label);
    if (ids === undefined || ids.length === 0) return ids;
    return this.checkTargets(field, ids, await this.targetRows(ids), model, problems, label);
  }

  /** Each target exists, is of the field's kind and in one of its sources (see validate). */
  checkTargets(
    field: Field,
    ids: number[],
    found: ReadonlyMap<number, TargetRow>,
    model: ContentModelIndex,
    problems: ProblemList,
    label = `field "${field.handle}"`,
  ): number[] | undefined {
    return checkTargets(field, ids, found, model, problems, label);
  }

  /** The ids of a relation value, duplicates dropped; undefined (with a problem) if invalid. */
  parseTargets(
    field: Field,
    targets: unknown,
    problems: ProblemList,
    label = `field "${field.handle}"`,
  ): number[] | undefined {
    if (targets === null) return [];
    if (!Array.isArray(targets) || !targets.every((t) => Number.isInteger(Number(t)))) {
      problems.add(`${label}: expected a list of element ids`);
      return undefined;
    }
    const ids = [...new Set((targets as unknown[]).map((t) => Number(t)))];
    if (field.limit !== null && ids.length > field.limit) {
      problems.add(
        `${label}: at most ${field.limit} related element${field.limit === 1 ? '' : 's'} allowed, got ${ids.length}`,
      );
      return undefined;
    }
    return ids;
  }

  /** What validation needs of each target, by id (one query for any number of targets). */
  async targetRows(ids: readonly number[]): Promise<Map<number, TargetRow>> {
    if (ids.length === 0) return new Map();
    const rows = await rawRows<TargetRow>(
      this.db,
      sql`SELECT e.id, e.kind, e.container_id, e.date_deleted IS NOT NULL AS deleted,
            (SELECT array_agg(g.group_id) FROM content_user_group_members g
              WHERE g.user_id = e.user_id) AS group_ids
          FROM content_elements e WHERE e.id = ANY(${sql.param([...ids])}::bigint[])`,
    );
    return new Map(rows.map((row) => [Number(row.id), row]));
  }

  /** The sites each element has content in (one query for a batch of elements). */
  async sitesOf(elementIds: readonly number[]): Promise<Map<number, number[]>> {
    const sites = new Map<number, number[]>();
    if (elementIds.length === 0) return sites;
    const rows = await rawRows<{ element_id: number | string; site_id: number | string }>(
      this.db,
      sql`SELECT element_id, site_id FROM content_element_sites
          WHERE element_id = ANY(${sql.param([...elementIds])}::bigint[])`,
    );
    for (const row of rows) {
      const id = Number(row.element_id);
      sites.set(id, [...(sites.get(id) ?? []), Number(row.site_id)]);
    }
    return sites;
  }

  /**
   * Replaces the rows of one field for one source: `siteId` null for a field that is not
   * translatable (one set for every site; any per-site rows go), else that site's rows.
   */
  replace(
    fieldId: number,
    sourceId: number,
    siteId: number | null,
    targetIds: readonly number[],
  ): Promise<void> {
    return this.replaceMany([{ fieldId, sourceId, siteId, targetIds }]);
  }

  /**
   * Many `replace`s in two statements; at most one set per field and source (the caller
   * splits batches where a pair repeats, so no set's rows are deleted by another's). Fresh
   * sets (a source with no rows of the field yet) are only inserted.
   */
  async replaceMany(sets: readonly RelationSet[]): Promise<void> {
    if (sets.length === 0) return;
    const stale = sets.filter((set) => set.fresh !== true);
    if (stale.length > 0) await this.deleteSets(stale);
    const rows = sets.flatMap((set) =>
      set.targetIds.map((targetId, index) => ({ ...set, targetId, position: index + 1 })),
    );
    if (rows.length === 0) return;
    await this.db.execute(
      sql`INSERT INTO content_relations (field_id, source_id, source_site_id, target_id, sort_order,
            source_post_date)
          SELECT v.*, e.post_date
          FROM unnest(${sql.param(rows.map((r) => r.fieldId))}::bigint[],
                      ${sql.param(rows.map((r) => r.sourceId))}::bigint[],
                      ${sql.param(rows.map((r) => r.siteId))}::bigint[],
                      ${sql.param(rows.map((r) => r.targetId))}::bigint[],
                      ${sql.param(rows.map((r) => r.position))}::int[])
            AS v(field_id, source_id, source_site_id, target_id, sort_order)
          JOIN content_elements e ON e.id = v.source_id`,
    );
  }

  private async deleteSets(sets: readonly RelationSet[]): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM content_relations r
          USING unnest(${sql.param(sets.map((s) => s.fieldId))}::bigint[],
                       ${sql.param(sets.map((s) => s.sourceId))}::bigint[],
                       ${sql.param(sets.map((s) => s.siteId))}::bigint[]) AS d(field_id, source_id, site_id)
          WHERE r.field_id = d.field_id AND r.source_id = d.source_id
            AND (d.site_id IS NULL OR r.source_site_id IS NULL OR r.source_site_id = d.site_id)`,
    );
  }
}

/** One field's targets of one source in one site (null: a field that is not translatable). */
export interface RelationSet {
  readonly fieldId: number;
  readonly sourceId: number;
  readonly siteId: number | null;
  readonly targetIds: readonly number[];
  /** The source has no rows of the field yet: nothing to delete first. */
  readonly fresh?: boolean;
}

/** Each target exists, is of the field's kind and in one of its sources (see validate). */
function checkTargets(
  field: Field,
  ids: number[],
  found: ReadonlyMap<number, TargetRow>,
  model: ContentModelIndex,
  problems: ProblemList,
  label: string,
): number[] | undefined {
  const kind = RELATION_TARGET_KINDS[field.type as RelationFieldType];
  const sources = new Set(field.sources);
  let valid = true;
  for (const id of ids) {
    const row = found.get(id);
    const refuse = (why: string) => {
      problems.add(`${label}: element ${id} ${why}`);
      valid = false;
    };
    if (row === undefined || row.deleted) refuse('does not exist');
    else if (row.kind !== kind) refuse(`is ${withArticle(row.kind)}, not ${withArticle(kind)}`);
    else if (sources.size > 0) {
      const memberOf =
        field.type === 'users'
          ? (row.group_ids ?? []).map(Number)
          : row.container_id === null
            ? []
            : [Number(row.container_id)];
      if (!memberOf.some((source) => sources.has(source))) {
        refuse(`is not in the field's sources (${sourceNames(field, model)})`);
      }
    }
  }
  return valid ? ids : undefined;
}

function sourceNames(field: Field, model: ContentModelIndex): string {
  const lookup =
    field.type === 'entries'
      ? model.sections
      : field.type === 'assets'
        ? model.volumes
        : field.type === 'categories'
          ? model.categoryGroups
          : field.type === 'tags'
            ? model.tagGroups
            : model.userGroups;
  return field.sources.map((id) => lookup.id(id)?.handle ?? String(id)).join(', ');
}

const withArticle = (kind: string) => (/^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`);
