import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UseFilters,
  UseGuards,
  UsePipes,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { TEAM_ACTIONS, AuthGuard, CurrentPrincipal } from '../../../identity';
import type { Principal } from '../../../identity';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../../../infra/http/grafana/api-docs';
import { GrafanaError } from '../../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../../infra/http/grafana/on-failure.decorator';
import { GrafanaValidationPipe } from '../../../infra/http/grafana/validation/grafana-validation.pipe';
import { paging } from '../../../infra/http/grafana/validation/paging.query';
import { TeamGroupsService, type TeamGroupsPage } from '../../groups/team-groups.service';
import { TEAM_ID_PARAM } from '../route-params';
import { RouteTeamId, TeamRoute } from '../team-route.guard';
import {
  AddTeamGroupDto,
  RemoveTeamGroupQueryDto,
  TeamGroupDto,
  TeamGroupsSearchQueryDto,
  TeamGroupsSearchResultDto,
} from './team-groups.dto';

/** Team sync groups (spec E15; Grafana Enterprise), stored with the team. */
@ApiTags('team sync')
@ApiAuthenticated()
@Controller('api/teams/:teamId/groups')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new GrafanaValidationPipe())
export class TeamGroupsController {
  constructor(private readonly groups: TeamGroupsService) {}

  @Get()
  @OnFailure('Failed to get Team Groups')
  @TeamRoute(TEAM_ACTIONS.permissionsRead)
  @ApiOperation({ summary: 'External groups mapped to the team' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: [TeamGroupDto] })
  @ApiErrors([403, 'Permissions needed: teams.permissions:read'], [404, 'Team not found'])
  list(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
  ): Promise<{ orgId: number; teamId: number; groupId: string }[]> {
    return this.groups.list(principal, teamId);
  }

  @Get('search')
  @OnFailure('Failed to get Team Groups')
  @TeamRoute(TEAM_ACTIONS.permissionsRead)
  @ApiOperation({ summary: 'External groups of the team, paged (query: substring, any case)' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: TeamGroupsSearchResultDto })
  @ApiErrors([403, 'Permissions needed: teams.permissions:read'], [404, 'Team not found'])
  search(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Query() query: TeamGroupsSearchQueryDto,
  ): Promise<TeamGroupsPage> {
    return this.groups.search(principal, teamId, { query: query.query, ...paging(query) });
  }

  @Post()
  @HttpCode(200)
  @OnFailure('Failed to add Group to Team')
  @TeamRoute(TEAM_ACTIONS.permissionsWrite)
  @ApiOperation({ summary: 'Map an external group to the team' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / Group is already added to this team'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found'],
  )
  add(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Body() body: AddTeamGroupDto,
  ): Promise<{ message: string }> {
    return this.groups.add(principal, teamId, body.groupId);
  }

  @Delete()
  @OnFailure('Failed to remove Group from Team')
  @TeamRoute(TEAM_ACTIONS.permissionsWrite)
  @ApiOperation({ summary: 'Unmap a group (`?groupId=`, URL-encoded)' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data (no groupId)'],
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found / Group not found'],
  )
  remove(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Query() query: RemoveTeamGroupQueryDto,
  ): Promise<{ message: string }> {
    if (query.groupId === '') throw GrafanaError.badRequestData();
    return this.groups.remove(principal, teamId, query.groupId);
  }

  @Delete(':groupId')
  @OnFailure('Failed to remove Group from Team')
  @TeamRoute(TEAM_ACTIONS.permissionsWrite)
  @ApiOperation({ summary: 'Unmap a group, the older path form (the Go client uses it)' })
  @ApiParam({ name: 'groupId', schema: { type: 'string' } })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [403, 'Permissions needed: teams.permissions:write'],
    [404, 'Team not found / Group not found'],
  )
  removeByPath(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Param('groupId') groupId: string,
  ): Promise<{ message: string }> {
    return this.groups.remove(principal, teamId, groupId);
  }
}
