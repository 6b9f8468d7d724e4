import { type SQL, sql } from 'drizzle-orm';
import type { ParamColumn } from './param-sql';

/**
 * A custom field's value in the per-site `fields` jsonb (`s.fields`), as a typed SQL value for
 * filters and ordering. Values of the wrong JSON type read as null rather than failing the
 * whole query on a cast.
 */

const RELATION_TYPES = new Set(['entries', 'assets', 'categories', 'tags', 'users']);
const LIST_TYPES = new Set(['checkboxes', 'multiSelect']);
/** Values that are neither filtered nor ordered by (their content lives elsewhere or is rows). */
const STRUCTURED_TYPES = new Set(['matrix', 'addresses', 'contentBlock', 'table', 'json']);

export function isRelationFieldType(fieldType: string): boolean {
  return RELATION_TYPES.has(fieldType);
}

export function isStructuredFieldType(fieldType: string): boolean {
  return STRUCTURED_TYPES.has(fieldType);
}

/** The value of a non-relation field for filters: numeric, boolean, date, list or text. */
export function fieldColumn(handle: string, fieldType: string): ParamColumn {
  const json = sql`(s.fields->(${handle}::text))`;
  const text = sql`(s.fields->>(${handle}::text))`;
  switch (fieldType) {
    case 'money':
    case 'range':
    case 'number':
      return {
        type: 'number',
        expression: sql`(CASE WHEN jsonb_typeof(${json}) = 'number' THEN ${text}::numeric END)`,
      };
    case 'lightswitch':
      return {
        type: 'boolean',
        expression: sql`(CASE WHEN jsonb_typeof(${json}) = 'boolean' THEN ${text}::boolean END)`,
      };
    case 'date':
      return {
        type: 'date',
        expression: sql`(CASE WHEN jsonb_typeof(${json}) = 'string' AND ${text} <> '' THEN ${text}::timestamptz END)`,
      };
  }
  if (LIST_TYPES.has(fieldType)) return { type: 'list', expression: json };
  return { type: 'text', expression: text };
}

/** Ordering by a field: lists order by their JSON text; null for fields that cannot order. */
export function fieldOrderColumn(handle: string, fieldType: string): ParamColumn | null {
  if (isRelationFieldType(fieldType) || isStructuredFieldType(fieldType)) return null;
  const column = fieldColumn(handle, fieldType);
  return column.type === 'list'
    ? { type: 'text', expression: sql`(${column.expression})::text` }
    : column;
}

export function fieldExpressionForOrder(column: ParamColumn): SQL {
  return column.type === 'text' ? textOrder(column.expression) : column.expression;
}

/**
 * Text orders case-insensitively in byte order, so that PostgreSQL servers with any default
 * collation and PGlite sort alike.
 */
export function textOrder(expression: SQL): SQL {
  return sql`lower(${expression}) COLLATE "C"`;
}
