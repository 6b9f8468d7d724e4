import { Injectable } from '@nestjs/common';
import type { Principal } from '../../identity/auth/principal';
import { TeamAccessService } from '../access/team-access.service';
import { TeamsService } from '../teams.service';

/**
 * What Grafana's team routes run before their handler: the uid resolver, then the RBAC check of
 * the route's action on that team.
 */
@Injectable()
export class TeamRouteGate {
  constructor(
    private readonly teams: TeamsService,
    private readonly access: TeamAccessService,
  ) {}

  async pass(principal: Principal, rawTeamId: string, action: string): Promise<number> {
    const teamId = await this.teams.resolveTeamId(principal, rawTeamId);
    await this.access.require(principal, action, teamId);
    return teamId;
  }
}
