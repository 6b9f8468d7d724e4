import { Module } from '@nestjs/common';
import { DatabaseModule } from '../infra/database/database.module';
import { AuthGuard } from './auth/auth.guard';
import { AuthenticatorService } from './auth/authenticator.service';
import { LoginProtection } from './auth/login-protection';
import { AdminBootstrapService } from './bootstrap/admin-bootstrap.service';
import { ApiFallbackController } from './http/api-fallback.controller';
import { ApiRouteHooks } from '../infra/http/grafana/api-route-hooks';
import { FailureInterceptor } from '../infra/http/grafana/on-failure.decorator';
import { OrgUsersController } from './orgs/org-users.controller';
import { OrgUsersService } from './orgs/org-users.service';
import { OrgsController } from './orgs/orgs.controller';
import { OrgsService } from './orgs/orgs.service';
import { ServiceAccountsController } from './service-accounts/service-accounts.controller';
import { ServiceAccountsService } from './service-accounts/service-accounts.service';
import { OrgMembersRepository } from './store/org-members.repository';
import { OrgUsersRepository } from './store/org-users.repository';
import { OrgsRepository } from './store/orgs.repository';
import { ServiceAccountTokensRepository } from './store/service-account-tokens.repository';
import { UsersRepository } from './store/users.repository';
import { AdminUsersController } from './users/admin-users.controller';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

/**
 * The identity store (orgs, users, service accounts, tokens), authentication, and the user and
 * org endpoints Grafana clients need. Exports what the teams and content domains use: the user
 * lookups, the org user search (the teams domain's `/api/org/users/lookup`), and the auth guard
 * (with `CurrentPrincipal`). The database comes from DatabaseModule.
 */
@Module({
  imports: [DatabaseModule],
  controllers: [
    AdminUsersController,
    UsersController,
    OrgsController,
    OrgUsersController,
    ServiceAccountsController,
    // Last: the catch-all answers only what no other /api route matches.
    ApiFallbackController,
  ],
  providers: [
    ApiRouteHooks,
    FailureInterceptor,
    UsersRepository,
    OrgsRepository,
    OrgMembersRepository,
    OrgUsersRepository,
    ServiceAccountTokensRepository,
    UsersService,
    OrgsService,
    OrgUsersService,
    ServiceAccountsService,
    LoginProtection,
    AuthenticatorService,
    AuthGuard,
    AdminBootstrapService,
  ],
  exports: [UsersService, OrgUsersService, AuthenticatorService, AuthGuard, FailureInterceptor],
})
export class IdentityModule {}
