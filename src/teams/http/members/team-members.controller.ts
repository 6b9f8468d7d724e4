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
  UsePipes,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { TEAM_ACTIONS, AuthGuard, CurrentPrincipal } from '../../../identity';
import type { Principal } from '../../../identity';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../../../infra/http/grafana/api-docs';
import { GrafanaExceptionFilter } from '../../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../../infra/http/grafana/on-failure.decorator';
import { PathId, requirePathId } from '../../../infra/http/grafana/path-ids';
import { GrafanaValidationPipe } from '../../../infra/http/grafana/validation/grafana-validation.pipe';
import { TeamMembersService } from '../../members/team-members.service';
import {
  AddTeamMemberDto,
  SetTeamMembershipsDto,
  TeamMemberDto,
  UpdateTeamMemberDto,
} from './team-members.dto';
import { RouteTeamId, TeamRoute } from '../team-route.guard';
import { TEAM_ID_PARAM } from '../route-params';
import type { TeamMemberView } from '../../team-views';

const USER_ID_PARAM = { name: 'userId', schema: { type: 'integer' } } as const;

/** Team members (spec E6–E10). */
@ApiTags('team members')
@ApiAuthenticated()
@Controller('api/teams/:teamId/members')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new GrafanaValidationPipe())
export class TeamMembersController {
  constructor(private readonly members: TeamMembersService) {}

  @Get()
  @OnFailure('Failed to get Team Members')
  @TeamRoute(TEAM_ACTIONS.permissionsRead)
  @ApiOperation({ summary: 'Members of a team (people only, by login)' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: [TeamMemberDto] })
  @ApiErrors([403, 'Permissions needed: teams.permissions:read'], [404, 'Team not found'])
  list(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
  ): Promise<TeamMemberView[]> {
    return this.members.list(principal, teamId);
  }

  @Post()
  @HttpCode(200)
  @OnFailure('Failed to add Member to Team')
  @TeamRoute(TEAM_ACTIONS.permissionsWrite)
  @ApiOperation({ summary: 'Add a user of the org as Member' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / User is already added to this team'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found'],
    [500, 'Failed to add Member to Team (the user is not in the org)'],
  )
  add(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Body() body: AddTeamMemberDto,
  ): Promise<{ message: string }> {
    return this.members.add(principal, teamId, body.userId);
  }

  @Put()
  @OnFailure('Failed to update team memberships')
  @TeamRoute(TEAM_ACTIONS.permissionsWrite)
  @ApiOperation({ summary: 'Set the whole membership by email (members and admins)' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'user not found / team not found'],
  )
  setAll(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Body() body: SetTeamMembershipsDto,
  ): Promise<{ message: string }> {
    return this.members.setAll(principal, teamId, body.members, body.admins);
  }

  @Put(':userId')
  @OnFailure('Failed to update team member.')
  @TeamRoute(TEAM_ACTIONS.permissionsWrite)
  @ApiOperation({ summary: "Change a member's permission (4 Admin, else Member)" })
  @ApiParam(TEAM_ID_PARAM)
  @ApiParam(USER_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / userId is invalid'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team member not found.'],
  )
  updatePermission(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Param('userId') rawUserId: string,
    @Body() body: UpdateTeamMemberDto,
  ): Promise<{ message: string }> {
    // Grafana binds the body before it parses the path's user id.
    const userId = requirePathId(rawUserId, 'userId');
    return this.members.updatePermission(principal, teamId, userId, body.permission);
  }

  @Delete(':userId')
  @OnFailure('Failed to remove Member from Team')
  @TeamRoute(TEAM_ACTIONS.permissionsWrite)
  @ApiOperation({ summary: 'Remove a member' })
  // Listed bottom-up: the document shows teamId first.
  @ApiParam(USER_ID_PARAM)
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'userId is invalid'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found / Team member not found'],
  )
  remove(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @PathId('userId') userId: number,
  ): Promise<{ message: string }> {
    return this.members.remove(principal, teamId, userId);
  }
}
