import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { TEAM_ACTIONS } from '../../identity/access/permissions';
import { AuthGuard, CurrentPrincipal } from '../../identity/auth/auth.guard';
import type { Principal } from '../../identity/auth/principal';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../../identity/http/api-docs';
import { decodeBodyOr400 } from '../../identity/http/go-json';
import { queryBool, RawQuery } from '../../identity/http/go-query';
import { GrafanaError } from '../../identity/http/grafana-error';
import { GrafanaExceptionFilter } from '../../identity/http/grafana-exception.filter';
import { OnFailure } from '../../identity/http/on-failure.decorator';
import { MAX_TEXT_LENGTH } from '../../identity/identity.limits';
import { TeamAccessService } from '../access/team-access.service';
import { TEAM_SORT_OPTIONS } from '../store/teams.repository';
import { parseTeamSearchParams } from '../team-search.params';
import { TeamsService } from '../teams.service';
import { TeamRouteGate } from './team-route.gate';
import {
  CreateTeamDto,
  CreateTeamResponseDto,
  SearchTeamsResultDto,
  TeamDto,
  UpdateTeamDto,
} from './teams.dto';
import { TEAM_ID_PARAM } from './route-params';

const TEAM_BODY = { name: 'string', email: 'string' } as const;

/** Teams (spec E1–E5): search, read, create, update, delete. */
@ApiTags('teams')
@ApiAuthenticated()
@Controller('api/teams')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly access: TeamAccessService,
    private readonly gate: TeamRouteGate,
  ) {}

  @Get('search')
  @OnFailure('Failed to search Teams')
  @ApiOperation({ summary: 'Search the teams the caller may read (default page size 1000)' })
  @ApiQuery({ name: 'query', required: false, description: 'substring of the name, any case' })
  @ApiQuery({ name: 'name', required: false, description: 'exact name' })
  @ApiQuery({ name: 'team', required: false, description: 'exact name (alias of name)' })
  @ApiQuery({ name: 'perpage', required: false, description: 'default 1000, no upper limit' })
  @ApiQuery({ name: 'page', required: false, description: 'default 1' })
  @ApiQuery({ name: 'teamId', required: false, isArray: true, type: 'integer' })
  @ApiQuery({
    name: 'sort',
    required: false,
    description: `comma-separated: ${TEAM_SORT_OPTIONS.join(', ')}`,
  })
  @ApiQuery({ name: 'accesscontrol', required: false, type: 'boolean' })
  @ApiOkResponse({ type: SearchTeamsResultDto })
  @ApiErrors([400, 'unknown sorting option'], [403, 'Permissions needed: teams:read'])
  search(@CurrentPrincipal() principal: Principal, @Query() query: RawQuery) {
    return this.teams.search(principal, parseTeamSearchParams(query));
  }

  @Get(':teamId')
  @OnFailure('Failed to get Team')
  @ApiOperation({ summary: 'A team by id or uid' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiQuery({ name: 'accesscontrol', required: false, type: 'boolean' })
  @ApiOkResponse({ type: TeamDto })
  @ApiErrors(
    [403, 'Permissions needed: teams:read'],
    [404, 'Team not found (unknown uid: Not found)'],
  )
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('teamId') rawTeamId: string,
    @Query() query: RawQuery,
  ) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.read);
    return this.teams.get(principal, teamId, queryBool(query, 'accesscontrol'));
  }

  @Post()
  @HttpCode(200)
  @OnFailure('Failed to create Team')
  @ApiOperation({ summary: 'Create a team; a user creating it becomes its Admin' })
  @ApiBody({ type: CreateTeamDto })
  @ApiOkResponse({ type: CreateTeamResponseDto })
  @ApiErrors(
    [400, 'bad request data'],
    [403, 'Permissions needed: teams:create'],
    [409, 'Team name taken'],
  )
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    if (!this.access.allowsUnscoped(principal, TEAM_ACTIONS.create))
      throw GrafanaError.accessDenied(TEAM_ACTIONS.create);
    const { name = '', email = '' } = decodeBodyOr400(body, TEAM_BODY);
    if (name === '' || name.length > MAX_TEXT_LENGTH || email.length > MAX_TEXT_LENGTH)
      throw GrafanaError.badRequestData();
    return this.teams.create(principal, name, email);
  }

  @Put(':teamId')
  @OnFailure('Failed to update Team')
  @ApiOperation({ summary: 'Rename a team or change its email (absent email clears it)' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiBody({ type: UpdateTeamDto })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / Team name taken'],
    [403, 'Permissions needed: teams:write'],
    [404, 'Team not found'],
  )
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('teamId') rawTeamId: string,
    @Body() body: unknown,
  ) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.write);
    const { name = '', email = '' } = decodeBodyOr400(body, TEAM_BODY);
    if (name.length > MAX_TEXT_LENGTH || email.length > MAX_TEXT_LENGTH)
      throw GrafanaError.badRequestData();
    return this.teams.update(principal, teamId, name, email);
  }

  @Delete(':teamId')
  @OnFailure('Failed to delete Team')
  @ApiOperation({ summary: 'Delete a team with its members and preferences' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors([403, 'Permissions needed: teams:delete'], [404, 'Team not found'])
  async delete(@CurrentPrincipal() principal: Principal, @Param('teamId') rawTeamId: string) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.delete);
    return this.teams.delete(principal, teamId);
  }
}
