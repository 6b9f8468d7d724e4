/**
 * What other domains (teams, content, the API guard) use of identity: its module, the
 * authentication and permission checks, the user and organisation services and the stores they
 * share. Files outside src/identity import identity from here only (eslint.config.mjs `boundary`).
 */
export { IdentityModule } from './identity.module';
export { IdentityError } from './identity.errors';
export { MAX_TEXT_LENGTH } from './identity.limits';
export { shortUid } from './uid';
export { principalPermissions, requirePermission } from './access/access-checks';
export {
  actionsOn,
  allows,
  TEAM_ACTIONS,
  TEAM_ADMIN,
  TEAM_MEMBER,
  teamMembershipPermissions,
  teamScope,
  userScope,
} from './access/permissions';
export type { Permission } from './access/permissions';
export { AuthGuard, CurrentPrincipal, principalOf } from './auth/auth.guard';
export { AuthenticatorService } from './auth/authenticator.service';
export { parseAuthorization } from './auth/authorization-header';
export { LoginProtection } from './auth/login-protection';
export type { Principal } from './auth/principal';
export { hashPassword } from './credentials/password-hasher';
export { OrgUsersQueryDto, UserLookupDto } from './orgs/org-users.dto';
export { OrgUsersService } from './orgs/org-users.service';
export { OrgMembersRepository } from './store/org-members.repository';
export { OrgsRepository } from './store/orgs.repository';
export { ServiceAccountTokensRepository } from './store/service-account-tokens.repository';
export { UsersRepository } from './store/users.repository';
export { userLookupView } from './users/user-views';
export { UsersService } from './users/users.service';
export type { OrgUserView, UserLookupView } from './users/user-views';
export type { User } from './store/users.repository';
