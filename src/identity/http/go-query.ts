/**
 * Query parameters read as Grafana's macaron context reads them: the first value of a key
 * (`c.Query`), `c.QueryInt` (strconv.Atoi, 0 when invalid), `c.QueryBool` (strconv.ParseBool,
 * false when invalid) and `c.QueryStrings` (every value). Keys are case-sensitive.
 */
export type RawQuery = Readonly<Record<string, string | string[] | undefined>>;

export function queryString(query: RawQuery, key: string): string {
  const value = query[key];
  if (Array.isArray(value)) return value[0] ?? '';
  return value ?? '';
}

export function queryStrings(query: RawQuery, key: string): string[] {
  const value = query[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * strconv.Atoi; values outside the JS safe integer range count as invalid here (Grafana accepts
 * up to int64, but no page size or page number that large can be served).
 */
export function queryInt(query: RawQuery, key: string): number {
  const raw = queryString(query, key);
  if (!/^[+-]?\d+$/.test(raw)) return 0;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : 0;
}

const GO_TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);

export function queryBool(query: RawQuery, key: string): boolean {
  return GO_TRUE.has(queryString(query, key));
}

/** Grafana's paging: `perpage` ≤ 0 or invalid → the default, `page` < 1 → 1. No upper limit. */
export function paging(query: RawQuery, defaultPerPage = 1000): { page: number; perPage: number } {
  const perPage = queryInt(query, 'perpage');
  const page = queryInt(query, 'page');
  return { perPage: perPage > 0 ? perPage : defaultPerPage, page: page >= 1 ? page : 1 };
}
