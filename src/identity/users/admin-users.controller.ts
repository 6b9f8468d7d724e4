import { Body, Controller, HttpCode, Post, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { requirePermission } from '../access/access-checks';
import { AuthGuard, CurrentPrincipal } from '../auth/auth.guard';
import type { Principal } from '../auth/principal';
import { ApiAuthenticated, ApiErrors } from '../http/api-docs';
import { decodeBodyOr400 } from '../http/go-json';
import { GrafanaError } from '../http/grafana-error';
import { GrafanaExceptionFilter } from '../http/grafana-exception.filter';
import { OnFailure } from '../http/on-failure.decorator';
import { IdentityError } from '../identity.errors';
import { AdminCreateUserDto, AdminCreateUserResponseDto } from './users.dto';
import { UsersService } from './users.service';
import { MAX_TEXT_LENGTH } from '../identity.limits';

const CREATE_USER = {
  name: 'string',
  email: 'string',
  login: 'string',
  password: 'string',
  orgId: 'int',
} as const;

@ApiTags('users')
@ApiAuthenticated()
@Controller('api/admin/users')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
export class AdminUsersController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @HttpCode(200)
  @OnFailure('failed to create user')
  @ApiOperation({ summary: 'Create a user (Grafana Admin); they join the org as Viewer' })
  @ApiBody({ type: AdminCreateUserDto })
  @ApiOkResponse({ type: AdminCreateUserResponseDto })
  @ApiErrors(
    [
      400,
      'Validation error, need specify either username or email / Password is missing or too short',
    ],
    [403, 'Permissions needed: users:create'],
    [412, "User with email '…' or username '…' already exists"],
  )
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    requirePermission(principal, 'users:create');
    const form = decodeBodyOr400(body, CREATE_USER);
    const email = (form.email ?? '').trim();
    const login = (form.login ?? '').trim() || email;
    const name = form.name ?? '';
    if (login === '')
      throw GrafanaError.message(400, 'Validation error, need specify either username or email');
    const password = form.password ?? '';
    if (password.length < 4) throw GrafanaError.message(400, 'Password is missing or too short');
    if ([login, email, name].some((text) => text.length > MAX_TEXT_LENGTH))
      throw GrafanaError.badRequestData();
    try {
      const user = await this.users.create({
        login,
        email,
        name,
        password,
        orgId: form.orgId || undefined,
      });
      return { id: user.id, uid: user.uid, message: 'User created' };
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'org-not-found')
        throw GrafanaError.message(400, 'organization not found');
      if (error instanceof IdentityError && error.reason === 'user-exists')
        throw GrafanaError.message(
          412,
          `User with email '${email}' or username '${login}' already exists`,
          true,
        );
      throw error;
    }
  }
}
