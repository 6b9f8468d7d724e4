import type { SearchTermOptions } from '../element-criteria';

/**
 * Craft's search syntax (`salty dog`, `salty OR dog`, `-dog`, `"salty dog"`, `salty*`, `*ty`,
 * `title:dog`, `title::"Salty Dog"`, `body:*`, `-body:*`) parsed into terms. Terms are ANDed;
 * `OR` between two terms puts them in one group. Like Craft's default term options, a term
 * also matches words it begins (`sal` finds "salty"); a quoted phrase matches whole words.
 */

export interface SearchTerm {
  /** `title`, `slug`, a field handle, ...; null: anywhere in the element's search text. */
  readonly attribute: string | null;
  /** Without quotes and wildcards. */
  readonly text: string;
  /** `-term`: elements that do not match. */
  readonly exclude: boolean;
  /** `attr::value`: the whole attribute equals the text. */
  readonly exact: boolean;
  /** Quoted: the words in this order. */
  readonly phrase: boolean;
  /** `*term`: the text may start inside a word. */
  readonly subLeft: boolean;
  /** The text may end inside a word (default; off for phrases and exact terms). */
  readonly subRight: boolean;
  /** `attr:*`: the attribute has any value. */
  readonly any: boolean;
}

/** Groups ANDed together; the terms of a group ORed. */
export type SearchQuery = readonly (readonly SearchTerm[])[];

/**
 * `options` are Craft's `searchTermOptions`: what every term does unless its own syntax says more
 * (`-`, `*`, `::` add to them). `exact` makes attribute terms match the whole value and free terms
 * whole words only.
 */
export function parseSearch(input: string, options: SearchTermOptions = {}): SearchQuery {
  const groups: SearchTerm[][] = [];
  let joinNext = false;
  for (const token of tokenize(input)) {
    if (token === 'OR') {
      joinNext = groups.length > 0;
      continue;
    }
    const term = parseTerm(token, options);
    if (term === null) continue;
    if (joinNext) groups[groups.length - 1].push(term);
    else groups.push([term]);
    joinNext = false;
  }
  return groups;
}

/** Splits on whitespace outside double quotes. */
function tokenize(input: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of input) {
    if (char === '"') quoted = !quoted;
    if (!quoted && /\s/.test(char)) {
      if (current !== '') tokens.push(current);
      current = '';
    } else current += char;
  }
  if (current !== '') tokens.push(current);
  return tokens;
}

function parseTerm(token: string, options: SearchTermOptions): SearchTerm | null {
  let rest = token;
  const excluded = rest.length > 1 && rest.startsWith('-');
  if (excluded) rest = rest.slice(1);
  const exclude = excluded || options.exclude === true;

  let attribute: string | null = null;
  let exact = false;
  const attributeMatch = /^([a-zA-Z][a-zA-Z0-9_]*)(::?)(.*)$/.exec(rest);
  if (attributeMatch !== null) {
    attribute = attributeMatch[1];
    exact = attributeMatch[2] === '::' || options.exact === true;
    rest = attributeMatch[3];
  }

  const phrase = rest.length >= 2 && rest.startsWith('"') && rest.endsWith('"');
  if (phrase) rest = rest.slice(1, -1);
  else rest = rest.replace(/"/g, '');

  if (!phrase && rest === '*') {
    // `attr:*` has a value; a bare `*` matches everything, so it filters nothing.
    if (attribute === null) return null;
    return {
      attribute,
      text: '',
      exclude,
      exact: false,
      phrase,
      subLeft: false,
      subRight: false,
      any: true,
    };
  }
  let subLeft = false;
  let explicitRight = false;
  if (!phrase && !exact) {
    subLeft = rest.startsWith('*');
    if (subLeft) rest = rest.slice(1);
    explicitRight = rest.endsWith('*');
    if (explicitRight) rest = rest.slice(0, -1);
    if (options.exact !== true && options.subLeft === true) subLeft = true;
  }
  const text = rest.trim();
  if (text === '') return null;
  const wordPrefix = options.exact !== true && options.subRight !== false;
  const subRight = explicitRight || (!phrase && !exact && wordPrefix);
  return { attribute, text, exclude, exact, phrase, subLeft, subRight, any: false };
}

/**
 * The `to_tsquery('simple', ...)` text matching a term's words, or null when it has none. Each
 * word is a quoted lexeme (quotes and backslashes doubled), so no user text can break the
 * query syntax; the database's own parser then splits it as it split the search text.
 */
export function termTsQuery(term: SearchTerm): string | null {
  const words = term.text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return null;
  const lexemes = words.map((word, index) => {
    const quoted = `'${word.toLowerCase().replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
    return term.subRight && index === words.length - 1 ? `${quoted}:*` : quoted;
  });
  return lexemes.join(term.phrase ? ' <-> ' : ' & ');
}
