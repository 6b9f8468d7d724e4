import { Controller, Get, Query, UseFilters, UseGuards, UsePipes } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  TEAM_ACTIONS,
  AuthGuard,
  CurrentPrincipal,
  OrgUsersQueryDto,
  UserLookupDto,
  OrgUsersService,
  userLookupView,
} from '../../identity';
import type { Principal } from '../../identity';
import { ApiAuthenticated, ApiErrors } from '../../infra/http/grafana/api-docs';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../infra/http/grafana/on-failure.decorator';
import { GrafanaValidationPipe } from '../../infra/http/grafana/validation/grafana-validation.pipe';
import { Settings } from '../../settings/settings';
import { TeamAccessService } from '../access/team-access.service';
import type { UserLookupView } from '../../identity';

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
  async lookup(
    @CurrentPrincipal() principal: Principal,
    @Query() query: OrgUsersQueryDto,
  ): Promise<UserLookupView[]> {
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
