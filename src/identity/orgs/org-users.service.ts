import { Injectable } from '@nestjs/common';
import { Database } from '../../infra/database/database';
import { IdentityError } from '../identity.errors';
import { OrgMembersRepository } from '../store/org-members.repository';
import { OrgUserSearch, OrgUsersRepository } from '../store/org-users.repository';
import { OrgsRepository } from '../store/orgs.repository';
import { UsersRepository } from '../store/users.repository';
import type { OrgUserRow } from '../store/org-users.repository';

/** Whether a removal took the user's last org and with it the user (Grafana's "User deleted"). */
export type RemovalOutcome = 'removed' | 'user-deleted';

/** The people of an org: listing, searching and removing them (adding is OrgsService.addUser). */
@Injectable()
export class OrgUsersService {
  constructor(
    private readonly database: Database,
    private readonly orgUsers: OrgUsersRepository,
    private readonly members: OrgMembersRepository,
    private readonly orgs: OrgsRepository,
    private readonly users: UsersRepository,
  ) {}

  search(search: OrgUserSearch): Promise<{ total: number; users: OrgUserRow[] }> {
    return this.orgUsers.search(search);
  }

  async requireOrg(orgId: number): Promise<void> {
    if (!(await this.orgs.findById(orgId))) throw new IdentityError('org-not-found');
  }

  /**
   * Grafana's RemoveOrgUser: the membership and the user's team memberships in the org go; the
   * org keeps an Admin; the user's current org moves to another of their orgs. With
   * `deleteOrphan` (the current-org route) a user left in no org is deleted, unless a Grafana
   * Admin. Service accounts are not people here: they are answered as unknown users.
   */
  remove(orgId: number, userId: number, deleteOrphan: boolean): Promise<RemovalOutcome> {
    return this.database.transaction(async () => {
      const user = await this.users.findById(userId);
      if (!user || user.isServiceAccount) throw new IdentityError('user-not-found');
      if (!(await this.orgUsers.remove(orgId, userId))) {
        throw new IdentityError('user-not-found', 'not a member of the org');
      }
      if ((await this.members.countAdminsForUpdate(orgId)) === 0) {
        throw new IdentityError('last-org-admin');
      }
      const others = await this.orgUsers.orgsOf(userId);
      if (others.length > 0) {
        if (!others.includes(user.orgId)) await this.users.setCurrentOrg(userId, others[0]);
        return 'removed';
      }
      if (deleteOrphan && !user.isGrafanaAdmin) {
        await this.users.delete(userId);
        return 'user-deleted';
      }
      return 'removed';
    });
  }
}
