import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database/database';
import { isUniqueViolation } from '../../infra/database/constraint-errors';
import type { OrgRole } from '../../infra/database/schema';
import { hashPassword } from '../credentials/password-hasher';
import { IdentityError } from '../identity.errors';
import { OrgMembersRepository } from '../store/org-members.repository';
import { OrgsRepository } from '../store/orgs.repository';
import { User, UserSort, UsersRepository } from '../store/users.repository';
import { shortUid } from '../uid';

export interface CreateUserCommand {
  readonly login: string;
  readonly email: string;
  readonly name: string;
  readonly password: string;
  /** The org the user joins (Grafana's auto-assign org, 1, when absent). */
  readonly orgId?: number;
  readonly role?: OrgRole;
  readonly isGrafanaAdmin?: boolean;
}

/** Users: creation (with their first org membership), lookups and search. */
@Injectable()
export class UsersService {
  constructor(
    private readonly database: Database,
    private readonly users: UsersRepository,
    private readonly orgMembers: OrgMembersRepository,
    private readonly orgs: OrgsRepository,
  ) {}

  /** Hashes outside the transaction (scrypt takes tens of ms); the rows are written together. */
  async create(command: CreateUserCommand): Promise<User> {
    const passwordHash = await hashPassword(command.password);
    const orgId = command.orgId ?? 1;
    return this.database.transaction(async () => {
      if (!(await this.orgs.findById(orgId))) {
        throw new IdentityError('org-not-found', 'organization not found');
      }
      let user: User;
      try {
        user = await this.users.insert({
          uid: shortUid(),
          login: command.login,
          email: command.email,
          name: command.name,
          passwordHash,
          isGrafanaAdmin: command.isGrafanaAdmin ?? false,
          orgId,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new IdentityError('user-exists');
        throw error;
      }
      await this.orgMembers.add(orgId, user.id, command.role ?? 'Viewer');
      return user;
    });
  }

  findById(id: number): Promise<User | undefined> {
    return this.users.findById(id);
  }

  findByLoginOrEmail(value: string): Promise<User | undefined> {
    return this.users.findByLoginOrEmail(value);
  }

  findByUids(uids: readonly string[]): Promise<User[]> {
    return this.users.findByUids(uids);
  }

  findByEmails(emails: readonly string[]): Promise<User[]> {
    return this.users.findByEmails(emails);
  }

  /** The user's role in the org, or undefined when not a member. */
  orgRole(orgId: number, userId: number): Promise<OrgRole | undefined> {
    return this.orgMembers.role(orgId, userId);
  }

  search(options: {
    query: string;
    limit: number;
    offset: number;
    sort: readonly UserSort[];
  }): Promise<{ total: number; users: User[] }> {
    return this.users.search(options);
  }

  countAll(): Promise<number> {
    return this.users.countAll();
  }
}
