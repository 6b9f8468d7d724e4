import { paging } from '../infra/http/grafana/validation/paging.query';
import { parseSortOptions } from '../infra/http/grafana/sort-options';
import type { TeamSearchQueryDto } from './http/teams.dto';
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
 * `GET /api/teams/search` parameters as Grafana reads them (spec E1), from the validated query:
 * `perpage` (lower case; default 1000, no upper limit), `page`, `query` (substring), `name`
 * (exact), repeatable `teamId` (non-integers dropped), `sort`, `accesscontrol`. `team` is read as
 * an alias of `name`: the product document's clients find a team by name with it (Grafana
 * ignores it).
 */
export function teamSearchParams(query: TeamSearchQueryDto): TeamSearchParams {
  const { page, perPage } = paging(query);
  return {
    page,
    perPage,
    query: query.query,
    names: [query.name, query.team].filter((name) => name !== ''),
    teamIds: query.teamId,
    sort: parseSortOptions(query.sort, TEAM_SORT_OPTIONS),
    accessControl: query.accesscontrol,
  };
}
