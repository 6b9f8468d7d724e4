import { paging, queryBool, queryString, queryStrings, RawQuery } from '../identity/http/go-query';
import { parseGoInt64, toRowId } from '../identity/http/path-ids';
import { parseSortOptions } from '../identity/http/sort-options';
import { TEAM_SORT_OPTIONS, TeamSortOption } from './store/teams.repository';

export interface TeamSearchParams {
  readonly page: number;
  readonly perPage: number;
  readonly query: string;
  readonly names: readonly string[];
  readonly teamIds: readonly number[];
  readonly sort: readonly TeamSortOption[];
  readonly accessControl: boolean;
}

/**
 * `GET /api/teams/search` parameters as Grafana reads them (spec E1): `perpage` (lower case;
 * default 1000, no upper limit), `page`, `query` (substring), `name` (exact), repeatable
 * `teamId` (non-integers dropped), `sort`, `accesscontrol`. `team` is read as an alias of `name`:
 * the product document's clients find a team by name with it (Grafana ignores it).
 */
export function parseTeamSearchParams(query: RawQuery): TeamSearchParams {
  const { page, perPage } = paging(query);
  const names = [queryString(query, 'name'), queryString(query, 'team')].filter((n) => n !== '');
  const teamIds = queryStrings(query, 'teamId')
    .map(parseGoInt64)
    .filter((id): id is bigint => id !== undefined)
    .map(toRowId);
  return {
    page,
    perPage,
    query: queryString(query, 'query'),
    names,
    teamIds,
    sort: parseSortOptions(queryString(query, 'sort'), TEAM_SORT_OPTIONS),
    accessControl: queryBool(query, 'accesscontrol'),
  };
}
