import {
  Body,
  Controller,
  HttpCode,
  Patch,
  Post,
  UseFilters,
  UseGuards,
  UsePipes,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequiresPermission } from '../access/permission.guard';
import { AuthGuard, CurrentPrincipal } from '../auth/auth.guard';
import type { Principal } from '../auth/principal';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../../infra/http/grafana/api-docs';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../infra/http/grafana/on-failure.decorator';
import { PathId } from '../../infra/http/grafana/path-ids';
import { GrafanaValidationPipe } from '../../infra/http/grafana/validation/grafana-validation.pipe';
import { IdentityError } from '../identity.errors';
import type { OrgRole } from '../../infra/database/schema';
import {
  AddOrgUserDto,
  AddOrgUserResponseDto,
  CreateOrgDto,
  CreateOrgResponseDto,
  UpdateOrgUserDto,
} from './orgs.dto';
import { OrgsService } from './orgs.service';

/** Organisations and their members: what a client needs to set up orgs and roles. */
@ApiTags('orgs')
@ApiAuthenticated()
@Controller('api')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(new GrafanaValidationPipe())
export class OrgsController {
  constructor(private readonly orgs: OrgsService) {}

  @Post('orgs')
  @HttpCode(200)
  @OnFailure('Failed to create organization')
  @RequiresPermission('orgs:create')
  @ApiOperation({ summary: 'Create an org (Grafana Admin); the creator becomes its Admin' })
  @ApiOkResponse({ type: CreateOrgResponseDto })
  @ApiErrors(
    [400, 'bad request data'],
    [403, 'Permissions needed: orgs:create'],
    [409, 'Organization name taken'],
  )
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() { name }: CreateOrgDto,
  ): Promise<{ orgId: number; message: string }> {
    try {
      const org = await this.orgs.create(
        name,
        principal.kind === 'user' ? principal.userId : undefined,
      );
      return { orgId: org.id, message: 'Organization created' };
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'org-name-taken') {
        throw GrafanaError.message(409, 'Organization name taken', true);
      }
      throw error;
    }
  }

  @Post('orgs/:orgId/users')
  @HttpCode(200)
  @OnFailure('Could not add user to organization')
  @RequiresPermission('org.users:add', (params) => `orgs:id:${params.orgId}`)
  @ApiOperation({ summary: 'Add a user to an org with a role (Grafana Admin)' })
  @ApiParam({ name: 'orgId', type: 'integer' })
  @ApiOkResponse({ type: AddOrgUserResponseDto })
  @ApiErrors(
    [400, 'orgId is invalid / Invalid role specified / bad request data'],
    [403, 'Permissions needed: org.users:add'],
    [404, 'User not found / Organization not found'],
    [409, 'User is already member of this organization'],
  )
  async addUser(
    @PathId('orgId') orgId: number,
    @Body() form: AddOrgUserDto,
  ): Promise<{ message: string; userId: number }> {
    try {
      const userId = await this.orgs.addUser(orgId, form.loginOrEmail, form.role as OrgRole);
      return { message: 'User added to organization', userId };
    } catch (error) {
      if (error instanceof IdentityError) {
        if (error.reason === 'user-not-found') throw GrafanaError.message(404, 'User not found');
        if (error.reason === 'org-not-found') {
          throw GrafanaError.message(404, 'Organization not found');
        }
        // Grafana names the member in this answer.
        if (error.reason === 'already-org-member') {
          throw new GrafanaError(409, {
            message: 'User is already member of this organization',
            userId: await this.orgs.findUserId(form.loginOrEmail),
          });
        }
      }
      throw error;
    }
  }

  @Patch('org/users/:userId')
  @OnFailure('Failed update org user')
  @RequiresPermission('org.users:write', (params) => `users:id:${params.userId}`)
  @ApiOperation({ summary: 'Change the role of a member of the current org (org Admin)' })
  @ApiParam({ name: 'userId', type: 'integer' })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'userId is invalid / Invalid role specified / last Admin'],
    [403, 'Permissions needed: org.users:write'],
    [404, 'User not found'],
  )
  async updateUser(
    @CurrentPrincipal() principal: Principal,
    @PathId('userId') userId: number,
    @Body() { role }: UpdateOrgUserDto,
  ): Promise<{ message: string }> {
    try {
      await this.orgs.setRole(principal.orgId, userId, role as OrgRole);
      return { message: 'Organization user updated' };
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'user-not-found') {
        throw GrafanaError.message(404, 'User not found');
      }
      if (error instanceof IdentityError && error.reason === 'last-org-admin') {
        throw GrafanaError.message(
          400,
          'Cannot change role so that there is no organization admin left',
        );
      }
      throw error;
    }
  }
}
