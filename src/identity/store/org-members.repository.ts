import { Injectable } from '@nestjs/common';
import { and, count, eq, sql } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { OrgRole, orgUsers } from '../../infra/database/schema';

/** Org memberships and their roles (the `org_users` table). */
@Injectable()
export class OrgMembersRepository {
  constructor(private readonly database: Database) {}

  async role(orgId: number, userId: number): Promise<OrgRole | undefined> {
    const [row] = await this.database.executor
      .select({ role: orgUsers.role })
      .from(orgUsers)
      .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.userId, userId)));
    return row?.role;
  }

  async add(orgId: number, userId: number, role: OrgRole): Promise<void> {
    await this.database.executor.insert(orgUsers).values({ orgId, userId, role });
  }

  /** False when the user is not a member. */
  async setRole(orgId: number, userId: number, role: OrgRole): Promise<boolean> {
    const rows = await this.database.executor
      .update(orgUsers)
      .set({ role, updatedAt: sql`now()` })
      .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.userId, userId)))
      .returning({ userId: orgUsers.userId });
    return rows.length > 0;
  }

  /** Admins of the org, counted while holding their rows (last-admin checks under concurrency). */
  async countAdminsForUpdate(orgId: number): Promise<number> {
    const rows = await this.database.executor
      .select({ userId: orgUsers.userId })
      .from(orgUsers)
      .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.role, 'Admin')))
      .for('update');
    return rows.length;
  }

  async countMembers(orgId: number): Promise<number> {
    const [row] = await this.database.executor
      .select({ n: count() })
      .from(orgUsers)
      .where(eq(orgUsers.orgId, orgId));
    return row.n;
  }
}
