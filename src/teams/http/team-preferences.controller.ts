import { Body, Controller, Get, Param, Put, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { TEAM_ACTIONS } from '../../identity/access/permissions';
import { AuthGuard, CurrentPrincipal } from '../../identity/auth/auth.guard';
import type { Principal } from '../../identity/auth/principal';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../../identity/http/api-docs';
import { GrafanaExceptionFilter } from '../../identity/http/grafana-exception.filter';
import { OnFailure } from '../../identity/http/on-failure.decorator';
import { TeamPreferencesService } from '../preferences/team-preferences.service';
import { TeamRouteGate } from './team-route.gate';
import { PreferencesDto, UpdatePreferencesDto } from './teams.dto';
import { TEAM_ID_PARAM } from './route-params';

/** Team preferences (spec E11, E12). */
@ApiTags('team preferences')
@ApiAuthenticated()
@Controller('api/teams/:teamId/preferences')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
export class TeamPreferencesController {
  constructor(
    private readonly preferences: TeamPreferencesService,
    private readonly gate: TeamRouteGate,
  ) {}

  @Get()
  @OnFailure('Failed to get preferences')
  @ApiOperation({ summary: 'The team’s preferences: only keys with a value; {} when none' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: PreferencesDto })
  @ApiErrors([403, 'Permissions needed: teams:read'], [404, 'Team not found'])
  async get(@CurrentPrincipal() principal: Principal, @Param('teamId') rawTeamId: string) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.read);
    return this.preferences.get(principal, teamId);
  }

  @Put()
  @OnFailure('Failed to save preferences')
  @ApiOperation({ summary: 'Replace the team’s preferences (omitted keys reset)' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiBody({ type: UpdatePreferencesDto })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / Invalid theme / unknown cookie type'],
    [403, 'Permissions needed: teams:write'],
    [404, 'Team not found / Dashboard not found'],
  )
  async replace(
    @CurrentPrincipal() principal: Principal,
    @Param('teamId') rawTeamId: string,
    @Body() body: unknown,
  ) {
    const teamId = await this.gate.pass(principal, rawTeamId, TEAM_ACTIONS.write);
    return this.preferences.replace(principal, teamId, body);
  }
}
