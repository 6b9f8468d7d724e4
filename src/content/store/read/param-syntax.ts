import type { Param, ParamValue } from '../element-criteria';

/**
 * Craft's element-query parameter syntax, parsed into a condition tree that SQL renderers walk
 * (param-sql.ts). Follows Craft's `Db::parseParam`: a leading `and` / `or` / `not` list item sets
 * the glue (`not` = and, every item negated); a scalar string is a comma list (`\,` escapes a
 * comma); each item may start with an operator (`not `, `!=`, `<=`, `>=`, `<`, `>`, `=`); `*` at
 * the start or end of a text is a wildcard (`\*` is a literal asterisk); `:empty:`, `:notempty:`
 * and a null item test for emptiness.
 */

export type ParamOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

export interface ParamGroup {
  readonly type: 'group';
  readonly glue: 'and' | 'or';
  readonly items: readonly ParamNode[];
}

export interface ParamComparison {
  readonly type: 'compare';
  readonly operator: ParamOperator;
  readonly value: string | number | boolean;
}

/** A text with a `*` before (`leading`) and/or after (`trailing`) it; `text` is literal. */
export interface ParamWildcard {
  readonly type: 'like';
  readonly negated: boolean;
  readonly text: string;
  readonly leading: boolean;
  readonly trailing: boolean;
}

/** Null (or, for text, the empty string); `negated`: has a value. */
export interface ParamEmpty {
  readonly type: 'empty';
  readonly negated: boolean;
}

export type ParamNode = ParamGroup | ParamComparison | ParamWildcard | ParamEmpty;

/** Longest first where one is a prefix of another (`<=` before `<`). */
const OPERATORS = ['not ', '!=', '<=', '>=', '<', '>', '='] as const;

const NEGATED: Record<ParamOperator, ParamOperator> = {
  '=': '!=',
  '!=': '=',
  '<': '>=',
  '<=': '>',
  '>': '<=',
  '>=': '<',
};

/**
 * The condition a parameter stands for, or null when it sets none (Craft ignores an empty list,
 * an empty string and a bare `not`). A top-level null is "not set" too (GraphQL passes absent
 * arguments as null); inside a list, null means empty.
 */
export function parseParam(param: Param | undefined): ParamNode | null {
  if (param === undefined || param === null) return null;
  if (typeof param === 'string' && /^not\s*$/i.test(param)) return null;
  const values: ParamValue[] = typeof param === 'string' ? splitCommaList(param) : toList(param);
  let glue: 'and' | 'or' = 'or';
  let negate = false;
  const first = values[0];
  if (typeof first === 'string') {
    const word = first.trim().toLowerCase();
    if (word === 'and' || word === 'or') {
      glue = word;
      values.shift();
    } else if (word === 'not') {
      glue = 'and';
      negate = true;
      values.shift();
    }
  }
  if (values.length === 0) return null;
  const items = values.map((value) => parseItem(value, negate));
  return items.length === 1 ? items[0] : { type: 'group', glue, items };
}

function toList(param: ParamValue | readonly ParamValue[]): ParamValue[] {
  return Array.isArray(param) ? [...(param as readonly ParamValue[])] : [param as ParamValue];
}

/** `"a, b\, c"` → `["a", "b, c"]`; empty items are dropped, as Craft does. */
export function splitCommaList(text: string): string[] {
  return text
    .split(/(?<!\\),/)
    .map((part) => part.trim().replace(/\\,/g, ','))
    .filter((part) => part !== '');
}

function parseItem(raw: ParamValue, negate: boolean): ParamNode {
  let value: ParamValue = raw;
  if (value === null) value = ':empty:';
  else if (typeof value === 'string' && value.trim().toLowerCase() === ':notempty:') {
    value = 'not :empty:';
  }

  let operator: ParamOperator = '=';
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    const found = OPERATORS.find((candidate) => lower.startsWith(candidate));
    if (found !== undefined) {
      value = value.slice(found.length);
      operator = found === 'not ' ? '!=' : found;
    }
    value = value.trim();
  }
  if (negate) operator = NEGATED[operator];

  if (typeof value !== 'string') return { type: 'compare', operator, value };
  if (value.toLowerCase() === ':empty:') return { type: 'empty', negated: operator === '!=' };
  if (operator === '=' || operator === '!=') {
    const leading = value.startsWith('*');
    const body = leading ? value.slice(1) : value;
    // A trailing `*` is a wildcard unless escaped (`\*`).
    const trailing = /(?<!\\)\*$/.test(body) && body.length > 0;
    if (leading || trailing) {
      const text = unescapeAsterisks(trailing ? body.slice(0, -1) : body);
      return { type: 'like', negated: operator === '!=', text, leading, trailing };
    }
  }
  return { type: 'compare', operator, value: unescapeAsterisks(value) };
}

function unescapeAsterisks(text: string): string {
  return text.replace(/\\\*/g, '*');
}

/**
 * The ids of a parameter that is a plain list of ids (`[3, 1, 2]`, `"3, 1, 2"`), in the order
 * given, for `fixedOrder`; null for anything else (operators, `not`, wildcards). An integer past
 * 2^53 (`1e300`) names no element and would not fit the `bigint[]` the order is read from, so it
 * is left out of the order.
 */
export function plainIdList(param: Param | undefined): number[] | null {
  const node = parseParam(param);
  if (node === null) return null;
  const items = node.type === 'group' ? (node.glue === 'or' ? node.items : []) : [node];
  const ids: number[] = [];
  for (const item of items) {
    if (item.type !== 'compare' || item.operator !== '=') return null;
    const id = Number(item.value);
    if (typeof item.value === 'boolean' || !Number.isInteger(id)) return null;
    if (Number.isSafeInteger(id)) ids.push(id);
  }
  return ids.length > 0 ? ids : null;
}
