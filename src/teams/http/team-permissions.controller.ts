import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { TEAM_ACTIONS } from '../../identity/access/permissions';
import { AuthGuard, CurrentPrincipal } from '../../identity/auth/auth.guard';
import type { Principal } from '../../identity/auth/principal';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../../identity/http/api-docs';
import { decodeBodyOr400 } from '../../identity/http/go-json';
import { GrafanaError } from '../../identity/http/grafana-error';
import { GrafanaExceptionFilter } from '../../identity/http/grafana-exception.filter';
import { OnFailure } from '../../identity/http/on-failure.decorator';
import { requirePathId } from '../../identity/http/path-ids';
import { TeamAccessService } from '../access/team-access.service';
import { TeamPermissionsService } from '../members/team-permissions.service';
import { TeamRouteGate } from './team-route.gate';
import {
  PermissionsDescriptionDto,
  ResourcePermissionDto,
  SetPermissionDto,
  SetPermissionsDto,
} from './team-permissions.dto';
import { TEAM_ID_PARAM } from './route-params';

const invalidAssignment = (assignment: string) =>
  GrafanaError.structured(
    400,
    'resourcePermissions.invalidAssignment',
    `Assignment [${assignment}] is invalid for this resource type`,
  );

/** Team permissions through Grafana's access-control API (spec E16). */
@ApiTags('team permissions')
@ApiAuthenticated()
@Controller('api/access-control/teams')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
export class TeamPermissionsController {
  constructor(
    private readonly permissions: TeamPermissionsService,
    private readonly access: TeamAccessService,
    private readonly gate: TeamRouteGate,
  ) {}

  @Get('description')
  @OnFailure('failed to get description')
  @ApiOperation({ summary: 'Who can be assigned team permissions, and which' })
  @ApiOkResponse({ type: PermissionsDescriptionDto })
  @ApiErrors([403, 'Permissions needed: teams.permissions:read'])
  async description(@CurrentPrincipal() principal: Principal) {
    await this.access.requireAnywhere(principal, TEAM_ACTIONS.permissionsRead);
    return {
      assignments: { users: true, serviceAccounts: true, teams: false, builtInRoles: false },
      permissions: ['Member', 'Admin'],
    };
  }

  @Get(':teamId')
  @OnFailure('failed to get permissions')
  @ApiOperation({ summary: 'The managed permissions of a team: one per member' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: [ResourcePermissionDto] })
  @ApiErrors([403, 'Permissions needed: teams.permissions:read'], [404, 'Team not found'])
  async list(@CurrentPrincipal() principal: Principal, @Param('teamId') rawTeamId: string) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.permissionsRead);
    return this.permissions.list(principal, teamId);
  }

  @Post(':teamId/users/:userId')
  @HttpCode(200)
  @OnFailure('failed to set user permission')
  @ApiOperation({ summary: 'Make a user Member or Admin of the team, or ("") remove them' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiParam({ name: 'userId', schema: { type: 'integer' } })
  @ApiBody({ type: SetPermissionDto })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'userID is invalid / bad request data / failed to set user permission'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found'],
  )
  async setUser(
    @CurrentPrincipal() principal: Principal,
    @Param('teamId') rawTeamId: string,
    @Param('userId') rawUserId: string,
    @Body() body: unknown,
  ) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.permissionsWrite);
    const userId = requirePathId(rawUserId, 'userID');
    const { permission = '' } = decodeBodyOr400(body, { permission: 'string' });
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
  @ApiOperation({ summary: 'Set several users’ permissions at once' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiBody({ type: SetPermissionsDto })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / failed to set permissions / invalid permission or assignment'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found'],
  )
  async setMany(
    @CurrentPrincipal() principal: Principal,
    @Param('teamId') rawTeamId: string,
    @Body() body: unknown,
  ) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.permissionsWrite);
    const { permissions = [] } = decodeBodyOr400(body, {
      permissions: {
        list: { userId: 'int', teamId: 'int', builtInRole: 'string', permission: 'string' },
      },
    });
    const assignments = permissions.map((item) => {
      if (item.teamId) throw invalidAssignment('teams');
      if (item.builtInRole) throw invalidAssignment('builtInRoles');
      return { userId: item.userId ?? 0, permission: item.permission ?? '' };
    });
    await this.permissions.assign(principal, teamId, assignments, 'failed to set permissions');
    return { message: 'Permissions updated' };
  }
}
