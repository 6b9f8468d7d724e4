import { Injectable } from '@nestjs/common';
import { Database } from '../infra/database/database';
import { isUniqueViolation } from '../infra/database/constraint-errors';
import { TEAM_ACTIONS, TEAM_ADMIN, shortUid } from '../identity';
import type { Principal } from '../identity';
import { GrafanaError } from '../infra/http/grafana/grafana-error';
import { parseGoInt64, toRowId } from '../infra/http/grafana/path-ids';
import { pageWindow } from '../infra/http/grafana/validation/paging.query';
import { Settings } from '../settings/settings';
import { TeamAccessService } from './access/team-access.service';
import { TeamMembersRepository } from './store/team-members.repository';
import { MemberCountVisibility, TeamsRepository } from './store/teams.repository';
import type { TeamSearchParams } from './team-search.params';
import { teamView } from './team-views';
import type { TeamView } from './team-views';

/** Grafana's UIDs are at most 40 characters: a longer path segment cannot name a team. */
const MAX_UID_LENGTH = 40;

export const teamNotFound = (): GrafanaError => GrafanaError.message(404, 'Team not found', true);

/**
 * Teams: search, read, create, update, delete, and resolving a path's team id or uid. Its
 * behaviour is Grafana's wire behaviour (docs/teams-api.md#endpoints), so it answers with Grafana's
 * errors.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly database: Database,
    private readonly teams: TeamsRepository,
    private readonly members: TeamMembersRepository,
    private readonly access: TeamAccessService,
    private readonly settings: Settings,
  ) {}

  /** Logins left out of member counts and lists for this caller (`[users] hidden_users`). */
  visibility(principal: Principal): MemberCountVisibility {
    if (principal.isGrafanaAdmin) return { hiddenLogins: [] };
    return {
      hiddenLogins: this.settings.identity.hiddenUsers.filter((login) => login !== principal.login),
    };
  }

  /**
   * The `:teamId` path parameter (G11+): an int64 is an id; anything else is a team uid of the
   * caller's org, `404 Not found` when unknown (before any permission check, as in Grafana).
   */
  async resolveTeamId(principal: Principal, raw: string): Promise<number> {
    const id = parseGoInt64(raw);
    if (id !== undefined) return toRowId(id);
    const team =
      raw.length <= MAX_UID_LENGTH ? await this.teams.findByUid(principal.orgId, raw) : undefined;
    if (!team) throw GrafanaError.message(404, 'Not found');
    return team.id;
  }

  async search(
    principal: Principal,
    params: TeamSearchParams,
  ): Promise<{ totalCount: number; teams: TeamView[]; page: number; perPage: number }> {
    const readable = await this.access.readableTeams(principal);
    const result = await this.teams.search({
      orgId: principal.orgId,
      query: params.query,
      names: params.names,
      teamIds: params.teamIds,
      memberUserId: readable === 'all' ? undefined : principal.userId,
      sort: params.sort,
      ...pageWindow(params.page, params.perPage),
      visibility: this.visibility(principal),
    });
    const metadata = params.accessControl
      ? await this.access.metadata(
          principal,
          result.teams.map((team) => team.id),
        )
      : undefined;
    return {
      totalCount: result.total,
      teams: result.teams.map((team) =>
        teamView(team, this.settings.identity, metadata?.get(team.id) ?? null),
      ),
      page: params.page,
      perPage: params.perPage,
    };
  }

  async get(principal: Principal, teamId: number, accessControl: boolean): Promise<TeamView> {
    const team = await this.teams.findWithCount(
      principal.orgId,
      teamId,
      this.visibility(principal),
    );
    if (!team) throw teamNotFound();
    const metadata = accessControl ? await this.access.metadata(principal, [team.id]) : undefined;
    return teamView(team, this.settings.identity, metadata?.get(team.id) ?? null);
  }

  /**
   * Creates the team in the caller's org; a real user (not a service account) becomes its Admin
   * member. Concurrent creates of one name: the unique constraint decides, the loser gets 409.
   */
  async create(
    principal: Principal,
    name: string,
    email: string,
  ): Promise<{ message: string; teamId: number; uid: string }> {
    return this.database.transaction(async () => {
      let team;
      try {
        team = await this.teams.insert({ uid: shortUid(), orgId: principal.orgId, name, email });
      } catch (error) {
        if (isUniqueViolation(error, 'teams_org_name_key')) {
          throw GrafanaError.message(409, 'Team name taken', true);
        }
        throw error;
      }
      if (principal.kind === 'user') {
        await this.members.add(principal.orgId, team.id, principal.userId, TEAM_ADMIN);
      }
      return { message: 'Team created', teamId: team.id, uid: team.uid };
    });
  }

  /** `email` is always written (absent clears it); `name` only when non-empty. */
  async update(
    principal: Principal,
    teamId: number,
    name: string,
    email: string,
  ): Promise<{ message: string }> {
    await this.database.transaction(async () => {
      const team = await this.teams.lockInOrg(principal.orgId, teamId);
      if (!team) throw teamNotFound();
      try {
        await this.teams.update(team.id, name === '' ? { email } : { name, email });
      } catch (error) {
        // Grafana answers 400 here (409 on create).
        if (isUniqueViolation(error, 'teams_org_name_key')) {
          throw GrafanaError.message(400, 'Team name taken', true);
        }
        throw error;
      }
    });
    return { message: 'Team updated' };
  }

  /** Removes the team with its members and preferences. */
  async delete(principal: Principal, teamId: number): Promise<{ message: string }> {
    if (!(await this.teams.delete(principal.orgId, teamId))) throw teamNotFound();
    return { message: 'Team deleted' };
  }

  /**
   * Teams of `userId` in the caller's org that the caller may read (E13, E14), by name. A
   * service account has no team list of its own (`/api/user/teams`).
   */
  async teamsOfUser(principal: Principal, userId: number): Promise<TeamView[]> {
    const teams = await this.teams.ofMember(principal.orgId, userId, this.visibility(principal));
    const readable = await Promise.all(
      teams.map((team) => this.access.can(principal, TEAM_ACTIONS.read, team.id)),
    );
    return teams
      .filter((_team, index) => readable[index])
      .map((team) => teamView(team, this.settings.identity));
  }
}
