import { Controller, Get, Query, UseFilters, UseGuards, UsePipes } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TEAM_ACTIONS } from '../../identity/access/permissions';
import { AuthGuard, CurrentPrincipal } from '../../identity/auth/auth.guard';
import type { Principal } from '../../identity/auth/principal';
import { ApiAuthenticated, ApiErrors } from '../../identity/http/api-docs';
import { GrafanaExceptionFilter } from '../../identity/http/grafana-exception.filter';
import { OnFailure } from '../../identity/http/on-failure.decorator';
import { GrafanaValidationPipe } from '../../identity/http/validation/grafana-validation.pipe';
import { OrgUsersQueryDto, UserLookupDto } from '../../identity/orgs/org-users.dto';
import { OrgUsersService } from '../../identity/orgs/org-users.service';
import { userLookupView } from '../../identity/users/user-views';
import { Settings } from '../../settings/settings';
import { TeamAccessService } from '../access/team-access.service';

/**
 * `GET /api/org/users/lookup`: the short user list Grafana's UI uses to pick team members. Here,
 * not in identity, because team Admins may use it: Grafana OSS lets in `org.users:read` or
 * `teams.permissions:write` on any team (a team membership).
 */
@ApiTags('org users')
@ApiAuthenticated()
@Controller('api/org/users/lookup')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new GrafanaValidationPipe())
export class OrgUsersLookupController {
  constructor(
    private readonly orgUsers: OrgUsersService,
    private readonly access: TeamAccessService,
    private readonly settings: Settings,
  ) {}

  @Get()
  @OnFailure('Failed to get users for current organization')
  @ApiOperation({ summary: 'Users of the current org (id, uid, login, avatar); team Admins too' })
  @ApiOkResponse({ type: [UserLookupDto] })
  @ApiErrors([403, 'Permissions needed: teams.permissions:write'])
  async lookup(@CurrentPrincipal() principal: Principal, @Query() query: OrgUsersQueryDto) {
    if (!this.access.allowsUnscoped(principal, 'org.users:read')) {
      await this.access.requireAnywhere(principal, TEAM_ACTIONS.permissionsWrite);
    }
    const identity = this.settings.identity;
    const result = await this.orgUsers.search({
      orgId: principal.orgId,
      query: query.query,
      limit: query.limit > 0 ? query.limit : undefined,
      offset: 0,
      sort: [],
      hiddenLogins: principal.isGrafanaAdmin
        ? []
        : identity.hiddenUsers.filter((login) => login !== principal.login),
    });
    return result.users.map((user) => userLookupView(user, identity));
  }
}
