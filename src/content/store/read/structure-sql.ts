import { type SQL, sql } from 'drizzle-orm';
import type { ElementCriteria } from '../element-criteria';
import { paramSql } from './param-sql';

/**
 * Structure arguments over the element's node `n` (content_structure_nodes: one nested set per
 * structure, numbered without gaps, `root_id` shared by a whole tree). Each relative argument
 * names another element `x`; an element without a node matches none of them, as in Craft.
 */
export function structureConditions(criteria: ElementCriteria, now: Date): SQL[] {
  const conditions: SQL[] = [];
  const relative = (id: number, condition: SQL) =>
    conditions.push(
      sql`EXISTS (SELECT 1 FROM content_structure_nodes x WHERE x.element_id = ${id} AND n.structure_id = x.structure_id AND ${condition})`,
    );

  if (criteria.ancestorOf !== undefined) {
    const dist =
      criteria.ancestorDist !== undefined
        ? sql` AND n.level >= x.level - ${criteria.ancestorDist}`
        : sql``;
    relative(
      criteria.ancestorOf,
      sql`n.root_id = x.root_id AND n.lft < x.lft AND n.rgt > x.rgt${dist}`,
    );
  }
  if (criteria.descendantOf !== undefined) {
    const dist =
      criteria.descendantDist !== undefined
        ? sql` AND n.level <= x.level + ${criteria.descendantDist}`
        : sql``;
    relative(
      criteria.descendantOf,
      sql`n.root_id = x.root_id AND n.lft > x.lft AND n.rgt < x.rgt${dist}`,
    );
  }
  if (criteria.nextSiblingOf !== undefined) {
    relative(criteria.nextSiblingOf, sql`n.level = x.level AND n.lft = x.rgt + 1`);
  }
  if (criteria.prevSiblingOf !== undefined) {
    relative(criteria.prevSiblingOf, sql`n.level = x.level AND n.rgt = x.lft - 1`);
  }
  if (criteria.positionedAfter !== undefined) {
    relative(criteria.positionedAfter, sql`n.lft > x.rgt`);
  }
  if (criteria.positionedBefore !== undefined) {
    relative(criteria.positionedBefore, sql`n.rgt < x.lft`);
  }

  const level = paramSql({ type: 'number', expression: sql`n.level` }, criteria.level, now);
  if (level !== null) conditions.push(level);
  if (criteria.hasDescendants === true) conditions.push(sql`n.rgt > n.lft + 1`);
  if (criteria.hasDescendants === false) conditions.push(sql`n.rgt = n.lft + 1`);
  if (criteria.leaves === true) conditions.push(sql`n.rgt = n.lft + 1`);
  return conditions;
}

/** Whether the criteria use any structure argument (the query then needs the nodes). */
export function usesStructure(criteria: ElementCriteria): boolean {
  return (
    criteria.ancestorOf !== undefined ||
    criteria.descendantOf !== undefined ||
    criteria.nextSiblingOf !== undefined ||
    criteria.prevSiblingOf !== undefined ||
    criteria.positionedAfter !== undefined ||
    criteria.positionedBefore !== undefined ||
    criteria.level !== undefined ||
    criteria.hasDescendants !== undefined ||
    criteria.leaves !== undefined
  );
}
