import {
  Body,
  Controller,
  HttpCode,
  Param,
  Patch,
  Post,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { requirePermission } from '../access/access-checks';
import { AuthGuard, CurrentPrincipal } from '../auth/auth.guard';
import type { Principal } from '../auth/principal';
import { ApiAuthenticated, ApiErrors, MessageDto } from '../http/api-docs';
import { decodeBodyOr400 } from '../http/go-json';
import { GrafanaError } from '../http/grafana-error';
import { GrafanaExceptionFilter } from '../http/grafana-exception.filter';
import { OnFailure } from '../http/on-failure.decorator';
import { requirePathId } from '../http/path-ids';
import { IdentityError } from '../identity.errors';
import { MAX_TEXT_LENGTH } from '../identity.limits';
import { isOrgRole } from '../users/user-views';
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
export class OrgsController {
  constructor(private readonly orgs: OrgsService) {}

  @Post('orgs')
  @HttpCode(200)
  @OnFailure('Failed to create organization')
  @ApiOperation({ summary: 'Create an org (Grafana Admin); the creator becomes its Admin' })
  @ApiBody({ type: CreateOrgDto })
  @ApiOkResponse({ type: CreateOrgResponseDto })
  @ApiErrors(
    [400, 'bad request data'],
    [403, 'Permissions needed: orgs:create'],
    [409, 'Organization name taken'],
  )
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    requirePermission(principal, 'orgs:create');
    const { name = '' } = decodeBodyOr400(body, { name: 'string' });
    if (name === '' || name.length > MAX_TEXT_LENGTH) throw GrafanaError.badRequestData();
    try {
      const org = await this.orgs.create(
        name,
        principal.kind === 'user' ? principal.userId : undefined,
      );
      return { orgId: org.id, message: 'Organization created' };
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'org-name-taken')
        throw GrafanaError.message(409, 'Organization name taken', true);
      throw error;
    }
  }

  @Post('orgs/:orgId/users')
  @HttpCode(200)
  @OnFailure('Could not add user to organization')
  @ApiOperation({ summary: 'Add a user to an org with a role (Grafana Admin)' })
  @ApiParam({ name: 'orgId', type: 'integer' })
  @ApiBody({ type: AddOrgUserDto })
  @ApiOkResponse({ type: AddOrgUserResponseDto })
  @ApiErrors(
    [400, 'orgId is invalid / Invalid role specified / bad request data'],
    [403, 'Permissions needed: org.users:add'],
    [404, 'User not found / Organization not found'],
    [409, 'User is already member of this organization'],
  )
  async addUser(
    @CurrentPrincipal() principal: Principal,
    @Param('orgId') rawOrgId: string,
    @Body() body: unknown,
  ) {
    requirePermission(principal, 'org.users:add', `orgs:id:${rawOrgId}`);
    const orgId = requirePathId(rawOrgId, 'orgId');
    const form = decodeBodyOr400(body, { loginOrEmail: 'string', role: 'string' });
    if (!form.loginOrEmail || !form.role) throw GrafanaError.badRequestData();
    if (!isOrgRole(form.role)) throw GrafanaError.message(400, 'Invalid role specified');
    try {
      const userId = await this.orgs.addUser(orgId, form.loginOrEmail, form.role);
      return { message: 'User added to organization', userId };
    } catch (error) {
      if (error instanceof IdentityError) {
        if (error.reason === 'user-not-found') throw GrafanaError.message(404, 'User not found');
        if (error.reason === 'org-not-found')
          throw GrafanaError.message(404, 'Organization not found');
        if (error.reason === 'already-org-member')
          throw GrafanaError.message(409, 'User is already member of this organization');
      }
      throw error;
    }
  }

  @Patch('org/users/:userId')
  @OnFailure('Failed update org user')
  @ApiOperation({ summary: 'Change the role of a member of the current org (org Admin)' })
  @ApiParam({ name: 'userId', type: 'integer' })
  @ApiBody({ type: UpdateOrgUserDto })
  @ApiOkResponse({ type: MessageDto })
  @ApiErrors(
    [400, 'userId is invalid / Invalid role specified / last Admin'],
    [403, 'Permissions needed: org.users:write'],
    [404, 'User not found'],
  )
  async updateUser(
    @CurrentPrincipal() principal: Principal,
    @Param('userId') rawUserId: string,
    @Body() body: unknown,
  ) {
    requirePermission(principal, 'org.users:write', `users:id:${rawUserId}`);
    const userId = requirePathId(rawUserId, 'userId');
    const { role = '' } = decodeBodyOr400(body, { role: 'string' });
    if (!isOrgRole(role)) throw GrafanaError.message(400, 'Invalid role specified');
    try {
      await this.orgs.setRole(principal.orgId, userId, role);
      return { message: 'Organization user updated' };
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'user-not-found')
        throw GrafanaError.message(404, 'User not found');
      if (error instanceof IdentityError && error.reason === 'last-org-admin')
        throw GrafanaError.message(
          400,
          'Cannot change role so that there is no organization admin left',
        );
      throw error;
    }
  }
}
