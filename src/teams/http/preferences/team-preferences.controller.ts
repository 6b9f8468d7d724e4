import { Body, Controller, Get, Put, UseFilters, UseGuards, UsePipes } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { TEAM_ACTIONS } from '../../../identity/access/permissions';
import { AuthGuard, CurrentPrincipal } from '../../../identity/auth/auth.guard';
import type { Principal } from '../../../identity/auth/principal';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../../../identity/http/api-docs';
import { GrafanaExceptionFilter } from '../../../identity/http/grafana-exception.filter';
import { OnFailure } from '../../../identity/http/on-failure.decorator';
import { GrafanaValidationPipe } from '../../../identity/http/validation/grafana-validation.pipe';
import { TeamPreferencesService } from '../../preferences/team-preferences.service';
import { RouteTeamId, TeamRoute } from '../team-route.guard';
import { PreferencesDto, UpdatePreferencesDto } from './team-preferences.dto';
import { TEAM_ID_PARAM } from '../route-params';

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
  get(@CurrentPrincipal() principal: Principal, @RouteTeamId() teamId: number) {
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
  ) {
    return this.preferences.replace(principal, teamId, body);
  }
}
