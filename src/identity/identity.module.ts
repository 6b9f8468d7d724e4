import { Module } from '@nestjs/common';
import { DatabaseModule } from '../infra/database/database.module';
import { AuthGuard } from './auth/auth.guard';
import { AuthenticatorService } from './auth/authenticator.service';
import { LoginProtection } from './auth/login-protection';
import { AdminBootstrapService } from './bootstrap/admin-bootstrap.service';
import { ApiFallbackController } from './http/api-fallback.controller';
import { ApiRouteHooks } from './http/api-route-hooks';
import { FailureInterceptor } from './http/on-failure.decorator';
import { OrgsController } from './orgs/orgs.controller';
import { OrgsService } from './orgs/orgs.service';
import { ServiceAccountsController } from './service-accounts/service-accounts.controller';
import { ServiceAccountsService } from './service-accounts/service-accounts.service';
import { OrgMembersRepository } from './store/org-members.repository';
import { OrgsRepository } from './store/orgs.repository';
import { ServiceAccountTokensRepository } from './store/service-account-tokens.repository';
import { UsersRepository } from './store/users.repository';
import { AdminUsersController } from './users/admin-users.controller';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

/**
 * The identity store (orgs, users, service accounts, tokens), authentication, and the user and
 * org endpoints Grafana clients need. Exports what the teams and content domains use: the user
 * lookups, and the auth guard (with `CurrentPrincipal`). The database comes from DatabaseModule.
 */
@Module({
  imports: [DatabaseModule],
  controllers: [
    AdminUsersController,
    UsersController,
    OrgsController,
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
    ServiceAccountTokensRepository,
    UsersService,
    OrgsService,
    ServiceAccountsService,
    LoginProtection,
    AuthenticatorService,
    AuthGuard,
    AdminBootstrapService,
  ],
  exports: [UsersService, AuthenticatorService, AuthGuard, FailureInterceptor],
})
export class IdentityModule {}
