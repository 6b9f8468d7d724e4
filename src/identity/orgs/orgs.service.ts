import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database/database';
import { isUniqueViolation } from '../../infra/database/constraint-errors';
import type { OrgRole } from '../../infra/database/schema';
import { IdentityError } from '../identity.errors';
import { OrgMembersRepository } from '../store/org-members.repository';
import { Org, OrgsRepository } from '../store/orgs.repository';
import { UsersRepository } from '../store/users.repository';

/** Organisations and memberships. */
@Injectable()
export class OrgsService {
  constructor(
    private readonly database: Database,
    private readonly orgs: OrgsRepository,
    private readonly members: OrgMembersRepository,
    private readonly users: UsersRepository,
  ) {}

  /** A new org; a real user creating it becomes its Admin (as in Grafana). */
  create(name: string, creatorUserId: number | undefined): Promise<Org> {
    return this.database.transaction(async () => {
      let org: Org;
      try {
        org = await this.orgs.insert(name);
      } catch (error) {
        if (isUniqueViolation(error, 'orgs_name_key')) throw new IdentityError('org-name-taken');
        throw error;
      }
      if (creatorUserId !== undefined) await this.members.add(org.id, creatorUserId, 'Admin');
      return org;
    });
  }

  /** Adds a person (by login or email) to an org; returns the user id. */
  addUser(orgId: number, loginOrEmail: string, role: OrgRole): Promise<number> {
    return this.database.transaction(async () => {
      if (!(await this.orgs.findById(orgId))) throw new IdentityError('org-not-found');
      const user = await this.users.findByLoginOrEmail(loginOrEmail);
      if (!user) throw new IdentityError('user-not-found');
      if ((await this.members.role(orgId, user.id)) !== undefined) {
        throw new IdentityError('already-org-member');
      }
      try {
        await this.members.add(orgId, user.id, role);
      } catch (error) {
        if (isUniqueViolation(error)) throw new IdentityError('already-org-member');
        throw error;
      }
      return user.id;
    });
  }

  /** The id of a person named by login or email, if any. */
  async findUserId(loginOrEmail: string): Promise<number | undefined> {
    return (await this.users.findByLoginOrEmail(loginOrEmail))?.id;
  }

  /** Changes a member's role; the last Admin of an org cannot be demoted. */
  setRole(orgId: number, userId: number, role: OrgRole): Promise<void> {
    return this.database.transaction(async () => {
      const current = await this.members.role(orgId, userId);
      if (current === undefined) throw new IdentityError('user-not-found');
      if (current === 'Admin' && role !== 'Admin') {
        if ((await this.members.countAdminsForUpdate(orgId)) <= 1) {
          throw new IdentityError('last-org-admin');
        }
      }
      await this.members.setRole(orgId, userId, role);
    });
  }
}
