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

/** `relatedTo: ["and", a, b, ...]`: entries related to every one (see conditionSql). */
export function isIntersection(relatedTo: RelatedTo | undefined): boolean {
  return relatedTo?.operator === 'and' && relatedTo.conditions.length > 1;
}

export function relatedToSql(relatedTo: RelatedTo): SQL | null {
  if (relatedTo.conditions.length === 0) return null;
  const intersection = isIntersection(relatedTo);
  const parts = relatedTo.conditions.map((condition) => conditionSql(condition, intersection));
  return sql`(${sql.join(parts, relatedTo.operator === 'and' ? sql` AND ` : sql` OR `)})`;
}

/**
 * One `relatedTo` condition: the element points at or is pointed at by one of the ids, tested row
 * by row (correlated), which lets a list read entries newest first and stop at its limit: the
 * fastest plan for one condition, whose matches are as dense at any site size. In an intersection
 * (`["and", a, b]`) the rows meeting both can be rare, so each condition is also written as an
 * uncorrelated `e.id IN (...)` of its related elements, which the query can start from instead:
 * its time is bounded by the smaller set of related entries (docs/content-store.md).
 */
function conditionSql(condition: RelationCondition, intersection: boolean): SQL {
  const field = sql`${
    condition.fieldIds === undefined
      ? sql``
      : sql` AND r.field_id = ANY(${idArray(condition.fieldIds)})`
  }${
    condition.sourceSiteIds === undefined
      ? sql``
      : sql` AND (r.source_site_id IS NULL OR r.source_site_id = ANY(${idArray(condition.sourceSiteIds)}))`
  }`;
  const candidates: SQL[] = [];
  const tests: SQL[] = [];
  const pointsAt = (ids: readonly number[]) => {
    candidates.push(
      sql`SELECT r.source_id FROM content_relations r WHERE r.target_id = ANY(${idArray(ids)})${field}`,
    );
    tests.push(
      sql`EXISTS (SELECT 1 FROM content_relations r WHERE ${AS_SOURCE} AND r.target_id = ANY(${idArray(ids)})${field})`,
    );
  };
  const pointedAtBy = (ids: readonly number[]) => {
    const related = sql`r.target_id FROM content_relations r WHERE r.source_id = ANY(${idArray(ids)})${field}`;
    candidates.push(sql`SELECT ${related}`);
    tests.push(sql`e.id IN (SELECT ${related})`);
  };
  if (condition.element !== undefined && condition.element.length > 0) {
    pointsAt(condition.element);
    pointedAtBy(condition.element);
  }
  if (condition.targetElement !== undefined && condition.targetElement.length > 0) {
    pointsAt(condition.targetElement);
  }
  if (condition.sourceElement !== undefined && condition.sourceElement.length > 0) {
    pointedAtBy(condition.sourceElement);
  }
  // A condition naming no element (an empty `relatedToEntries` result) relates to nothing.
  if (tests.length === 0) return sql`false`;
  const test = sql`(${sql.join(tests, sql` OR `)})`;
  return intersection
    ? sql`(e.id IN (${sql.join(candidates, sql` UNION ALL `)}) AND ${test})`
    : test;
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
      if (node.operator !== '=') return sql`NOT ${condition}`;
      // The planner turns this test into a join that reads every entry (and its wide site row);
      // given the related entries uncorrelated too, it starts from them (docs/content-store.md).
      return sql`(e.id IN (SELECT r.source_id FROM content_relations r WHERE r.field_id = ${fieldId} AND r.target_id = ${id}) AND ${condition})`;
    }
  }
}
