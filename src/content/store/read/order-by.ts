import { ElementQueryError } from './element-query-error';

/**
 * Craft's `orderBy` string: a comma list of `<column> [ASC|DESC]`. Craft's own table prefixes
 * (`elements.dateCreated`, `entries.postDate`, `structureelements.lft`, `content.title`) are
 * accepted and dropped, so orderBy values copied from Craft templates work; `RAND()` orders
 * randomly. Which columns exist depends on the element kind (order-columns.ts).
 */

export interface OrderTerm {
  /** Without a table prefix; `random` for `RAND()`. */
  readonly column: string;
  /** Null: not given (ASC, except `score`, which means best first). */
  readonly direction: 'asc' | 'desc' | null;
}

const CRAFT_TABLES = new Set([
  'elements',
  'elements_sites',
  'content',
  'entries',
  'structureelements',
  'assets',
  'users',
  'categories',
  'tags',
  'globalsets',
  'matrixblocks',
  'relations',
]);

export function parseOrderBy(text: string): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (const part of text.split(',')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const [name, direction, ...rest] = trimmed.split(/\s+/);
    const column = columnName(name);
    const parsedDirection = directionOf(direction);
    if (rest.length > 0) throw new ElementQueryError(`Invalid orderBy value "${trimmed}"`);
    terms.push({ column, direction: parsedDirection });
  }
  return terms;
}

function columnName(name: string): string {
  if (/^(rand|random)\(\)$/i.test(name)) return 'random';
  const match = /^(?:([a-z_]+)\.)?([a-zA-Z_][a-zA-Z0-9_]*)$/.exec(name);
  if (match === null || (match[1] !== undefined && !CRAFT_TABLES.has(match[1]))) {
    throw new ElementQueryError(`Invalid orderBy column "${name}"`);
  }
  return match[2];
}

function directionOf(word: string | undefined): 'asc' | 'desc' | null {
  if (word === undefined) return null;
  const lower = word.toLowerCase();
  if (lower === 'asc' || lower === 'desc') return lower;
  throw new ElementQueryError(`Invalid orderBy direction "${word}"`);
}
