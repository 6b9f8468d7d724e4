import { type SQL, sql } from 'drizzle-orm';
import type { Param } from '../element-criteria';
import { ElementQueryError } from './element-query-error';
import { parseDateValue } from './param-dates';
import { type ParamNode, type ParamOperator, parseParam } from './param-syntax';

/**
 * How a column compares: `text` case-insensitively (as Craft on MySQL, what most Craft users
 * know), `exactText` as stored (uids, slugs, URIs: their indexes stay usable), `list` a jsonb
 * array that must contain the value (checkboxes, multi-select).
 */
export type ParamColumnType = 'number' | 'text' | 'exactText' | 'boolean' | 'date' | 'list';

export interface ParamColumn {
  readonly expression: SQL;
  readonly type: ParamColumnType;
}

const INT32_MAX = 2 ** 31 - 1;

const SQL_OPERATORS: Record<ParamOperator, string> = {
  '=': '=',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

/** The SQL condition of a Craft parameter on one column; null when the parameter sets none. */
export function paramSql(column: ParamColumn, param: Param | undefined, now: Date): SQL | null {
  const node = parseParam(param);
  return node === null ? null : nodeSql(column, node, now);
}

export function nodeSql(column: ParamColumn, node: ParamNode, now: Date): SQL {
  switch (node.type) {
    case 'group':
      return groupSql(column, node.glue, node.items, now);
    case 'empty':
      return emptySql(column, node.negated);
    case 'like':
      return likeSql(column, node.text, node.leading, node.trailing, node.negated);
    case 'compare':
      return compareSql(column, node.operator, node.value, now);
  }
}

function groupSql(
  column: ParamColumn,
  glue: 'and' | 'or',
  items: readonly ParamNode[],
  now: Date,
): SQL {
  const parts: SQL[] = [];
  // `a OR b OR c` on an indexed column reads better (and plans better) as `IN (a, b, c)`.
  const inList = column.type === 'number' || column.type === 'exactText';
  const equalTo: SQL[] = [];
  for (const item of items) {
    if (inList && glue === 'or' && item.type === 'compare' && item.operator === '=') {
      equalTo.push(scalarParam(column, item.value));
    } else parts.push(nodeSql(column, item, now));
  }
  if (equalTo.length === 1) parts.unshift(sql`${column.expression} = ${equalTo[0]}`);
  if (equalTo.length > 1) {
    parts.unshift(sql`${column.expression} IN (${sql.join(equalTo, sql`, `)})`);
  }
  return sql`(${sql.join(parts, glue === 'and' ? sql` AND ` : sql` OR `)})`;
}

function emptySql(column: ParamColumn, negated: boolean): SQL {
  const c = column.expression;
  switch (column.type) {
    case 'text':
    case 'exactText':
      return negated ? sql`(${c} IS NOT NULL AND ${c} <> '')` : sql`(${c} IS NULL OR ${c} = '')`;
    case 'boolean':
      // Craft: an empty lightswitch is off.
      return negated ? sql`(${c} IS TRUE)` : sql`(${c} IS NOT TRUE)`;
    case 'list': {
      const length = sql`coalesce(jsonb_array_length(CASE WHEN jsonb_typeof(${c}) = 'array' THEN ${c} END), 0)`;
      return negated ? sql`(${length} > 0)` : sql`(${length} = 0)`;
    }
    case 'number':
    case 'date':
      return negated ? sql`(${c} IS NOT NULL)` : sql`(${c} IS NULL)`;
  }
}

function likeSql(
  column: ParamColumn,
  text: string,
  leading: boolean,
  trailing: boolean,
  negated: boolean,
): SQL {
  const pattern = `${leading ? '%' : ''}${escapeLike(text)}${trailing ? '%' : ''}`;
  const c = column.expression;
  switch (column.type) {
    case 'text':
    case 'exactText':
      return negated ? sql`(${c} NOT ILIKE ${pattern})` : sql`(${c} ILIKE ${pattern})`;
    case 'list': {
      const match = sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(${c}) = 'array' THEN ${c} ELSE '[]'::jsonb END) AS item(value) WHERE item.value ILIKE ${pattern})`;
      return negated ? sql`(NOT ${match})` : sql`(${match})`;
    }
    case 'number':
      throw new ElementQueryError(
        `Invalid numeric value "${wildcardText(text, leading, trailing)}"`,
      );
    case 'date':
      throw new ElementQueryError(`Invalid date value "${wildcardText(text, leading, trailing)}"`);
    case 'boolean':
      throw new ElementQueryError(
        `Invalid boolean value "${wildcardText(text, leading, trailing)}"`,
      );
  }
}

function compareSql(
  column: ParamColumn,
  operator: ParamOperator,
  value: string | number | boolean,
  now: Date,
): SQL {
  const c = column.expression;
  const op = sql.raw(SQL_OPERATORS[operator]);
  switch (column.type) {
    case 'number':
      return sql`(${c} ${op} ${scalarParam(column, value)})`;
    case 'exactText':
      return sql`(${c} ${op} ${String(value)})`;
    case 'text':
      return operator === '=' || operator === '!='
        ? sql`(lower(${c}) ${op} lower(${String(value)}))`
        : sql`(${c} ${op} ${String(value)})`;
    case 'date':
      return sql`(${c} ${op} ${parseDateValue(value, now).toISOString()}::timestamptz)`;
    case 'boolean': {
      const on = booleanValue(value) !== (operator === '!=');
      return on ? sql`(${c} IS TRUE)` : sql`(${c} IS NOT TRUE)`;
    }
    case 'list': {
      if (operator !== '=' && operator !== '!=') {
        throw new ElementQueryError(`The "${operator}" operator does not apply to a list field`);
      }
      const contains = sql`coalesce(${c} @> jsonb_build_array(${String(value)}::text), false)`;
      return operator === '=' ? sql`(${contains})` : sql`(NOT ${contains})`;
    }
  }
}

/**
 * A number parameter. Integers go as they are so PostgreSQL types them like the column (an id
 * compared with a numeric would not use the primary key), those beyond 32 bits as bigint (typed
 * like an integer column, such as an asset's width, they would fail the query); fractions and
 * larger numbers are cast to numeric.
 */
function scalarParam(column: ParamColumn, value: string | number | boolean): SQL {
  if (column.type !== 'number') return sql`${String(value)}`;
  const text = typeof value === 'string' ? value.trim() : value;
  if (typeof text === 'boolean' || text === '' || !Number.isFinite(Number(text))) {
    throw new ElementQueryError(`Invalid numeric value "${String(value)}"`);
  }
  const number = Number(text);
  if (!Number.isSafeInteger(number)) return sql`${String(number)}::numeric`;
  return Math.abs(number) <= INT32_MAX ? sql`${number}` : sql`${number}::bigint`;
}

/** Lightswitch values given as text: Craft's PHP truthiness, minus its `"false"` surprise. */
function booleanValue(value: string | number | boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return !['', '0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

/** `%`, `_` and `\` taken literally (PostgreSQL's default LIKE escape is the backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function wildcardText(text: string, leading: boolean, trailing: boolean): string {
  return `${leading ? '*' : ''}${text}${trailing ? '*' : ''}`;
}
