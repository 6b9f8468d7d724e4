import { type SQL, sql } from 'drizzle-orm';
import { type ElementKind, ElementKinds } from '../../model/element-kinds';
import type { SearchTermOptions } from '../element-criteria';
import { escapeLike } from './param-sql';
import { parseSearch, type SearchTerm, termTsQuery } from './search-syntax';

/**
 * A Craft search string as SQL over `content_element_sites s` (its `search_vector`, a 'simple'
 * tsvector of the search text) and the element's own columns: the condition every result meets
 * and its `searchScore` (an integer, as in Craft 4).
 */
export interface SearchSql {
  readonly condition: SQL;
  readonly score: SQL;
}

/**
 * Attributes matched as identifiers: the text anywhere in the value (`email:@example.com`,
 * `filename:hero`), `::` for the whole value. Every other attribute (title, field handles) is
 * matched word by word like the search text.
 */
function identifierColumn(kind: ElementKind, attribute: string): SQL | null {
  switch (attribute) {
    case 'slug':
      return sql`s.slug`;
    case 'uri':
      return sql`s.uri`;
  }
  if (kind === ElementKinds.user) {
    switch (attribute) {
      case 'username':
        return sql`u.login`;
      case 'email':
        return sql`u.email`;
      case 'fullName':
        return sql`u.name`;
      case 'firstName':
        return FIRST_NAME;
      case 'lastName':
        return LAST_NAME;
    }
  }
  if (kind === ElementKinds.asset) {
    switch (attribute) {
      case 'filename':
        return sql`a.filename`;
      case 'kind':
        return sql`a.kind`;
      case 'extension':
        return sql`lower(substring(a.filename from '\\.([^.]*)$'))`;
      case 'alt':
        return sql`a.alt`;
    }
  }
  return null;
}

/** Users' names: `name` split at the first space (empty parts are null). */
export const FIRST_NAME = sql`nullif(split_part(u.name, ' ', 1), '')`;
export const LAST_NAME = sql`nullif(CASE WHEN strpos(u.name, ' ') > 0 THEN substr(u.name, strpos(u.name, ' ') + 1) END, '')`;

/**
 * What a term without an attribute is looked for in. Users have no site row unless they have
 * custom field values: their names and addresses are searched as well.
 */
function searchVector(kind: ElementKind): SQL {
  return kind === ElementKinds.user
    ? sql`(coalesce(s.search_vector, ''::tsvector) || to_tsvector('simple', concat_ws(' ', u.login, u.email, u.name)))`
    : sql`s.search_vector`;
}

function searchText(kind: ElementKind): SQL {
  return kind === ElementKinds.user
    ? sql`concat_ws(' ', s.search_text, u.login, u.email, u.name)`
    : sql`s.search_text`;
}

/** Text matched word by word: the title, or a custom field's value. */
function wordColumn(attribute: string): SQL {
  return attribute === 'title' ? sql`s.title` : sql`(s.fields->>(${attribute}::text))`;
}

export function searchSql(
  kind: ElementKind,
  search: string,
  options?: SearchTermOptions,
): SearchSql | null {
  const query = parseSearch(search, options);
  if (query.length === 0) return null;
  const groups = query.map(
    (group) =>
      sql`(${sql.join(
        group.map((term) => termSql(kind, term)),
        sql` OR `,
      )})`,
  );
  const ranked = query
    .flat()
    .filter((term) => !term.exclude && !term.any && !term.exact)
    .map(termTsQuery)
    .filter((text): text is string => text !== null);
  if (ranked.length === 0) return { condition: sql.join(groups, sql` AND `), score: sql`0` };
  const rank = sql`to_tsquery('simple', ${ranked.map((text) => `(${text})`).join(' | ')})`;
  // Title matches weigh double, as a hit in the title says more than one in the body.
  const score = sql`round(1000 * (ts_rank(${searchVector(kind)}, ${rank}) + ts_rank(to_tsvector('simple', coalesce(s.title, '')), ${rank})))::integer`;
  return { condition: sql.join(groups, sql` AND `), score };
}

function termSql(kind: ElementKind, term: SearchTerm): SQL {
  const matched = positiveTermSql(kind, term);
  // NULL (a missing attribute) must match once negated. Unnegated, the terms sit under AND and OR
  // only, where NULL already fails like false; left bare, `search_vector @@ q` is what the GIN
  // index serves and what the planner can estimate (wrapped in coalesce it read every entry).
  return term.exclude ? sql`NOT coalesce(${matched}, false)` : matched;
}

function positiveTermSql(kind: ElementKind, term: SearchTerm): SQL {
  if (term.attribute === null) {
    if (term.subLeft) return sql`(${searchText(kind)} ILIKE ${`%${escapeLike(term.text)}%`})`;
    return tsMatch(searchVector(kind), term);
  }
  const identifier = identifierColumn(kind, term.attribute);
  const column = identifier ?? wordColumn(term.attribute);
  if (term.any) return sql`(coalesce(${column}, '') <> '')`;
  if (term.exact) return sql`(lower(${column}) = lower(${term.text}))`;
  if (identifier !== null || term.subLeft) {
    return sql`(${column} ILIKE ${`%${escapeLike(term.text)}%`})`;
  }
  return tsMatch(sql`to_tsvector('simple', coalesce(${column}, ''))`, term);
}

function tsMatch(vector: SQL, term: SearchTerm): SQL {
  const text = termTsQuery(term);
  // Only punctuation: nothing to look for, the term does not restrict.
  if (text === null) return sql`true`;
  return sql`(${vector} @@ to_tsquery('simple', ${text}))`;
}
