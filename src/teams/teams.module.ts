import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { DatabaseModule } from '../infra/database/database.module';
import { TeamAccessService } from './access/team-access.service';
import { TeamGroupsService } from './groups/team-groups.service';
import { TeamGroupsController } from './http/groups/team-groups.controller';
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
import { DiscoveryController } from './kubernetes/discovery.controller';
import { KubeAuthGuard } from './kubernetes/kube-auth.guard';
import { KubeRouteHooks } from './kubernetes/kube-route-hooks';
import { TeamResourcesController } from './kubernetes/team-resources.controller';
import { TeamResourcesService } from './kubernetes/team-resources.service';
import { TeamGroupsRepository } from './store/team-groups.repository';

/**
 * The Grafana-compatible teams API: teams, members, preferences, team permissions, team sync
 * groups, and the Kubernetes-style `/apis/iam.grafana.app` teams resource over the same tables.
 * Nothing is exported yet.
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
    TeamGroupsController,
    TeamResourcesController,
    // Last: its catch-all answers only what no other /apis route matches.
    DiscoveryController,
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
    TeamGroupsRepository,
    TeamGroupsService,
    TeamResourcesService,
    KubeAuthGuard,
    KubeRouteHooks,
  ],
})
export class TeamsModule {}
