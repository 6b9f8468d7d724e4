import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { DatabaseModule } from '../infra/database/database.module';
import { TeamAccessService } from './access/team-access.service';
import { TeamMembersController } from './http/members/team-members.controller';
import { OrgUsersLookupController } from './http/org-users-lookup.controller';
import { TeamPermissionsController } from './http/permissions/team-permissions.controller';
import { TeamPreferencesController } from './http/preferences/team-preferences.controller';
import { TeamsController } from './http/teams.controller';
import { UserTeamsController } from './http/user-teams.controller';
import { TeamMembersService } from './members/team-members.service';
import { TeamPermissionsService } from './members/team-permissions.service';
import { TeamPreferencesService } from './preferences/team-preferences.service';
import { TeamMembersRepository } from './store/team-members.repository';
import { TeamPreferencesRepository } from './store/team-preferences.repository';
import { TeamsRepository } from './store/teams.repository';
import { TeamsService } from './teams.service';

/**
 * The Grafana-compatible teams API: teams, members, preferences, team permissions. Nothing is
 * exported yet.
 */
@Module({
  imports: [DatabaseModule, IdentityModule],
  controllers: [
    TeamsController,
    TeamMembersController,
    TeamPreferencesController,
    UserTeamsController,
    TeamPermissionsController,
    OrgUsersLookupController,
  ],
  providers: [
    TeamsRepository,
    TeamMembersRepository,
    TeamPreferencesRepository,
    TeamAccessService,
    TeamsService,
    TeamMembersService,
    TeamPreferencesService,
    TeamPermissionsService,
  ],
})
export class TeamsModule {}
