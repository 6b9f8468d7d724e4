import { type SQL, sql } from 'drizzle-orm';
import type { RelatedTo, RelationCondition } from '../element-criteria';
import { parseParam, type ParamNode } from './param-syntax';
import type { Param } from '../element-criteria';
import { ElementQueryError } from './element-query-error';

/**
 * Relation conditions over `content_relations`, for the element `e` in the site row `s`.
 * A relation belongs to every site of its source when `source_site_id` is null (fields that are
 * not translatable), else to that one site.
 */

export function idArray(ids: readonly number[]): SQL {
  return sql`${sql.param(ids.map(Number))}::bigint[]`;
}

/** `e` is the source: the relation must hold in the site being read. */
const AS_SOURCE = sql`r.source_id = e.id AND (r.source_site_id IS NULL OR r.source_site_id = s.site_id)`;

export function relatedToSql(relatedTo: RelatedTo): SQL | null {
  if (relatedTo.conditions.length === 0) return null;
  const parts = relatedTo.conditions.map(conditionSql);
  return sql`(${sql.join(parts, relatedTo.operator === 'and' ? sql` AND ` : sql` OR `)})`;
}

function conditionSql(condition: RelationCondition): SQL {
  const field = sql`${
    condition.fieldIds === undefined
      ? sql``
      : sql` AND r.field_id = ANY(${idArray(condition.fieldIds)})`
  }${
    condition.sourceSiteIds === undefined
      ? sql``
      : sql` AND (r.source_site_id IS NULL OR r.source_site_id = ANY(${idArray(condition.sourceSiteIds)}))`
  }`;
  const alternatives: SQL[] = [];
  const pointsAt = (ids: readonly number[]) =>
    sql`EXISTS (SELECT 1 FROM content_relations r WHERE ${AS_SOURCE} AND r.target_id = ANY(${idArray(ids)})${field})`;
  const pointedAtBy = (ids: readonly number[]) =>
    sql`EXISTS (SELECT 1 FROM content_relations r WHERE r.target_id = e.id AND r.source_id = ANY(${idArray(ids)})${field})`;
  if (condition.element !== undefined && condition.element.length > 0) {
    alternatives.push(pointsAt(condition.element), pointedAtBy(condition.element));
  }
  if (condition.targetElement !== undefined && condition.targetElement.length > 0) {
    alternatives.push(pointsAt(condition.targetElement));
  }
  if (condition.sourceElement !== undefined && condition.sourceElement.length > 0) {
    alternatives.push(pointedAtBy(condition.sourceElement));
  }
  // A condition naming no element (an empty `relatedToEntries` result) relates to nothing.
  if (alternatives.length === 0) return sql`false`;
  return sql`(${sql.join(alternatives, sql` OR `)})`;
}

/**
 * A relation field used as a filter (`relatedArticles: [12, 13]`): related through that field to
 * any of the ids (`and` list: all of them); `:empty:` no relation in the field, `not 5` not
 * related to 5.
 */
export function relationFieldSql(fieldId: number, param: Param): SQL | null {
  const node = parseParam(param);
  return node === null ? null : relationNodeSql(fieldId, node);
}

function relationNodeSql(fieldId: number, node: ParamNode): SQL {
  const related = (target: SQL) =>
    sql`EXISTS (SELECT 1 FROM content_relations r WHERE ${AS_SOURCE} AND r.field_id = ${fieldId}${target})`;
  switch (node.type) {
    case 'group':
      return sql`(${sql.join(
        node.items.map((item) => relationNodeSql(fieldId, item)),
        node.glue === 'and' ? sql` AND ` : sql` OR `,
      )})`;
    case 'empty':
      return node.negated ? related(sql``) : sql`NOT ${related(sql``)}`;
    case 'like':
      throw new ElementQueryError(`Invalid element id "${node.text}"`);
    case 'compare': {
      const id = Number(node.value);
      if (typeof node.value === 'boolean' || !Number.isSafeInteger(id)) {
        throw new ElementQueryError(`Invalid element id "${String(node.value)}"`);
      }
      if (node.operator !== '=' && node.operator !== '!=') {
        throw new ElementQueryError(`The "${node.operator}" operator does not apply to relations`);
      }
      const condition = related(sql` AND r.target_id = ${id}`);
      return node.operator === '=' ? condition : sql`NOT ${condition}`;
    }
  }
}
