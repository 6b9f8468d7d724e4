import type { Type } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import fc from 'fast-check';

import type { Principal } from '../../identity';
import {
  bodyArb,
  expectZeroValueTypes,
  queryArb,
  queryTextArb,
  validated,
} from '../../infra/http/grafana/validation/grafana-requests.fixtures';
import { loadSettings } from '../../settings/settings.loader';
import type { TeamAccessService } from '../access/team-access.service';
import type { TeamSearch, TeamsRepository } from '../store/teams.repository';
import { TEAM_SORT_OPTIONS } from '../store/teams.repository';
import { TeamsService } from '../teams.service';
import {
  AddTeamMemberDto,
  SetTeamMembershipsDto,
  UpdateTeamMemberDto,
} from './members/team-members.dto';
import { SetPermissionDto, SetPermissionsDto } from './permissions/team-permissions.dto';
import { UpdatePreferencesDto } from './preferences/team-preferences.dto';
import { TeamsController } from './teams.controller';
import { CreateTeamDto, TeamQueryDto, TeamSearchQueryDto, UpdateTeamDto } from './teams.dto';

// Property tests (docs/testing.md#property-tests): whatever a client sends to the Teams API, in the
// query string or the body, the answer is parsed values or one of Grafana's 4xx bodies, never a
// 500; a search asks the store for a page it can express. fast-check prints the seed and path of a
// failure (docs/testing.md).

const text = queryTextArb(TEAM_SORT_OPTIONS);

const ADMIN: Principal = {
  kind: 'user',
  userId: 1,
  login: 'admin',
  email: 'admin@localhost',
  name: 'admin',
  orgId: 1,
  orgRole: 'Admin',
  isGrafanaAdmin: true,
};

/** The properties a DTO's validation decorators name (what Go's decoder fills). */
function fieldNames(dto: Type<unknown>): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))];
}

/** An int64 as a row id: a safe integer (past the safe range -1; negative ones name no row). */
const isRowId = (id: unknown) => Number.isSafeInteger(id);

describe('Teams API requests (property)', () => {
  it('team search: parsed values or a 400, and a page the store can express', async () => {
    const asked: TeamSearch[] = [];
    const teams = {
      search: (search: TeamSearch) => {
        asked.push(search);
        return Promise.resolve({ teams: [], total: 0 });
      },
    } as unknown as TeamsRepository;
    const access = {
      readableTeams: () => Promise.resolve('all'),
      metadata: () => Promise.resolve(new Map()),
    } as unknown as TeamAccessService;
    const service = new TeamsService(
      undefined as never,
      teams,
      undefined as never,
      access,
      loadSettings({}),
    );
    const controller = new TeamsController(service);
    const names = ['perpage', 'page', 'query', 'name', 'team', 'teamId', 'sort', 'accesscontrol'];
    await fc.assert(
      fc.asyncProperty(queryArb(names, text), async (query) => {
        const dto = await validated(TeamSearchQueryDto, query, 'query');
        if (dto === undefined) return;
        expectZeroValueTypes(TeamSearchQueryDto, dto);
        expect(dto.teamId.every(isRowId)).toBe(true);
        asked.length = 0;
        const answer = await controller.search(ADMIN, dto);
        expect(asked).toHaveLength(1);
        const [{ limit, offset, teamIds, names: exact, sort }] = asked;
        expect(Number.isSafeInteger(limit) && limit >= 0).toBe(true);
        expect(Number.isSafeInteger(offset) && offset >= 0).toBe(true);
        expect(teamIds.every(isRowId)).toBe(true);
        expect(exact.every((name) => typeof name === 'string' && name !== '')).toBe(true);
        expect(sort.every((option) => TEAM_SORT_OPTIONS.includes(option))).toBe(true);
        expect(answer.page).toBeGreaterThanOrEqual(1);
        expect(answer.perPage).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  it('team read: accesscontrol is a boolean whatever the query says', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb(['accesscontrol'], text), async (query) => {
        const dto = await validated(TeamQueryDto, query, 'query');
        if (dto !== undefined) expectZeroValueTypes(TeamQueryDto, dto);
      }),
      { numRuns: 100 },
    );
  });

  it.each(
    [
      CreateTeamDto,
      UpdateTeamDto,
      AddTeamMemberDto,
      UpdateTeamMemberDto,
      SetTeamMembershipsDto,
      SetPermissionDto,
      SetPermissionsDto,
      UpdatePreferencesDto,
    ].map((dto: Type<object>) => [dto.name, dto] as const),
  )('%s body: a command with Go-typed fields, or a 4xx', async (_name, dto) => {
    await fc.assert(
      fc.asyncProperty(bodyArb(fieldNames(dto)), async (body) => {
        const command = await validated(dto, body, 'body');
        if (command !== undefined) expectZeroValueTypes(dto, command);
      }),
      { numRuns: 100 },
    );
  });
});
