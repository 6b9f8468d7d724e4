import { Body, Controller, Get, Put, UseFilters, UseGuards, UsePipes } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { TEAM_ACTIONS, AuthGuard, CurrentPrincipal } from '../../../identity';
import type { Principal } from '../../../identity';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../../../infra/http/grafana/api-docs';
import { GrafanaExceptionFilter } from '../../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../../infra/http/grafana/on-failure.decorator';
import { GrafanaValidationPipe } from '../../../infra/http/grafana/validation/grafana-validation.pipe';
import { TeamPreferencesService } from '../../preferences/team-preferences.service';
import { RouteTeamId, TeamRoute } from '../team-route.guard';
import { PreferencesDto, UpdatePreferencesDto } from './team-preferences.dto';
import { TEAM_ID_PARAM } from '../route-params';
import type { PreferencesView } from '../../preferences/team-preferences.codec';

/** Team preferences (spec E11, E12). */
@ApiTags('team preferences')
@ApiAuthenticated()
@Controller('api/teams/:teamId/preferences')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new GrafanaValidationPipe())
export class TeamPreferencesController {
  constructor(private readonly preferences: TeamPreferencesService) {}

  @Get()
  @OnFailure('Failed to get preferences')
  @TeamRoute(TEAM_ACTIONS.read)
  @ApiOperation({ summary: 'The team’s preferences: only keys with a value; {} when none' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: PreferencesDto })
  @ApiErrors([403, 'Permissions needed: teams:read'], [404, 'Team not found'])
  get(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
  ): Promise<PreferencesView> {
    return this.preferences.get(principal, teamId);
  }

  @Put()
  @OnFailure('Failed to save preferences')
  @TeamRoute(TEAM_ACTIONS.write)
  @ApiOperation({ summary: 'Replace the team’s preferences (omitted keys reset)' })
  @ApiParam(TEAM_ID_PARAM)
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'bad request data / Invalid theme / unknown cookie type'],
    [403, 'Permissions needed: teams:write'],
    [404, 'Team not found / Dashboard not found'],
  )
  replace(
    @CurrentPrincipal() principal: Principal,
    @RouteTeamId() teamId: number,
    @Body() body: UpdatePreferencesDto,
  ): Promise<{ message: string }> {
    return this.preferences.replace(principal, teamId, body);
  }
}
