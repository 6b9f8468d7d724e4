import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Put,
  Query,
  UseFilters,
  UseGuards,
  UsePipes,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { TEAM_ACTIONS, AuthGuard, CurrentPrincipal } from '../../identity';
import type { Principal } from '../../identity';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../../infra/http/grafana/api-docs';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../infra/http/grafana/on-failure.decorator';
import { GrafanaValidationPipe } from '../../infra/http/grafana/validation/grafana-validation.pipe';
import { teamSearchParams } from '../team-search.params';
import { TeamsService } from '../teams.service';
import { RouteTeamId, TeamRoute } from './team-route.guard';
import {
  CreateTeamDto,
  CreateTeamResponseDto,
  SearchTeamsResultDto,
  TeamDto,
  TeamQueryDto,
  TeamSearchQueryDto,
  UpdateTeamDto,
} from './teams.dto';
import { TEAM_ID_PARAM } from './route-params';
import type { TeamView } from '../team-views';

/** Teams (spec E1–E5): search, read, create, update, delete. */
@ApiTags('teams')
@ApiAuthenticated()
@Controller('api/teams')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new GrafanaValidationPipe())
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Get('search')
  @OnFailure('Failed to search Teams')
  @ApiOperation({ summary: 'Search the teams the caller may read (default page size 1000)' })
  @ApiOkResponse({ type: SearchTeamsResultDto })
  @ApiErrors([400, 'unknown sorting option'], [403, 'Permissions needed: teams:read'])
  search(
    @CurrentPrincipal() principal: Principal,
    @Query() query: TeamSearchQueryDto,
  ): Promise<{ totalCount: number; teams: TeamView[]; page: number; perPage: number }> {
    return this.teams.search(principal, teamSearchParams(query));
  }

  @Get(':teamId')
  @OnFailure('Failed to get Team')
  @TeamRoute(TEAM_ACTIONS.read)
  @ApiOperation({ summary: 'A team by id or uid' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: TeamDto })
  @ApiErrors(
    [403, 'Permissions needed: teams:read'],
    [404, 'Team not found (unknown uid: Not found)'],
  )
  get(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Query() query: TeamQueryDto,
  ): Promise<TeamView> {
    return this.teams.get(principal, teamId, query.accesscontrol);
  }

  @Post()
  @HttpCode(200)
  @OnFailure('Failed to create Team')
  @TeamRoute(TEAM_ACTIONS.create)
  @ApiOperation({ summary: 'Create a team; a user creating it becomes its Admin' })
  @ApiOkResponse({ type: CreateTeamResponseDto })
  @ApiErrors(
    [400, 'bad request data'],
    [403, 'Permissions needed: teams:create'],
    [409, 'Team name taken'],
  )
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateTeamDto,
  ): Promise<{ message: string; teamId: number; uid: string }> {
    return this.teams.create(principal, body.name, body.email);
  }

  @Put(':teamId')
  @OnFailure('Failed to update Team')
  @TeamRoute(TEAM_ACTIONS.write)
  @ApiOperation({ summary: 'Rename a team or change its email (absent email clears it)' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / Team name taken'],
    [403, 'Permissions needed: teams:write'],
    [404, 'Team not found'],
  )
  update(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Body() body: UpdateTeamDto,
  ): Promise<{ message: string }> {
    return this.teams.update(principal, teamId, body.name, body.email);
  }

  @Delete(':teamId')
  @OnFailure('Failed to delete Team')
  @TeamRoute(TEAM_ACTIONS.delete)
  @ApiOperation({ summary: 'Delete a team with its members and preferences' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors([403, 'Permissions needed: teams:delete'], [404, 'Team not found'])
  delete(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
  ): Promise<{ message: string }> {
    return this.teams.delete(principal, teamId);
  }
}
