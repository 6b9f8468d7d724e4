import { Controller, Get, Param, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { requirePermission, userScope, AuthGuard, CurrentPrincipal } from '../../identity';
import type { Principal } from '../../identity';
import { ApiAuthenticated, ApiErrors } from '../../infra/http/grafana/api-docs';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../infra/http/grafana/on-failure.decorator';
import { requirePathId } from '../../infra/http/grafana/path-ids';
import { TeamsService } from '../teams.service';
import { TeamDto } from './teams.dto';
import type { TeamView } from '../team-views';

/** The teams of a user (spec E13, E14). */
@ApiTags('teams')
@ApiAuthenticated()
@Controller('api')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
export class UserTeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Get('user/teams')
  @OnFailure('Failed to get user teams')
  @ApiOperation({ summary: 'Teams of the signed-in user in the current org' })
  @ApiOkResponse({ type: [TeamDto] })
  @ApiErrors([404, 'user not found (service account tokens are not users)'])
  async mine(@CurrentPrincipal() principal: Principal): Promise<TeamView[]> {
    if (principal.kind !== 'user') throw GrafanaError.message(404, 'user not found');
    return this.teams.teamsOfUser(principal, principal.userId);
  }

  @Get('users/:id/teams')
  @OnFailure('Failed to get user teams')
  @ApiOperation({ summary: 'Teams of a user in the current org (Grafana Admin)' })
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @ApiOkResponse({ type: [TeamDto] })
  @ApiErrors([400, 'id is invalid'], [403, 'Permissions needed: users.teams:read'])
  async ofUser(
    @CurrentPrincipal() principal: Principal,
    @Param('id') rawId: string,
  ): Promise<TeamView[]> {
    requirePermission(principal, 'users.teams:read', userScope(rawId));
    return this.teams.teamsOfUser(principal, requirePathId(rawId, 'id'));
  }
}
