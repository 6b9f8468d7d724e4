import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database/database';
import { isUniqueViolation } from '../../infra/database/constraint-errors';
import type { Principal } from '../../identity';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { pageWindow } from '../../infra/http/grafana/validation/paging.query';
import { TeamGroupsRepository } from '../store/team-groups.repository';
import { TeamsRepository } from '../store/teams.repository';
import { teamNotFound } from '../teams.service';

const alreadyAdded = () => GrafanaError.message(400, 'Group is already added to this team');

/** One page of a team's external groups, as Grafana's search answers it. */
export interface TeamGroupsPage {
  totalCount: number;
  teamGroups: { orgId: number; teamId: number; groupId: string }[];
  page: number;
  perPage: number;
}

/**
 * Team sync groups (Grafana Enterprise's `/api/teams/:teamId/groups`): stored mappings of
 * external group ids to a team, shown as the `/apis` object's `spec.externalGroups`. No identity
 * provider is synced here, so no membership ever comes from them.
 */
@Injectable()
export class TeamGroupsService {
  constructor(
    private readonly database: Database,
    private readonly teams: TeamsRepository,
    private readonly groups: TeamGroupsRepository,
  ) {}

  async list(
    principal: Principal,
    teamId: number,
  ): Promise<{ orgId: number; teamId: number; groupId: string }[]> {
    const team = await this.teams.findInOrg(principal.orgId, teamId);
    if (!team) throw teamNotFound();
    return (await this.groups.list(team.id)).map((groupId) => ({
      orgId: team.orgId,
      teamId: team.id,
      groupId,
    }));
  }

  async search(
    principal: Principal,
    teamId: number,
    options: { query: string; page: number; perPage: number },
  ): Promise<TeamGroupsPage> {
    const all = await this.list(principal, teamId);
    const needle = options.query.toLowerCase();
    const matching = all.filter((group) => group.groupId.toLowerCase().includes(needle));
    const { limit, offset } = pageWindow(options.page, options.perPage);
    return {
      totalCount: matching.length,
      teamGroups: matching.slice(offset, offset + limit),
      page: options.page,
      perPage: options.perPage,
    };
  }

  async add(principal: Principal, teamId: number, groupId: string): Promise<{ message: string }> {
    await this.database.transaction(async () => {
      const team = await this.teams.lockInOrg(principal.orgId, teamId);
      if (!team) throw teamNotFound();
      if ((await this.groups.list(team.id)).includes(groupId)) throw alreadyAdded();
      try {
        await this.groups.add(team.orgId, team.id, groupId);
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyAdded();
        throw error;
      }
    });
    return { message: 'Group added to Team' };
  }

  async remove(
    principal: Principal,
    teamId: number,
    groupId: string,
  ): Promise<{ message: string }> {
    await this.database.transaction(async () => {
      const team = await this.teams.lockInOrg(principal.orgId, teamId);
      if (!team) throw teamNotFound();
      if (!(await this.groups.remove(team.id, groupId))) {
        throw GrafanaError.message(404, 'Group not found');
      }
    });
    return { message: 'Team Group removed' };
  }
}
