import { Injectable } from '@nestjs/common';
import type { OrgRole } from '../../infra/database/schema';
import { verifyPassword } from '../credentials/password-hasher';
import {
  hashServiceAccountToken,
  isWellFormedServiceAccountToken,
} from '../credentials/service-account-token';
import { VerifiedPasswords } from '../credentials/verified-passwords';
import { GrafanaError } from '../../infra/http/grafana/grafana-error';
import { OrgMembersRepository } from '../store/org-members.repository';
import { ServiceAccountTokensRepository } from '../store/service-account-tokens.repository';
import { User, UsersRepository } from '../store/users.repository';
import { parseAuthorization, parseOrgHeader } from './authorization-header';
import { LoginProtection } from './login-protection';
import { Principal } from './principal';

const unauthorized = () => GrafanaError.structured(401, 'auth.unauthorized', 'Unauthorized');
const invalidCredentials = () =>
  GrafanaError.structured(401, 'basic-auth.invalid-credentials', 'Invalid username or password');
const invalidToken = () => GrafanaError.structured(401, 'api-key.invalid', 'Invalid API key');

/**
 * Turns request headers into a Principal, with Grafana's 401 bodies: Basic (login or email plus
 * password) or a service account token (Bearer, or Basic as `api_key`), and the org chosen by
 * `X-Grafana-Org-Id`.
 */
@Injectable()
export class AuthenticatorService {
  private readonly verified = new VerifiedPasswords();

  constructor(
    private readonly users: UsersRepository,
    private readonly orgMembers: OrgMembersRepository,
    private readonly tokens: ServiceAccountTokensRepository,
    private readonly protection: LoginProtection,
  ) {}

  /**
   * `clientAddress` is the peer of the connection, counted by the brute-force protection when
   * DISABLE_IP_ADDRESS_LOGIN_PROTECTION is false.
   */
  async authenticate(
    headers: {
      authorization?: string;
      'x-grafana-org-id'?: string | string[];
    },
    clientAddress?: string,
  ): Promise<Principal> {
    const requestedOrg = parseOrgHeader(headers['x-grafana-org-id']);
    if (requestedOrg === 'invalid') {
      throw GrafanaError.message(400, 'X-Grafana-Org-Id must be a positive integer');
    }
    const credentials = parseAuthorization(headers.authorization);
    switch (credentials.kind) {
      case 'basic':
        return this.withPassword(
          credentials.login,
          credentials.password,
          requestedOrg,
          clientAddress,
        );
      case 'bearer':
        return this.withToken(credentials.token, requestedOrg);
      case 'malformed-basic':
        throw GrafanaError.structured(
          400,
          'basic-auth.invalid-header',
          'Invalid Basic Auth Header',
        );
      case 'none':
      case 'unsupported':
        throw unauthorized();
    }
  }

  private async withPassword(
    login: string,
    password: string,
    requestedOrg: number | undefined,
    clientAddress: string | undefined,
  ): Promise<Principal> {
    const found = await this.users.findByLoginOrEmail(login);
    const attempt = await this.protection.admit(login, clientAddress, found?.id);
    let user: User;
    try {
      user = await this.checkPassword(found, password);
    } catch (error) {
      if (error === WRONG_PASSWORD) {
        attempt.failed();
        throw invalidCredentials();
      }
      attempt.abandoned();
      throw error;
    }
    attempt.succeeded();
    const orgId = requestedOrg ?? user.orgId;
    const role = await this.orgMembers.role(orgId, user.id);
    if (role === undefined) {
      if (requestedOrg !== undefined) {
        throw GrafanaError.structured(
          401,
          'auth.organization-mismatch',
          'User is not a member of the requested organization',
        );
      }
      return principal(user, 'user', orgId, 'None');
    }
    return principal(user, 'user', orgId, role);
  }

  /**
   * The user (found by login or email) when this is their password, or WRONG_PASSWORD. Unknown and disabled logins fail too and
   * count as failed attempts (Grafana counts only known logins): a lock then does not reveal
   * whether a login exists, and a flood of made-up logins cannot hash without limit.
   */
  private async checkPassword(user: User | undefined, password: string): Promise<User> {
    if (!user || user.isDisabled || user.passwordHash === null) {
      // Same cost as a real check: response times do not reveal which logins exist.
      await this.protection.hash(() => verifyPassword(password, DUMMY_HASH));
      throw WRONG_PASSWORD;
    }
    const stored = user.passwordHash;
    if (!this.verified.has(user.id, stored, password)) {
      if (!(await this.protection.hash(() => verifyPassword(password, stored)))) {
        throw WRONG_PASSWORD;
      }
      this.verified.remember(user.id, stored, password);
    }
    return user;
  }

  private async withToken(token: string, requestedOrg: number | undefined): Promise<Principal> {
    if (!isWellFormedServiceAccountToken(token)) throw invalidToken();
    const found = await this.tokens.findByHash(hashServiceAccountToken(token));
    if (!found || found.serviceAccount.isDisabled) throw invalidToken();
    if (found.token.expiresAt !== null && found.token.expiresAt.getTime() <= Date.now()) {
      throw GrafanaError.structured(401, 'api-key.expired', 'Expired API key');
    }
    const orgId = found.token.orgId;
    if (requestedOrg !== undefined && requestedOrg !== orgId) {
      throw GrafanaError.structured(
        401,
        'api-key.organization-mismatch',
        'API key does not belong to the requested organization',
      );
    }
    const role = (await this.orgMembers.role(orgId, found.serviceAccount.id)) ?? 'None';
    return principal(found.serviceAccount, 'service-account', orgId, role);
  }
}

/** Thrown (and caught) inside withPassword: a failed attempt, as opposed to any other error. */
const WRONG_PASSWORD = new Error('wrong password');

/** A valid hash of a random password, verified when the login is unknown. */
const DUMMY_HASH =
  '$scrypt$ln=15,r=8,p=1$ckgdvwjsqQdr15HxNJVLjw==$nG3WcJ4ToTtS/VzpPH0E5dCssrJ8Zujvikl2TS1vO3+yG2t5M2DA1AoRUjitWaBbe0DsP4jL/EG23efdexcbDQ==';

function principal(
  user: User,
  kind: Principal['kind'],
  orgId: number,
  orgRole: OrgRole,
): Principal {
  return {
    kind,
    userId: user.id,
    login: user.login,
    email: user.email,
    name: user.name,
    orgId,
    orgRole,
    isGrafanaAdmin: user.isGrafanaAdmin && kind === 'user',
  };
}
