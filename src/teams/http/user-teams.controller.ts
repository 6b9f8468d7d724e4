import { Controller, Get, Param, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { requirePermission } from '../../identity/access/access-checks';
import { userScope } from '../../identity/access/permissions';
import { AuthGuard, CurrentPrincipal } from '../../identity/auth/auth.guard';
import type { Principal } from '../../identity/auth/principal';
import { ApiAuthenticated, ApiErrors } from '../../identity/http/api-docs';
import { GrafanaError } from '../../identity/http/grafana-error';
import { GrafanaExceptionFilter } from '../../identity/http/grafana-exception.filter';
import { OnFailure } from '../../identity/http/on-failure.decorator';
import { requirePathId } from '../../identity/http/path-ids';
import { TeamsService } from '../teams.service';
import { TeamDto } from './teams.dto';

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
  async mine(@CurrentPrincipal() principal: Principal) {
    if (principal.kind !== 'user') throw GrafanaError.message(404, 'user not found');
    return this.teams.teamsOfUser(principal, principal.userId);
  }

  @Get('users/:id/teams')
  @OnFailure('Failed to get user teams')
  @ApiOperation({ summary: 'Teams of a user in the current org (Grafana Admin)' })
  @ApiParam({ name: 'id', schema: { type: 'integer' } })
  @ApiOkResponse({ type: [TeamDto] })
  @ApiErrors([400, 'id is invalid'], [403, 'Permissions needed: users.teams:read'])
  async ofUser(@CurrentPrincipal() principal: Principal, @Param('id') rawId: string) {
    requirePermission(principal, 'users.teams:read', userScope(rawId));
    return this.teams.teamsOfUser(principal, requirePathId(rawId, 'id'));
  }
}
