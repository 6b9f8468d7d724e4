import { type SQL, sql } from 'drizzle-orm';
import type { RelatedTo, RelationCondition } from '../element-criteria';
import { type ParamComparison, parseParam, type ParamNode } from './param-syntax';
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
 * `relatedTo` tested row by row (any site; see relationConditions for one site). Also used for
 * `notRelatedTo`. At least one condition.
 */
export function relatedToSql(relatedTo: RelatedTo): SQL {
  const intersection = isIntersection(relatedTo);
  const parts = relatedTo.conditions.map((condition) => conditionSql(condition, intersection));
  return sql`(${sql.join(parts, relatedTo.operator === 'and' ? sql` AND ` : sql` OR `)})`;
}

/** A relation field used as a filter: the field and the filter's parameter. */
export interface RelationFieldFilter {
  readonly fieldId: number;
  readonly param: Param;
}

/**
 * A query's relation conditions: tests on `e`, and in one site the set every match is in, which
 * the query can read its elements from (element-query-compiler.ts).
 */
export interface RelationSql {
  readonly tests: SQL[];
  readonly idSet: IdSet | null;
}

/** The ids every match is in, as a condition on `e` and as a query of `(id, post_date)` rows. */
export interface IdSet {
  /** `e.id = ANY(ARRAY(... INTERSECT ...))`. */
  readonly condition: SQL;
  /**
   * The same ids with each element's post date: a source's from its relation row, so an
   * intersection of sources is sorted newest first from the relation index alone.
   */
  readonly dated: SQL;
}

/** One SELECT of related elements: their ids, or `(id, post_date)` rows (IdSet.dated). */
interface RelatedSelect {
  readonly ids: SQL;
  readonly dated: SQL;
}

/** The sources of the relation rows `r` matching `where`. */
function sourcesWhere(where: SQL): RelatedSelect {
  return {
    ids: sql`SELECT r.source_id FROM content_relations r WHERE ${where}`,
    dated: sql`SELECT r.source_id, r.source_post_date FROM content_relations r WHERE ${where}`,
  };
}

/** The targets of the relation rows `r` matching `where`. */
function targetsWhere(where: SQL): RelatedSelect {
  return {
    ids: sql`SELECT r.target_id FROM content_relations r WHERE ${where}`,
    dated: sql`SELECT r.target_id, t.post_date FROM content_relations r JOIN content_elements t ON t.id = r.target_id WHERE ${where}`,
  };
}

/**
 * A query's `relatedTo` and relation field filters as conditions on `e`.
 *
 * In one site (`oneSite`), each condition that is exact as a set of ids is one set: each
 * condition of `relatedTo: ["and", a, b, ...]`, a field filter's target (`keywords: 5`; each of
 * an `and` list). All sets are intersected in one `e.id = ANY(ARRAY(... INTERSECT ...))` that
 * the query starts from: two tags of 1,000 entries each that share 500 then cost 500 element
 * rows, where a candidate set per condition and a test per row read 1,000 element rows and
 * probed the relations twice per match (docs/content-store.md). A `relatedTo` of one condition
 * (or of alternatives) joins the sets only when there is another set; alone it stays a test per
 * row, which lets a list read entries newest first and stop at its limit (see conditionSql).
 */
export function relationConditions(
  relatedTo: RelatedTo | undefined,
  fieldFilters: readonly RelationFieldFilter[],
  oneSite?: number,
): RelationSql {
  const tests: SQL[] = [];
  const sets: RelatedSelect[][] = [];
  for (const { fieldId, param } of fieldFilters) {
    const node = parseParam(param);
    if (node === null) continue;
    const fieldSets = oneSite === undefined ? null : relationFieldSets(fieldId, node, oneSite);
    if (fieldSets === null) tests.push(relationNodeSql(fieldId, node, oneSite));
    else sets.push(...fieldSets);
  }
  if (relatedTo !== undefined && relatedTo.conditions.length > 0) {
    if (oneSite === undefined) tests.push(relatedToSql(relatedTo));
    else if (isIntersection(relatedTo)) {
      sets.push(...relatedTo.conditions.map((condition) => relatedElements(condition, oneSite)));
    } else if (sets.length > 0) {
      sets.push(relatedTo.conditions.flatMap((condition) => relatedElements(condition, oneSite)));
    } else tests.push(relatedToSql(relatedTo));
  }
  // A condition naming no element (an empty `relatedToEntries` result) relates to nothing.
  if (sets.some((set) => set.length === 0)) return { tests: [sql`false`], idSet: null };
  const union = (set: SQL[]) => sql`(${sql.join(set, sql` UNION ALL `)})`;
  if (sets.length === 1) tests.push(sql`(e.id IN ${union(sets[0].map((s) => s.ids))})`);
  if (sets.length <= 1) return { tests, idSet: null };
  const intersection = (pick: (select: RelatedSelect) => SQL) =>
    sql.join(
      sets.map((set) => union(set.map(pick))),
      sql` INTERSECT `,
    );
  // An array, not `IN`: the planner then reads the intersection's elements by key whatever it
  // estimates. From the tags' frequencies (1,000 rows for a 499-row intersection), `IN` was
  // hashed against a scan of every element: 46 ms against 4 ms at 100,000 entries.
  const condition = sql`e.id = ANY(ARRAY(${intersection((s) => s.ids)}))`;
  return { tests, idSet: { condition, dated: intersection((s) => s.dated) } };
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
function relatedElements(condition: RelationCondition, site?: number): RelatedSelect[] {
  const filter = relationFilter(condition);
  const inSite =
    site === undefined ? sql`` : sql` AND (r.source_site_id IS NULL OR r.source_site_id = ${site})`;
  const selects: RelatedSelect[] = [];
  eachSide(
    condition,
    (ids) => selects.push(sourcesWhere(sql`${oneOf(sql`r.target_id`, ids)}${filter}${inSite}`)),
    (ids) => selects.push(targetsWhere(sql`${oneOf(sql`r.source_id`, ids)}${filter}`)),
  );
  return selects;
}

/**
 * `column` is one of the ids; one id is compared as a scalar. A prepared statement is planned
 * with its values five times, then kept on a generic plan if that costs no more: a generic plan
 * estimates `= ANY($1)` as ten ids, which priced a one-site intersection of two tags ten times
 * higher than its custom plans, so every request was planned again (0.4 ms at 1,000 entries,
 * 0.5–1.5 ms at 100,000 on PostgreSQL; docs/content-store.md). The plan is the same either way.
 */
function oneOf(column: SQL, ids: readonly number[]): SQL {
  return ids.length === 1
    ? sql`${column} = ${Number(ids[0])}`
    : sql`${column} = ANY(${idArray(ids)})`;
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
  const candidates = relatedElements(condition).map((select) => select.ids);
  return sql`(e.id IN (${sql.join(candidates, sql` UNION ALL `)}) AND ${test})`;
}

/**
 * A relation field used as a filter (`relatedArticles: [12, 13]`): related through that field to
 * any of the ids (`and` list: all of them); `:empty:` no relation in the field, `not 5` not
 * related to 5. Tested per row; in one site its lists are sets instead (relationFieldSets).
 */
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
      const id = targetId(node);
      const condition = related(sql` AND r.target_id = ${id}`);
      if (node.operator !== '=') return sql`NOT ${condition}`;
      // The planner turns this test into a join that reads every entry (and its wide site row);
      // given the related entries uncorrelated too, it starts from them (docs/content-store.md).
      // In one site that set is exact and the test is not needed (relationFieldSets).
      const sources = sql`SELECT r.source_id FROM content_relations r WHERE r.field_id = ${fieldId} AND r.target_id = ${id}`;
      if (oneSite !== undefined) {
        return sql`(e.id IN (${sources} AND (r.source_site_id IS NULL OR r.source_site_id = ${oneSite})))`;
      }
      return sql`(e.id IN (${sources}) AND ${condition})`;
    }
  }
}

/**
 * A relation field filter in one site as sets of ids to intersect: `5` the elements pointing at
 * 5 through the field, `[5, 6]` at either, `and, 5, 6` one set for each. Null for a filter that
 * is not such a list (`:empty:`, `not 5`), which is tested per row.
 */
function relationFieldSets(
  fieldId: number,
  node: ParamNode,
  site: number,
): RelatedSelect[][] | null {
  const sources = (targets: readonly number[]) => [
    sourcesWhere(
      sql`r.field_id = ${fieldId} AND ${oneOf(sql`r.target_id`, targets)} AND (r.source_site_id IS NULL OR r.source_site_id = ${site})`,
    ),
  ];
  if (node.type === 'compare') {
    return node.operator === '=' ? [sources([targetId(node)])] : null;
  }
  if (node.type !== 'group') return null;
  if (node.glue === 'or') {
    const ids: number[] = [];
    for (const item of node.items) {
      if (item.type !== 'compare' || item.operator !== '=') return null;
      ids.push(targetId(item));
    }
    return [sources(ids)];
  }
  const sets: RelatedSelect[][] = [];
  for (const item of node.items) {
    const itemSets = relationFieldSets(fieldId, item, site);
    if (itemSets === null) return null;
    sets.push(...itemSets);
  }
  return sets;
}

/** The element id a relation filter compares with (`=` or `!=` only). */
function targetId(node: ParamComparison): number {
  const id = Number(node.value);
  if (typeof node.value === 'boolean' || !Number.isSafeInteger(id)) {
    throw new ElementQueryError(`Invalid element id "${String(node.value)}"`);
  }
  if (node.operator !== '=' && node.operator !== '!=') {
    throw new ElementQueryError(`The "${node.operator}" operator does not apply to relations`);
  }
  return id;
}
