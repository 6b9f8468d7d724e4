import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Query,
  UseFilters,
  UseGuards,
  UsePipes,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { OrgRole } from '../../infra/database/schema';
import { Settings } from '../../settings/settings';
import { principalPermissions } from '../access/access-checks';
import { RequiresPermission } from '../access/permission.guard';
import { actionsOn } from '../access/permissions';
import { AuthGuard, CurrentPrincipal } from '../auth/auth.guard';
import type { Principal } from '../auth/principal';
import { ApiAuthenticated, ApiErrors } from '../../infra/http/grafana/api-docs';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../infra/http/grafana/on-failure.decorator';
import { PathId } from '../../infra/http/grafana/path-ids';
import { pageWindow, paging } from '../../infra/http/grafana/validation/paging.query';
import { GrafanaValidationPipe } from '../../infra/http/grafana/validation/grafana-validation.pipe';
import { IdentityError } from '../identity.errors';
import { parseSortOptions } from '../../infra/http/grafana/sort-options';
import { orgUserView, OrgUserViewOptions, roleIncludes } from '../users/user-views';
import { AddOrgUserDto, AddOrgUserResponseDto } from './orgs.dto';
import {
  ORG_USER_SORT_OPTIONS,
  OrgUserDto,
  OrgUsersQueryDto,
  OrgUsersSearchQueryDto,
  RemoveOrgUserResponseDto,
  SearchOrgUsersResultDto,
} from './org-users.dto';
import { OrgUsersService } from './org-users.service';
import { OrgsService } from './orgs.service';
import type { OrgUserView } from '../users/user-views';

const ORG_ID_PARAM = { name: 'orgId', schema: { type: 'integer' } } as const;
const USER_ID_PARAM = { name: 'userId', schema: { type: 'integer' } } as const;
const orgScope = (params: Readonly<Record<string, string | undefined>>) =>
  `orgs:id:${params.orgId}`;

/**
 * The people of an org, as the Grafana Terraform provider and other clients read them: the
 * current org (`X-Grafana-Org-Id`, else the caller's) under `/api/org/users`, any org under
 * `/api/orgs/:orgId/users` (Grafana Admin). Role changes and adding to another org are in
 * OrgsController.
 */
@ApiTags('org users')
@ApiAuthenticated()
@Controller('api')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new GrafanaValidationPipe())
export class OrgUsersController {
  constructor(
    private readonly orgUsers: OrgUsersService,
    private readonly orgs: OrgsService,
    private readonly settings: Settings,
  ) {}

  @Get('org/users')
  @OnFailure('Failed to get users for current organization')
  @RequiresPermission('org.users:read', () => 'users:*')
  @ApiOperation({ summary: 'Every user of the current org with their role (Viewers too)' })
  @ApiOkResponse({ type: [OrgUserDto] })
  @ApiErrors([403, 'Permissions needed: org.users:read'])
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: OrgUsersQueryDto,
  ): Promise<OrgUserView[]> {
    const users = await this.orgUsers.search({
      orgId: principal.orgId,
      query: query.query,
      limit: query.limit > 0 ? query.limit : undefined,
      offset: 0,
      sort: [],
      hiddenLogins: this.hiddenLogins(principal),
    });
    return users.users.map((user) => orgUserView(user, this.viewOptions(principal, query)));
  }

  @Get('org/users/search')
  @OnFailure('Failed to get users for current organization')
  @RequiresPermission('org.users:read', () => 'users:*')
  @ApiOperation({ summary: 'Users of the current org, paged (default page size 1000)' })
  @ApiOkResponse({ type: SearchOrgUsersResultDto })
  @ApiErrors([400, 'unknown sorting option'], [403, 'Permissions needed: org.users:read'])
  search(
    @CurrentPrincipal() principal: Principal,
    @Query() query: OrgUsersSearchQueryDto,
  ): Promise<{ totalCount: number; orgUsers: OrgUserView[]; page: number; perPage: number }> {
    return this.searchPage(principal, principal.orgId, query);
  }

  @Post('org/users')
  @HttpCode(200)
  @OnFailure('Could not add user to organization')
  @RequiresPermission('org.users:add', () => 'users:*')
  @ApiOperation({ summary: 'Add an existing user (login or email) to the current org' })
  @ApiOkResponse({ type: AddOrgUserResponseDto })
  @ApiErrors(
    [400, 'Invalid role specified / bad request data'],
    [403, "Permissions needed: org.users:add / Cannot assign a role higher than user's role"],
    [404, 'User not found'],
    [409, 'User is already member of this organization (with userId)'],
  )
  async add(
    @CurrentPrincipal() principal: Principal,
    @Body() form: AddOrgUserDto,
  ): Promise<{ message: string; userId: number }> {
    // Grafana checks the role before it looks the user up.
    if (!principal.isGrafanaAdmin && !roleIncludes(principal.orgRole, form.role as OrgRole)) {
      throw GrafanaError.message(403, "Cannot assign a role higher than user's role");
    }
    try {
      const userId = await this.orgs.addUser(
        principal.orgId,
        form.loginOrEmail,
        form.role as OrgRole,
      );
      return { message: 'User added to organization', userId };
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'user-not-found') {
        throw GrafanaError.message(404, 'User not found');
      }
      if (error instanceof IdentityError && error.reason === 'already-org-member') {
        const existing = await this.orgs.findUserId(form.loginOrEmail);
        throw new GrafanaError(409, {
          message: 'User is already member of this organization',
          userId: existing,
        });
      }
      throw error;
    }
  }

  @Delete('org/users/:userId')
  @OnFailure('Failed to remove user from organization')
  @RequiresPermission('org.users:remove', (params) => `users:id:${params.userId}`)
  @ApiOperation({
    summary: 'Remove a user from the current org; a user left in no org is deleted',
  })
  @ApiParam(USER_ID_PARAM)
  @ApiOkResponse({ type: RemoveOrgUserResponseDto })
  @ApiErrors(
    [400, 'userId is invalid / Cannot remove last organization admin'],
    [403, 'Permissions needed: org.users:remove'],
    [404, 'User not found'],
  )
  remove(
    @CurrentPrincipal() principal: Principal,
    @PathId('userId') userId: number,
  ): Promise<{ message: string }> {
    return this.removeUser(principal.orgId, userId, true);
  }

  @Get('orgs/:orgId/users')
  @OnFailure('Failed to get users for organization')
  @RequiresPermission('org.users:read', orgScope)
  @ApiOperation({ summary: 'Every user of an org (Grafana Admin)' })
  @ApiParam(ORG_ID_PARAM)
  @ApiOkResponse({ type: [OrgUserDto] })
  @ApiErrors(
    [400, 'orgId is invalid'],
    [403, 'Permissions needed: org.users:read'],
    [404, 'Organization not found'],
  )
  async listInOrg(
    @CurrentPrincipal() principal: Principal,
    @PathId('orgId') orgId: number,
  ): Promise<OrgUserView[]> {
    await this.requireOrg(orgId);
    const users = await this.orgUsers.search({
      orgId,
      query: '',
      offset: 0,
      sort: [],
      hiddenLogins: this.hiddenLogins(principal),
    });
    const options = this.viewOptions(principal, new OrgUsersQueryDto());
    return users.users.map((user) => orgUserView(user, options));
  }

  @Get('orgs/:orgId/users/search')
  @OnFailure('Failed to get users for organization')
  @RequiresPermission('org.users:read', orgScope)
  @ApiOperation({ summary: 'Users of an org, paged (Grafana Admin)' })
  @ApiParam(ORG_ID_PARAM)
  @ApiOkResponse({ type: SearchOrgUsersResultDto })
  @ApiErrors(
    [400, 'orgId is invalid / unknown sorting option'],
    [403, 'Permissions needed: org.users:read'],
    [404, 'Organization not found'],
  )
  async searchInOrg(
    @CurrentPrincipal() principal: Principal,
    @PathId('orgId') orgId: number,
    @Query() query: OrgUsersSearchQueryDto,
  ): Promise<{ totalCount: number; orgUsers: OrgUserView[]; page: number; perPage: number }> {
    await this.requireOrg(orgId);
    return this.searchPage(principal, orgId, query);
  }

  @Delete('orgs/:orgId/users/:userId')
  @OnFailure('Failed to remove user from organization')
  @RequiresPermission('org.users:remove', orgScope)
  @ApiOperation({ summary: 'Remove a user from an org (Grafana Admin); the user is kept' })
  @ApiParam(USER_ID_PARAM)
  @ApiParam(ORG_ID_PARAM)
  @ApiOkResponse({ type: RemoveOrgUserResponseDto })
  @ApiErrors(
    [400, 'userId is invalid / orgId is invalid / Cannot remove last organization admin'],
    [403, 'Permissions needed: org.users:remove'],
    [404, 'User not found / Organization not found'],
  )
  async removeInOrg(
    @PathId('userId') userId: number,
    @PathId('orgId') orgId: number,
  ): Promise<{ message: string }> {
    await this.requireOrg(orgId);
    return this.removeUser(orgId, userId, false);
  }

  private async searchPage(principal: Principal, orgId: number, query: OrgUsersSearchQueryDto) {
    const { page, perPage } = paging(query);
    const result = await this.orgUsers.search({
      orgId,
      query: query.query,
      ...pageWindow(page, perPage),
      sort: parseSortOptions(query.sort, ORG_USER_SORT_OPTIONS),
      hiddenLogins: this.hiddenLogins(principal),
    });
    const options = this.viewOptions(principal, query);
    return {
      totalCount: result.total,
      orgUsers: result.users.map((user) => orgUserView(user, options)),
      page,
      perPage,
    };
  }

  private async removeUser(orgId: number, userId: number, deleteOrphan: boolean) {
    try {
      const outcome = await this.orgUsers.remove(orgId, userId, deleteOrphan);
      return {
        message: outcome === 'user-deleted' ? 'User deleted' : 'User removed from organization',
      };
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'user-not-found') {
        throw GrafanaError.message(404, 'User not found');
      }
      if (error instanceof IdentityError && error.reason === 'last-org-admin') {
        throw GrafanaError.message(400, 'Cannot remove last organization admin');
      }
      throw error;
    }
  }

  private async requireOrg(orgId: number): Promise<void> {
    try {
      await this.orgUsers.requireOrg(orgId);
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'org-not-found') {
        throw GrafanaError.message(404, 'Organization not found');
      }
      throw error;
    }
  }

  /** `[users] hidden_users` are left out, except for Grafana Admins and the hidden user. */
  private hiddenLogins(principal: Principal): string[] {
    if (principal.isGrafanaAdmin) return [];
    return this.settings.identity.hiddenUsers.filter((login) => login !== principal.login);
  }

  private viewOptions(principal: Principal, query: { accesscontrol: boolean }): OrgUserViewOptions {
    if (!query.accesscontrol) return this.settings.identity;
    const permissions = principalPermissions(principal, this.settings.identity.editorsCanAdmin);
    return {
      ...this.settings.identity,
      accessControl: (userId) => {
        const actions = actionsOn(permissions, `users:id:${userId}`);
        return actions.length > 0
          ? Object.fromEntries(actions.map((action) => [action, true]))
          : undefined;
      },
    };
  }
}
