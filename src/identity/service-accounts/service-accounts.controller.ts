import { Body, Controller, HttpCode, Param, Post, UseFilters, UseGuards } from '@nestjs/common';
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
import { requirePermission } from '../access/access-checks';
import { AuthGuard, CurrentPrincipal } from '../auth/auth.guard';
import type { Principal } from '../auth/principal';
import { BAD_REQUEST_MESSAGE } from '../http/api-route-hooks';
import { ApiAuthenticated, ApiErrors } from '../http/api-docs';
import { avatarUrlWithDefault } from '../http/avatar';
import { decodeBodyOr400 } from '../http/go-json';
import { GrafanaError } from '../http/grafana-error';
import { GrafanaExceptionFilter } from '../http/grafana-exception.filter';
import { OnFailure } from '../http/on-failure.decorator';
import { requirePathId } from '../http/path-ids';
import { IdentityError } from '../identity.errors';
import { MAX_TEXT_LENGTH } from '../identity.limits';
import { isOrgRole } from '../users/user-views';
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
/** A hundred years: beyond it an expiry date is meaningless (and overflows). */
const MAX_SECONDS_TO_LIVE = 100 * 365 * 24 * 3600;

@ApiTags('service accounts')
@ApiAuthenticated()
@Controller('api/serviceaccounts')
@UseGuards(AuthGuard)
@UseFilters(GrafanaExceptionFilter)
export class ServiceAccountsController {
  constructor(
    private readonly accounts: ServiceAccountsService,
    private readonly settings: Settings,
  ) {}

  @Post()
  @HttpCode(201)
  @RouteConfig({ [BAD_REQUEST_MESSAGE]: BAD_REQUEST })
  @OnFailure('Failed to create service account')
  @ApiOperation({ summary: 'Create a service account in the current org (org Admin)' })
  @ApiBody({ type: CreateServiceAccountDto })
  @ApiCreatedResponse({ type: ServiceAccountDto })
  @ApiErrors(
    [400, 'Bad request data / invalid role specified / service account already exists'],
    [
      403,
      "Permissions needed: serviceaccounts:create / can not assign a role higher than user's role",
    ],
  )
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    requirePermission(principal, 'serviceaccounts:create');
    const form = decodeBodyOr400(
      body,
      { name: 'string', role: 'string', isDisabled: 'bool' },
      BAD_REQUEST,
    );
    const name = form.name ?? '';
    if (name === '' || name.length > MAX_TEXT_LENGTH)
      throw GrafanaError.badRequestData(BAD_REQUEST);
    const role = form.role ?? 'Viewer';
    if (!isOrgRole(role)) throw GrafanaError.message(400, 'invalid role specified', true);
    if (ROLE_RANK[role] > ROLE_RANK[principal.orgRole])
      throw GrafanaError.message(403, "can not assign a role higher than user's role", true);
    try {
      const { account } = await this.accounts.create(
        principal.orgId,
        name,
        role,
        form.isDisabled ?? false,
      );
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
      if (error instanceof IdentityError && error.reason === 'service-account-exists')
        throw GrafanaError.structured(
          400,
          'serviceaccounts.ErrAlreadyExists',
          'service account already exists',
        );
      throw error;
    }
  }

  @Post(':serviceAccountId/tokens')
  @HttpCode(200)
  @RouteConfig({ [BAD_REQUEST_MESSAGE]: BAD_REQUEST })
  @OnFailure('Failed to add service account token')
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
    @Param('serviceAccountId') rawId: string,
    @Body() body: unknown,
  ) {
    requirePermission(principal, 'serviceaccounts:write', `serviceaccounts:id:${rawId}`);
    const id = requirePathId(rawId, 'Service Account ID');
    const account = await this.accounts.find(principal.orgId, id);
    if (!account) throw GrafanaError.message(404, 'Failed to retrieve service account', true);
    const form = decodeBodyOr400(body, { name: 'string', secondsToLive: 'int' }, BAD_REQUEST);
    const name = form.name ?? '';
    if (name === '' || name.length > MAX_TEXT_LENGTH)
      throw GrafanaError.badRequestData(BAD_REQUEST);
    const secondsToLive = form.secondsToLive ?? 0;
    if (secondsToLive < 0 || secondsToLive > MAX_SECONDS_TO_LIVE)
      throw GrafanaError.message(400, 'invalid SecondsToLive value');
    try {
      return await this.accounts.createToken(principal.orgId, account.id, name, secondsToLive);
    } catch (error) {
      if (error instanceof IdentityError && error.reason === 'token-name-taken')
        throw GrafanaError.message(
          409,
          'service account token with given name already exists in the organization',
        );
      throw error;
    }
  }
}
