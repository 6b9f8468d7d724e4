import { Body, Controller, HttpCode, Post, UseFilters, UseGuards, UsePipes } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequiresPermission } from '../access/permission.guard';
import { AuthGuard } from '../auth/auth.guard';
import { ApiAuthenticated, ApiErrors } from '../../infra/http/grafana/api-docs';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../infra/http/grafana/on-failure.decorator';
import { GrafanaValidationPipe } from '../../infra/http/grafana/validation/grafana-validation.pipe';
import { IdentityError } from '../identity.errors';
import { AdminCreateUserDto, AdminCreateUserResponseDto, loginOf } from './users.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiAuthenticated()
@Controller('api/admin/users')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new GrafanaValidationPipe())
export class AdminUsersController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @HttpCode(200)
  @OnFailure('failed to create user')
  @RequiresPermission('users:create')
  @ApiOperation({ summary: 'Create a user (Grafana Admin); they join the org as Viewer' })
  @ApiOkResponse({ type: AdminCreateUserResponseDto })
  @ApiErrors(
    [
      400,
      'Validation error, need specify either username or email / Password is missing or too short',
    ],
    [403, 'Permissions needed: users:create'],
    [412, "User with email '…' or username '…' already exists"],
  )
  async create(
    @Body() form: AdminCreateUserDto,
  ): Promise<{ id: number; uid: string; message: string }> {
    const email = form.email.trim();
    const login = loginOf(form);
    try {
      const user = await this.users.create({
        login,
        email,
        name: form.name,
        password: form.password,
        orgId: form.orgId || undefined,
      });
      return { id: user.id, uid: user.uid, message: 'User created' };
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'org-not-found') {
        throw GrafanaError.message(400, 'organization not found');
      }
      if (error instanceof IdentityError && error.reason === 'user-exists') {
        throw GrafanaError.message(
          412,
          `User with email '${email}' or username '${login}' already exists`,
          true,
        );
      }
      throw error;
    }
  }
}
