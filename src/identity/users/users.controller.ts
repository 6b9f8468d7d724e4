import { Controller, Get, Query, UseFilters, UseGuards, UsePipes } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Settings } from '../../settings/settings';
import { RequiresPermission } from '../access/permission.guard';
import { userScope } from '../access/permissions';
import { AuthGuard } from '../auth/auth.guard';
import { ApiAuthenticated, ApiErrors } from '../../infra/http/grafana/api-docs';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../infra/http/grafana/on-failure.decorator';
import { PathId } from '../../infra/http/grafana/path-ids';
import { parseSortOptions } from '../../infra/http/grafana/sort-options';
import { GrafanaValidationPipe } from '../../infra/http/grafana/validation/grafana-validation.pipe';
import { pageWindow, paging } from '../../infra/http/grafana/validation/paging.query';
import { USER_SORTS, UserSort } from '../store/users.repository';
import { userProfile, userSearchHit } from './user-views';
import {
  UserLookupQueryDto,
  UserProfileDto,
  UserSearchQueryDto,
  UserSearchResultDto,
} from './users.dto';
import { UsersService } from './users.service';
import type { UserProfileView, UserSearchHit } from './user-views';

const SORTS = Object.keys(USER_SORTS) as UserSort[];

/** Server-wide user reads (Grafana Admin, `users:read`). */
@ApiTags('users')
@ApiAuthenticated()
@Controller('api/users')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new GrafanaValidationPipe())
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly settings: Settings,
  ) {}

  @Get('search')
  @OnFailure('Failed to fetch users')
  @RequiresPermission('users:read')
  @ApiOperation({ summary: 'Search users by login, email or name (substring, any case)' })
  @ApiOkResponse({ type: UserSearchResultDto })
  @ApiErrors([400, 'unknown sorting option'], [403, 'Permissions needed: users:read'])
  async search(
    @Query() query: UserSearchQueryDto,
  ): Promise<{ totalCount: number; users: UserSearchHit[]; page: number; perPage: number }> {
    const { page, perPage } = paging(query);
    const sort = parseSortOptions(query.sort, SORTS);
    const result = await this.users.search({
      query: query.query,
      ...pageWindow(page, perPage),
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
  @RequiresPermission('users:read')
  @ApiOperation({ summary: 'A user by login or email' })
  @ApiOkResponse({ type: UserProfileDto })
  @ApiErrors([403, 'Permissions needed: users:read'], [404, 'user not found'])
  async lookup(@Query() query: UserLookupQueryDto): Promise<UserProfileView> {
    const user = await this.users.findByLoginOrEmail(query.loginOrEmail);
    if (!user) throw GrafanaError.message(404, 'user not found');
    return userProfile(user, this.settings.identity);
  }

  @Get(':id')
  @OnFailure('Failed to get user')
  // The RBAC middleware runs before the handler parses the id.
  @RequiresPermission('users:read', (params) => userScope(params.id ?? ''))
  @ApiOperation({ summary: 'A user by id' })
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOkResponse({ type: UserProfileDto })
  @ApiErrors(
    [400, 'id is invalid'],
    [403, 'Permissions needed: users:read'],
    [404, 'user not found'],
  )
  async byId(@PathId('id') id: number): Promise<UserProfileView> {
    const user = await this.users.findById(id);
    if (!user || user.isServiceAccount) throw GrafanaError.message(404, 'user not found');
    return userProfile(user, this.settings.identity);
  }
}
