import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database/database';
import { isUniqueViolation } from '../../infra/database/constraint-errors';
import type { OrgRole } from '../../infra/database/schema';
import { generateServiceAccountToken } from '../credentials/service-account-token';
import { IdentityError } from '../identity.errors';
import { OrgMembersRepository } from '../store/org-members.repository';
import { ServiceAccountTokensRepository } from '../store/service-account-tokens.repository';
import { User, UsersRepository } from '../store/users.repository';
import { shortUid } from '../uid';

/** Grafana's login for a service account: `sa-<org>-<slug of the name>`. */
export function serviceAccountLogin(orgId: number, name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `sa-${orgId}-${slug || 'account'}`;
}

/** Service accounts (users that cannot sign in) and their tokens. */
@Injectable()
export class ServiceAccountsService {
  constructor(
    private readonly database: Database,
    private readonly users: UsersRepository,
    private readonly members: OrgMembersRepository,
    private readonly tokens: ServiceAccountTokensRepository,
  ) {}

  create(
    orgId: number,
    name: string,
    role: OrgRole,
    isDisabled: boolean,
  ): Promise<{ account: User; role: OrgRole }> {
    const login = serviceAccountLogin(orgId, name);
    return this.database.transaction(async () => {
      let account: User;
      try {
        account = await this.users.insert({
          uid: shortUid(),
          login,
          email: login,
          name,
          passwordHash: null,
          isServiceAccount: true,
          isDisabled,
          orgId,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new IdentityError('service-account-exists');
        throw error;
      }
      await this.members.add(orgId, account.id, role);
      return { account, role };
    });
  }

  /** The service account `id` of the org, if there is one. */
  async find(orgId: number, id: number): Promise<User | undefined> {
    const user = await this.users.findById(id);
    if (!user?.isServiceAccount) return undefined;
    return (await this.members.role(orgId, id)) === undefined ? undefined : user;
  }

  /** A new token; the secret is returned once and only its hash is stored. */
  async createToken(
    orgId: number,
    serviceAccountId: number,
    name: string,
    secondsToLive: number,
  ): Promise<{ id: number; name: string; key: string }> {
    const { token, hash } = generateServiceAccountToken();
    const expiresAt = secondsToLive > 0 ? new Date(Date.now() + secondsToLive * 1000) : null;
    try {
      const row = await this.tokens.insert({
        orgId,
        serviceAccountId,
        name,
        keyHash: hash,
        expiresAt,
      });
      return { id: row.id, name: row.name, key: token };
    } catch (error) {
      if (isUniqueViolation(error, 'service_account_tokens_org_name_key')) {
        throw new IdentityError('token-name-taken');
      }
      throw error;
    }
  }

  countTokens(serviceAccountId: number): Promise<number> {
    return this.tokens.countFor(serviceAccountId);
  }
}
