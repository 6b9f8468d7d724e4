import { Controller, Get, Param, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Settings } from '../../settings/settings';
import { requirePermission } from '../access/access-checks';
import { userScope } from '../access/permissions';
import { AuthGuard, CurrentPrincipal } from '../auth/auth.guard';
import type { Principal } from '../auth/principal';
import { ApiAuthenticated, ApiErrors } from '../http/api-docs';
import { GrafanaError } from '../http/grafana-error';
import { GrafanaExceptionFilter } from '../http/grafana-exception.filter';
import { paging, queryString, RawQuery } from '../http/go-query';
import { OnFailure } from '../http/on-failure.decorator';
import { requirePathId } from '../http/path-ids';
import { parseSortOptions } from '../http/sort-options';
import { USER_SORTS, UserSort } from '../store/users.repository';
import { userProfile, userSearchHit } from './user-views';
import { UserProfileDto, UserSearchResultDto } from './users.dto';
import { UsersService } from './users.service';

const SORTS = Object.keys(USER_SORTS) as UserSort[];

/** Server-wide user reads (Grafana Admin, `users:read`). */
@ApiTags('users')
@ApiAuthenticated()
@Controller('api/users')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly settings: Settings,
  ) {}

  @Get('search')
  @OnFailure('Failed to fetch users')
  @ApiOperation({ summary: 'Search users by login, email or name (substring, any case)' })
  @ApiQuery({ name: 'query', required: false })
  @ApiQuery({ name: 'perpage', required: false, description: 'default 1000' })
  @ApiQuery({ name: 'page', required: false, description: 'default 1' })
  @ApiQuery({ name: 'sort', required: false, description: `comma-separated: ${SORTS.join(', ')}` })
  @ApiOkResponse({ type: UserSearchResultDto })
  @ApiErrors([400, 'unknown sorting option'], [403, 'Permissions needed: users:read'])
  async search(@CurrentPrincipal() principal: Principal, @Query() query: RawQuery) {
    requirePermission(principal, 'users:read');
    const { page, perPage } = paging(query);
    const sort = parseSortOptions(queryString(query, 'sort'), SORTS);
    const result = await this.users.search({
      query: queryString(query, 'query'),
      limit: perPage,
      offset: perPage * (page - 1),
      sort,
    });
    return {
      totalCount: result.total,
      users: result.users.map((user) => userSearchHit(user, this.settings.identity)),
      page,
      perPage,
    };
  }

  @Get('lookup')
  @OnFailure('Failed to get user')
  @ApiOperation({ summary: 'A user by login or email' })
  @ApiQuery({ name: 'loginOrEmail', required: true })
  @ApiOkResponse({ type: UserProfileDto })
  @ApiErrors([403, 'Permissions needed: users:read'], [404, 'user not found'])
  async lookup(@CurrentPrincipal() principal: Principal, @Query() query: RawQuery) {
    requirePermission(principal, 'users:read');
    const user = await this.users.findByLoginOrEmail(queryString(query, 'loginOrEmail'));
    if (!user) throw GrafanaError.message(404, 'user not found');
    return userProfile(user, this.settings.identity);
  }

  @Get(':id')
  @OnFailure('Failed to get user')
  @ApiOperation({ summary: 'A user by id' })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOkResponse({ type: UserProfileDto })
  @ApiErrors(
    [400, 'id is invalid'],
    [403, 'Permissions needed: users:read'],
    [404, 'user not found'],
  )
  async byId(@CurrentPrincipal() principal: Principal, @Param('id') rawId: string) {
    // The RBAC middleware runs before the handler parses the id.
    requirePermission(principal, 'users:read', userScope(rawId));
    const id = requirePathId(rawId, 'id');
    const user = await this.users.findById(id);
    if (!user || user.isServiceAccount) throw GrafanaError.message(404, 'user not found');
    return userProfile(user, this.settings.identity);
  }
}
