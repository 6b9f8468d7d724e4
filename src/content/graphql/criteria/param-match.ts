import type { Param, ParamValue } from '../../store/element-criteria';

/**
 * Craft's parameter syntax evaluated in memory, for the arguments the GraphQL layer resolves
 * itself against the content model (`section`, `type`, `volume`, `group`, `handle` and their `*Id`
 * forms): Craft resolves those with `Db::parseParam` on the handle or id column, so `["not",
 * "news"]`, `"not news"`, `"new*"`, `"news, pages"` and `"> 3"` behave as they do in Craft.
 */
export function matchesParam(candidate: string | number, param: Param): boolean {
  const values: ParamValue[] = Array.isArray(param)
    ? [...(param as readonly ParamValue[])]
    : splitCommaList(param as ParamValue);
  let glue: 'and' | 'or' = 'or';
  let negateAll = false;
  const first = values[0];
  if (typeof first === 'string') {
    const word = first.trim().toLowerCase();
    if (word === 'and' || word === 'or' || word === 'not') {
      values.shift();
      glue = word === 'or' ? 'or' : 'and';
      negateAll = word === 'not';
    }
  }
  if (values.length === 0) return true;
  const text = String(candidate);
  const results = values.map((value) => {
    const matched = matchesOne(text, value);
    return negateAll ? !matched : matched;
  });
  return glue === 'and' ? results.every(Boolean) : results.some(Boolean);
}

/** A string parameter `"a, b"` is an OR list (`\,` keeps a literal comma). */
function splitCommaList(value: ParamValue): ParamValue[] {
  if (typeof value !== 'string' || !value.includes(',')) return [value];
  return value
    .split(/(?<!\\),/)
    .map((part) => part.replace(/\\,/g, ',').trim())
    .filter((part) => part !== '');
}

function matchesOne(candidate: string, value: ParamValue): boolean {
  // Handles and ids are never empty: `null` and `:empty:` match nothing.
  if (value === null) return false;
  let text = String(value).trim();
  if (text === ':empty:') return false;
  if (text === ':notempty:' || text === 'not :empty:') return true;
  let negate = false;
  const operator = /^(not\s+|!=|<=|>=|<|>|=)\s*/i.exec(text);
  if (operator !== null) {
    text = text.slice(operator[0].length);
    const op = operator[1].trim().toLowerCase();
    if (op === 'not' || op === '!=') negate = true;
    else if (op !== '=') return compare(candidate, op, text);
  }
  const matched = likeMatches(text, candidate);
  return negate ? !matched : matched;
}

function compare(candidate: string, operator: string, text: string): boolean {
  const left = Number(candidate);
  const right = Number(text);
  const numeric =
    candidate !== '' && text !== '' && Number.isFinite(left) && Number.isFinite(right);
  const order = numeric ? Math.sign(left - right) : candidate.localeCompare(text);
  switch (operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

/**
 * A `*` at the start or end is a wildcard (case-insensitive, as the store's LIKE); `\*` is a
 * literal asterisk; other text must match exactly. Plain string tests, not a regular expression
 * built from the value: any length of client text stays a cheap comparison.
 */
function likeMatches(text: string, candidate: string): boolean {
  const leading = text.startsWith('*');
  const trailing = /(?<!\\)\*$/.test(text) && text.length > (leading ? 1 : 0);
  const body = text.slice(leading ? 1 : 0, trailing ? -1 : undefined).replace(/\\\*/g, '*');
  if (!leading && !trailing) return candidate === body;
  const lowerBody = body.toLowerCase();
  const lowerCandidate = candidate.toLowerCase();
  if (leading && trailing) return lowerCandidate.includes(lowerBody);
  return leading ? lowerCandidate.endsWith(lowerBody) : lowerCandidate.startsWith(lowerBody);
}
