import { type SQL, sql } from 'drizzle-orm';
import type { ElementCriteria } from '../element-criteria';
import { ElementKinds } from '../../model/element-kinds';
import { ElementQueryError } from './element-query-error';
import { textOrder } from './field-columns';
import { orderColumn, type RelationColumn } from './order-columns';
import { parseOrderBy } from './order-by';
import { plainIdList } from './param-syntax';
import { idArray } from './relation-sql';
import { searchSql } from './search-sql';

/**
 * The order of an element query (element-query-compiler.ts): `fixedOrder`, `orderBy`, a batch's
 * own order or Craft's default per kind, then ties broken by id and by the site preference.
 */

/** What an order needs to know of the content model. */
export interface OrderContext {
  /** The field type of a custom field handle, undefined when no field has it. */
  fieldType(handle: string): string | undefined;
  /** Entries of one structure section default to structure order. */
  isStructureSection(sectionId: number): boolean;
}

export interface OrderExpression {
  readonly expression: SQL;
  readonly descending: boolean;
  /** It reads the element row `e` alone: the elements can be sorted before any join. */
  readonly elementOnly?: boolean;
  /** It is that element column, which the relation rows carry too (order-columns.ts). */
  readonly relationColumn?: RelationColumn;
}

/** Site preference for `unique` and for ordering one element's rows: preferSites, then siteIds. */
export function sitePreference(criteria: ElementCriteria): SQL {
  const preferred = (criteria.preferSites ?? []).filter((id) => criteria.siteIds.includes(id));
  const rest = criteria.siteIds.filter((id) => !preferred.includes(id));
  return sql`array_position(${idArray([...preferred, ...rest])}, s.site_id)`;
}

export function orderSql(expression: SQL, descending: boolean): SQL {
  // Nulls order as the smallest values (as on MySQL, where most Craft sites run).
  return descending ? sql`${expression} DESC NULLS LAST` : sql`${expression} ASC NULLS FIRST`;
}

/** The query's orders; `keyedDefault`: a batch's own order, when the criteria give none. */
export function orderExpressions(
  criteria: ElementCriteria,
  context: OrderContext,
  keyedDefault?: readonly OrderExpression[],
): OrderExpression[] {
  let orders: OrderExpression[] = [];
  const fixed = criteria.fixedOrder === true ? plainIdList(criteria.id) : null;
  if (fixed !== null) {
    orders = [
      {
        expression: sql`array_position(${idArray(fixed)}, e.id)`,
        descending: false,
        elementOnly: true,
      },
    ];
  } else if (criteria.orderBy !== undefined && criteria.orderBy.trim() !== '') {
    orders = explicitOrder(criteria, context);
  }
  if (orders.length === 0) orders = [...(keyedDefault ?? defaultOrder(criteria, context))];
  // Ties are broken by id, then by the site order (an element read in several sites).
  orders.push({
    expression: sql`e.id`,
    descending: false,
    elementOnly: true,
    relationColumn: 'id',
  });
  if (criteria.siteIds.length > 1) {
    orders.push({ expression: sitePreference(criteria), descending: false });
  }
  return criteria.inReverse === true
    ? orders.map((order) => ({ ...order, descending: !order.descending }))
    : orders;
}

function explicitOrder(criteria: ElementCriteria, context: OrderContext): OrderExpression[] {
  const orders: OrderExpression[] = [];
  for (const term of parseOrderBy(criteria.orderBy ?? '')) {
    if (term.column === 'score') {
      // Without a search there is no score; Craft ignores it then.
      if (criteria.search === undefined) continue;
      const search = searchSql(criteria.kind, criteria.search, criteria.searchTermOptions);
      if (search !== null) {
        orders.push({ expression: search.score, descending: term.direction !== 'asc' });
      }
      continue;
    }
    const column = orderColumn(criteria.kind, term.column, (handle) => context.fieldType(handle));
    if (column === null) throw new ElementQueryError(`Invalid orderBy column "${term.column}"`);
    orders.push({ ...column, descending: term.direction === 'desc' });
  }
  return orders;
}

/**
 * Craft's default orders: entries newest first (a single structure section: structure order),
 * categories in structure order, matrix blocks by position, tags by title, users by username,
 * global sets as declared, assets newest first (Craft's element default).
 */
function defaultOrder(criteria: ElementCriteria, context: OrderContext): OrderExpression[] {
  // Element columns (e.*) can sort the elements before anything is joined (sortedElements in
  // element-query-compiler.ts).
  const element = (
    expression: SQL,
    descending = false,
    relationColumn?: RelationColumn,
  ): OrderExpression => ({
    expression,
    descending,
    elementOnly: true,
    ...(relationColumn && { relationColumn }),
  });
  const joined = (expression: SQL): OrderExpression => ({ expression, descending: false });
  switch (criteria.kind) {
    case ElementKinds.entry: {
      const sections = criteria.containerIds ?? [];
      if (sections.length === 1 && context.isStructureSection(sections[0])) {
        return [joined(sql`n.structure_id`), joined(sql`n.lft`)];
      }
      return [element(sql`e.post_date`, true, 'post_date'), element(sql`e.id`, true, 'id')];
    }
    case ElementKinds.category:
      return [joined(sql`n.structure_id`), joined(sql`n.lft`)];
    case ElementKinds.matrixBlock:
      return [element(sql`e.owner_id`), element(sql`e.sort_order`)];
    case ElementKinds.tag:
      return [joined(textOrder(sql`s.title`))];
    case ElementKinds.user:
      return [joined(textOrder(sql`u.login`))];
    case ElementKinds.globalSet:
      return [element(sql`e.sort_order`)];
    case ElementKinds.asset:
      return [element(sql`e.date_created`, true), element(sql`e.id`, true)];
  }
}
