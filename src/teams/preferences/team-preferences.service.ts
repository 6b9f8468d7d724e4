import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database/database';
import type { Principal } from '../../identity';
import { TeamPreferencesRepository } from '../store/team-preferences.repository';
import { TeamsRepository } from '../store/teams.repository';
import { teamNotFound } from '../teams.service';
import type { UpdatePreferencesDto } from '../http/preferences/team-preferences.dto';
import { preferencesView, storedPreferences } from './team-preferences.codec';
import type { PreferencesView } from './team-preferences.codec';

/**
 * A team's preferences (E11, E12). Unlike Grafana 11, which answers `{}` and stores rows for any
 * id, a team missing from the caller's org is `404 Team not found`, as
 * `GET /api/teams/:teamId` answers (why: docs/teams-decisions.md).
 */
@Injectable()
export class TeamPreferencesService {
  constructor(
    private readonly database: Database,
    private readonly teams: TeamsRepository,
    private readonly preferences: TeamPreferencesRepository,
  ) {}

  async get(principal: Principal, teamId: number): Promise<PreferencesView> {
    const team = await this.teams.findInOrg(principal.orgId, teamId);
    if (!team) throw teamNotFound();
    return preferencesView(await this.preferences.find(team.id));
  }

  /** Replaces the stored preferences whole (the pipe validated them first, Grafana's order). */
  async replace(
    principal: Principal,
    teamId: number,
    update: UpdatePreferencesDto,
  ): Promise<{ message: string }> {
    const stored = storedPreferences(update);
    await this.database.transaction(async () => {
      const team = await this.teams.lockInOrg(principal.orgId, teamId);
      if (!team) throw teamNotFound();
      await this.preferences.replace({ teamId: team.id, orgId: team.orgId, ...stored });
    });
    return { message: 'Preferences updated' };
  }
}
