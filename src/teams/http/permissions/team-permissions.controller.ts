import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  UseFilters,
  UseGuards,
  UsePipes,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { TEAM_ACTIONS, AuthGuard, CurrentPrincipal } from '../../../identity';
import type { Principal } from '../../../identity';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../../../infra/http/grafana/api-docs';
import { GrafanaExceptionFilter } from '../../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../../infra/http/grafana/on-failure.decorator';
import { PathId } from '../../../infra/http/grafana/path-ids';
import { GrafanaValidationPipe } from '../../../infra/http/grafana/validation/grafana-validation.pipe';
import { TeamAccessService } from '../../access/team-access.service';
import { TeamPermissionsService } from '../../members/team-permissions.service';
import { RouteTeamId, TeamRoute } from '../team-route.guard';
import {
  PermissionsDescriptionDto,
  ResourcePermissionDto,
  SetPermissionDto,
  SetPermissionsDto,
} from './team-permissions.dto';
import { TEAM_ID_PARAM } from '../route-params';
import type { TeamPermissionView } from '../../members/team-permissions.service';

/** Team permissions through Grafana's access-control API (spec E16). */
@ApiTags('team permissions')
@ApiAuthenticated()
@Controller('api/access-control/teams')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new GrafanaValidationPipe())
export class TeamPermissionsController {
  constructor(
    private readonly permissions: TeamPermissionsService,
    private readonly access: TeamAccessService,
  ) {}

  @Get('description')
  @OnFailure('failed to get description')
  @ApiOperation({ summary: 'Who can be assigned team permissions, and which' })
  @ApiOkResponse({ type: PermissionsDescriptionDto })
  @ApiErrors([403, 'Permissions needed: teams.permissions:read'])
  async description(@CurrentPrincipal() principal: Principal): Promise<{
    assignments: {
      users: boolean;
      serviceAccounts: boolean;
      teams: boolean;
      builtInRoles: boolean;
    };
    permissions: string[];
  }> {
    await this.access.requireAnywhere(principal, TEAM_ACTIONS.permissionsRead);
    return {
      assignments: { users: true, serviceAccounts: true, teams: false, builtInRoles: false },
      permissions: ['Member', 'Admin'],
    };
  }

  @Get(':teamId')
  @OnFailure('failed to get permissions')
  @TeamRoute(TEAM_ACTIONS.permissionsRead)
  @ApiOperation({ summary: 'The managed permissions of a team: one per member' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: [ResourcePermissionDto] })
  @ApiErrors([403, 'Permissions needed: teams.permissions:read'], [404, 'Team not found'])
  list(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
  ): Promise<TeamPermissionView[]> {
    return this.permissions.list(principal, teamId);
  }

  @Post(':teamId/users/:userId')
  @HttpCode(200)
  @OnFailure('failed to set user permission')
  @TeamRoute(TEAM_ACTIONS.permissionsWrite)
  @ApiOperation({ summary: 'Make a user Member or Admin of the team, or ("") remove them' })
  // Listed bottom-up: the document shows teamId first.
  @ApiParam({ name: 'userId', schema: { type: 'integer' } })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'userID is invalid / bad request data / failed to set user permission'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found'],
  )
  async setUser(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @PathId('userId', 'userID') userId: number,
    @Body() { permission }: SetPermissionDto,
  ): Promise<{ message: string }> {
    await this.permissions.assign(
      principal,
      teamId,
      [{ userId, permission }],
      'failed to set user permission',
    );
    return { message: permission === '' ? 'Permission removed' : 'Permission updated' };
  }

  @Post(':teamId')
  @HttpCode(200)
  @OnFailure('failed to set permissions')
  @TeamRoute(TEAM_ACTIONS.permissionsWrite)
  @ApiOperation({ summary: 'Set several users’ permissions at once' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / failed to set permissions / invalid permission or assignment'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found'],
  )
  async setMany(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Body() body: SetPermissionsDto,
  ): Promise<{ message: string }> {
    const assignments = body.permissions.map(({ userId, permission }) => ({ userId, permission }));
    await this.permissions.assign(principal, teamId, assignments, 'failed to set permissions');
    return { message: 'Permissions updated' };
  }
}
