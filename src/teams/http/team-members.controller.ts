import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
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
import { TeamMembersService } from '../members/team-members.service';
import { TeamRouteGate } from './team-route.gate';
import {
  AddTeamMemberDto,
  SetTeamMembershipsDto,
  TeamMemberDto,
  UpdateTeamMemberDto,
} from './teams.dto';
import { TEAM_ID_PARAM } from './route-params';

const USER_ID_PARAM = { name: 'userId', schema: { type: 'integer' } } as const;

/** Team members (spec E6–E10). */
@ApiTags('team members')
@ApiAuthenticated()
@Controller('api/teams/:teamId/members')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
export class TeamMembersController {
  constructor(
    private readonly members: TeamMembersService,
    private readonly gate: TeamRouteGate,
  ) {}

  @Get()
  @OnFailure('Failed to get Team Members')
  @ApiOperation({ summary: 'Members of a team (people only, by login)' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: [TeamMemberDto] })
  @ApiErrors([403, 'Permissions needed: teams.permissions:read'], [404, 'Team not found'])
  async list(@CurrentPrincipal() principal: Principal, @Param('teamId') rawTeamId: string) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.permissionsRead);
    return this.members.list(principal, teamId);
  }

  @Post()
  @HttpCode(200)
  @OnFailure('Failed to add Member to Team')
  @ApiOperation({ summary: 'Add a user of the org as Member' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiBody({ type: AddTeamMemberDto })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / User is already added to this team'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found'],
    [500, 'Failed to add Member to Team (the user is not in the org)'],
  )
  async add(
    @CurrentPrincipal() principal: Principal,
    @Param('teamId') rawTeamId: string,
    @Body() body: unknown,
  ) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.permissionsWrite);
    const { userId = 0 } = decodeBodyOr400(body, { userId: 'int' });
    if (userId === 0) throw GrafanaError.badRequestData();
    return this.members.add(principal, teamId, userId);
  }

  @Put()
  @OnFailure('Failed to update team memberships')
  @ApiOperation({ summary: 'Set the whole membership by email (members and admins)' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiBody({ type: SetTeamMembershipsDto })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'user not found / team not found'],
  )
  async setAll(
    @CurrentPrincipal() principal: Principal,
    @Param('teamId') rawTeamId: string,
    @Body() body: unknown,
  ) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.permissionsWrite);
    const { members = [], admins = [] } = decodeBodyOr400(body, {
      members: 'strings',
      admins: 'strings',
    });
    return this.members.setAll(principal, teamId, members, admins);
  }

  @Put(':userId')
  @OnFailure('Failed to update team member.')
  @ApiOperation({ summary: "Change a member's permission (4 Admin, else Member)" })
  @ApiParam(TEAM_ID_PARAM)
  @ApiParam(USER_ID_PARAM)
  @ApiBody({ type: UpdateTeamMemberDto })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / userId is invalid'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team member not found.'],
  )
  async updatePermission(
    @CurrentPrincipal() principal: Principal,
    @Param('teamId') rawTeamId: string,
    @Param('userId') rawUserId: string,
    @Body() body: unknown,
  ) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.permissionsWrite);
    const { permission = 0 } = decodeBodyOr400(body, { permission: 'int' });
    const userId = requirePathId(rawUserId, 'userId');
    return this.members.updatePermission(principal, teamId, userId, permission);
  }

  @Delete(':userId')
  @OnFailure('Failed to remove Member from Team')
  @ApiOperation({ summary: 'Remove a member' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiParam(USER_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'userId is invalid'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found / Team member not found'],
  )
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('teamId') rawTeamId: string,
    @Param('userId') rawUserId: string,
  ) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.permissionsWrite);
    const userId = requirePathId(rawUserId, 'userId');
    return this.members.remove(principal, teamId, userId);
  }
}
