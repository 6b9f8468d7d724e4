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

/**
 * `oneSite`: the one site the query reads, when every element row it tests is that site's (not
 * for users, whose site row is chosen per user). A relation's site is then known without the row,
 * so a condition's related elements are exact as a set of ids and the correlated test is not
 * needed (see conditionSql).
 */
export function relatedToSql(relatedTo: RelatedTo, oneSite?: number): SQL | null {
  if (relatedTo.conditions.length === 0) return null;
  const intersection = isIntersection(relatedTo);
  if (intersection && oneSite !== undefined) return intersectionSql(relatedTo, oneSite);
  const parts = relatedTo.conditions.map((condition) => conditionSql(condition, intersection));
  return sql`(${sql.join(parts, relatedTo.operator === 'and' ? sql` AND ` : sql` OR `)})`;
}

/**
 * `["and", a, b, ...]` in one site: the elements related to every one, as one set of ids
 * (`INTERSECT` of each condition's related elements), which the query starts from. Two tags of
 * 1,000 entries each that share 500 then cost 500 element rows, where one candidate set per
 * condition and a correlated test per row read 1,000 element rows and probed the relations
 * twice per match (docs/content-store.md).
 */
function intersectionSql(relatedTo: RelatedTo, oneSite: number): SQL {
  const sets = relatedTo.conditions.map((condition) => relatedElements(condition, oneSite));
  if (sets.some((set) => set.length === 0)) return sql`false`;
  const union = (set: SQL[]) => sql`(${sql.join(set, sql` UNION ALL `)})`;
  return sql`(e.id IN (${sql.join(sets.map(union), sql` INTERSECT `)}))`;
}

/** The condition's field and source-site restrictions on `r`. */
function relationFilter(condition: RelationCondition): SQL {
  return sql`${
    condition.fieldIds === undefined
      ? sql``
      : sql` AND r.field_id = ANY(${idArray(condition.fieldIds)})`
  }${
    condition.sourceSiteIds === undefined
      ? sql``
      : sql` AND (r.source_site_id IS NULL OR r.source_site_id = ANY(${idArray(condition.sourceSiteIds)}))`
  }`;
}

/**
 * Calls `pointsAt` for each id list the element must point at (as the relation's source) and
 * `pointedAtBy` for each it must be pointed at by, as the condition says; nothing when it names
 * no element.
 */
function eachSide(
  condition: RelationCondition,
  pointsAt: (ids: readonly number[]) => void,
  pointedAtBy: (ids: readonly number[]) => void,
): void {
  const named = (ids: readonly number[] | undefined): ids is readonly number[] =>
    ids !== undefined && ids.length > 0;
  if (named(condition.element)) {
    pointsAt(condition.element);
    pointedAtBy(condition.element);
  }
  if (named(condition.targetElement)) pointsAt(condition.targetElement);
  if (named(condition.sourceElement)) pointedAtBy(condition.sourceElement);
}

/**
 * The ids of the elements related by one condition, as SELECTs to unite: sources whose relation
 * holds (in `site`, when given), and targets of the named sources. None when the condition names
 * no element.
 */
function relatedElements(condition: RelationCondition, site?: number): SQL[] {
  const filter = relationFilter(condition);
  const inSite =
    site === undefined ? sql`` : sql` AND (r.source_site_id IS NULL OR r.source_site_id = ${site})`;
  const selects: SQL[] = [];
  eachSide(
    condition,
    (ids) =>
      selects.push(
        sql`SELECT r.source_id FROM content_relations r WHERE r.target_id = ANY(${idArray(ids)})${filter}${inSite}`,
      ),
    (ids) =>
      selects.push(
        sql`SELECT r.target_id FROM content_relations r WHERE r.source_id = ANY(${idArray(ids)})${filter}`,
      ),
  );
  return selects;
}

/**
 * One `relatedTo` condition: the element points at or is pointed at by one of the ids, tested row
 * by row (correlated), which lets a list read entries newest first and stop at its limit: the
 * fastest plan for one condition, whose matches are as dense at any site size. In an intersection
 * (`["and", a, b]`) over several sites the rows meeting both can be rare, so each condition is
 * also written as an uncorrelated `e.id IN (...)` of its related elements, which the query can
 * start from instead: its time is bounded by the smaller set of related entries
 * (docs/content-store.md).
 */
function conditionSql(condition: RelationCondition, intersection: boolean): SQL {
  const field = relationFilter(condition);
  const tests: SQL[] = [];
  eachSide(
    condition,
    (ids) =>
      tests.push(
        sql`EXISTS (SELECT 1 FROM content_relations r WHERE ${AS_SOURCE} AND r.target_id = ANY(${idArray(ids)})${field})`,
      ),
    (ids) =>
      tests.push(
        sql`e.id IN (SELECT r.target_id FROM content_relations r WHERE r.source_id = ANY(${idArray(ids)})${field})`,
      ),
  );
  // A condition naming no element (an empty `relatedToEntries` result) relates to nothing.
  if (tests.length === 0) return sql`false`;
  const test = sql`(${sql.join(tests, sql` OR `)})`;
  if (!intersection) return test;
  const candidates = relatedElements(condition);
  return sql`(e.id IN (${sql.join(candidates, sql` UNION ALL `)}) AND ${test})`;
}

/**
 * A relation field used as a filter (`relatedArticles: [12, 13]`): related through that field to
 * any of the ids (`and` list: all of them); `:empty:` no relation in the field, `not 5` not
 * related to 5.
 */
export function relationFieldSql(fieldId: number, param: Param, oneSite?: number): SQL | null {
  const node = parseParam(param);
  return node === null ? null : relationNodeSql(fieldId, node, oneSite);
}

function relationNodeSql(fieldId: number, node: ParamNode, oneSite: number | undefined): SQL {
  const related = (target: SQL) =>
    sql`EXISTS (SELECT 1 FROM content_relations r WHERE ${AS_SOURCE} AND r.field_id = ${fieldId}${target})`;
  switch (node.type) {
    case 'group':
      return sql`(${sql.join(
        node.items.map((item) => relationNodeSql(fieldId, item, oneSite)),
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
      // In one site that set is exact and the test is not needed (relatedToSql).
      const sources = sql`SELECT r.source_id FROM content_relations r WHERE r.field_id = ${fieldId} AND r.target_id = ${id}`;
      if (oneSite !== undefined) {
        return sql`(e.id IN (${sources} AND (r.source_site_id IS NULL OR r.source_site_id = ${oneSite})))`;
      }
      return sql`(e.id IN (${sources}) AND ${condition})`;
    }
  }
}
