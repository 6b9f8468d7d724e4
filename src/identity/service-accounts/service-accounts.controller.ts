import { Body, Controller, HttpCode, Post, UseFilters, UseGuards, UsePipes } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { Settings } from '../../settings/settings';
import type { OrgRole } from '../../infra/database/schema';
import { RequiresPermission } from '../access/permission.guard';
import { AuthGuard, CurrentPrincipal } from '../auth/auth.guard';
import type { Principal } from '../auth/principal';
import { BAD_REQUEST_MESSAGE } from '../../infra/http/grafana/api-route-hooks';
import { ApiAuthenticated, ApiErrors } from '../../infra/http/grafana/api-docs';
import { avatarUrlWithDefault } from '../../infra/http/grafana/avatar';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { GrafanaExceptionFilter } from '../../infra/http/grafana/grafana-exception.filter';
import { OnFailure } from '../../infra/http/grafana/on-failure.decorator';
import { PathId } from '../../infra/http/grafana/path-ids';
import { GrafanaValidationPipe } from '../../infra/http/grafana/validation/grafana-validation.pipe';
import { IdentityError } from '../identity.errors';
import {
  CreateServiceAccountDto,
  CreateTokenDto,
  NewTokenDto,
  ServiceAccountDto,
} from './service-accounts.dto';
import { ServiceAccountsService } from './service-accounts.service';

/** Grafana writes "Bad request data" (capital B) on these routes. */
const BAD_REQUEST = 'Bad request data';
const ROLE_RANK: Record<OrgRole, number> = { None: 0, Viewer: 1, Editor: 2, Admin: 3 };
const validation = new GrafanaValidationPipe(BAD_REQUEST);

@ApiTags('service accounts')
@ApiAuthenticated()
@Controller('api/serviceaccounts')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
@UsePipes(validation)
export class ServiceAccountsController {
  constructor(
    private readonly accounts: ServiceAccountsService,
    private readonly settings: Settings,
  ) {}

  @Post()
  @HttpCode(201)
  @RouteConfig({ [BAD_REQUEST_MESSAGE]: BAD_REQUEST })
  @OnFailure('Failed to create service account')
  @RequiresPermission('serviceaccounts:create')
  @ApiOperation({ summary: 'Create a service account in the current org (org Admin)' })
  @ApiCreatedResponse({ type: ServiceAccountDto })
  @ApiErrors(
    [400, 'Bad request data / invalid role specified / service account already exists'],
    [
      403,
      "Permissions needed: serviceaccounts:create / can not assign a role higher than user's role",
    ],
  )
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() { name, isDisabled, ...form }: CreateServiceAccountDto,
  ): Promise<{
    id: number;
    uid: string;
    name: string;
    login: string;
    orgId: number;
    isDisabled: boolean;
    role: 'Viewer' | 'Editor' | 'Admin' | 'None';
    tokens: number;
    avatarUrl: string;
  }> {
    const role = form.role as OrgRole;
    if (ROLE_RANK[role] > ROLE_RANK[principal.orgRole]) {
      throw GrafanaError.message(403, "can not assign a role higher than user's role", true);
    }
    try {
      const { account } = await this.accounts.create(principal.orgId, name, role, isDisabled);
      return {
        id: account.id,
        uid: account.uid,
        name: account.name,
        login: account.login,
        orgId: principal.orgId,
        isDisabled: account.isDisabled,
        role,
        tokens: 0,
        avatarUrl: avatarUrlWithDefault('', account.name, this.settings.identity),
      };
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'service-account-exists') {
        throw GrafanaError.structured(
          400,
          'serviceaccounts.ErrAlreadyExists',
          'service account already exists',
        );
      }
      throw error;
    }
  }

  @Post(':serviceAccountId/tokens')
  @HttpCode(200)
  @RouteConfig({ [BAD_REQUEST_MESSAGE]: BAD_REQUEST })
  @OnFailure('Failed to add service account token')
  @RequiresPermission(
    'serviceaccounts:write',
    (params) => `serviceaccounts:id:${params.serviceAccountId}`,
  )
  @ApiOperation({ summary: 'Create a token for a service account (org Admin)' })
  @ApiParam({ name: 'serviceAccountId', type: 'integer' })
  @ApiBody({ type: CreateTokenDto })
  @ApiOkResponse({ type: NewTokenDto })
  @ApiErrors(
    [400, 'Service Account ID is invalid / Bad request data / invalid SecondsToLive value'],
    [403, 'Permissions needed: serviceaccounts:write'],
    [404, 'Failed to retrieve service account'],
    [409, 'service account token with given name already exists in the organization'],
  )
  async createToken(
    @CurrentPrincipal() principal: Principal,
    @PathId('serviceAccountId', 'Service Account ID') id: number,
    @Body() body: unknown,
  ): Promise<{ id: number; name: string; key: string }> {
    const account = await this.accounts.find(principal.orgId, id);
    if (!account) throw GrafanaError.message(404, 'Failed to retrieve service account', true);
    // Grafana binds the body only once the account is found: the pipe runs here, not before.
    const { name, secondsToLive } = await validation.readBody(CreateTokenDto, body);
    try {
      return await this.accounts.createToken(principal.orgId, account.id, name, secondsToLive);
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'token-name-taken') {
        throw GrafanaError.message(
          409,
          'service account token with given name already exists in the organization',
        );
      }
      throw error;
    }
  }
}
