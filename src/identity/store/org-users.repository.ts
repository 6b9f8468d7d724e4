import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, notInArray, or, sql, SQL } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { containsPattern } from '../../infra/database/like-pattern';
import { OrgRole, orgUsers, teamMembers, users } from '../../infra/database/schema';

/** One person of an org with their role (Grafana's `OrgUserDTO` before decoration). */
export interface OrgUserRow {
  readonly orgId: number;
  readonly userId: number;
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly login: string;
  readonly role: OrgRole;
  readonly isDisabled: boolean;
  readonly createdAt: Date;
}

/** Byte order, so PGlite and any PostgreSQL collation order alike. */
const BY_LOGIN = sql`"users"."login" collate "C"`;
const BY_EMAIL = sql`"users"."email" collate "C"`;
const BY_NAME = sql`"users"."name" collate "C"`;

export const ORG_USER_SORTS = {
  'login-asc': asc(BY_LOGIN),
  'login-desc': desc(BY_LOGIN),
  'email-asc': asc(BY_EMAIL),
  'email-desc': desc(BY_EMAIL),
  'name-asc': asc(BY_NAME),
  'name-desc': desc(BY_NAME),
} as const satisfies Record<string, SQL>;
export type OrgUserSort = keyof typeof ORG_USER_SORTS;

export interface OrgUserSearch {
  readonly orgId: number;
  /** Substring of the login, email or name, any case, taken literally. */
  readonly query: string;
  /** Undefined: every match (0 is an empty page, as `pageWindow` asks for one). */
  readonly limit?: number;
  readonly offset: number;
  readonly sort: readonly OrgUserSort[];
  /** Logins left out (`[users] hidden_users`, except for Grafana Admins and the caller). */
  readonly hiddenLogins: readonly string[];
}

/** The people of an org (`org_users` joined with `users`; service accounts are not listed). */
@Injectable()
export class OrgUsersRepository {
  constructor(private readonly database: Database) {}

  async search(search: OrgUserSearch): Promise<{ total: number; users: OrgUserRow[] }> {
    const pattern = containsPattern(search.query);
    const where = and(
      eq(orgUsers.orgId, search.orgId),
      eq(users.isServiceAccount, false),
      search.query === ''
        ? undefined
        : or(ilike(users.login, pattern), ilike(users.email, pattern), ilike(users.name, pattern)),
      search.hiddenLogins.length > 0
        ? notInArray(users.login, [...search.hiddenLogins])
        : undefined,
    );
    const db = this.database.executor;
    const [{ n }] = await db
      .select({ n: count() })
      .from(orgUsers)
      .innerJoin(users, eq(users.id, orgUsers.userId))
      .where(where);
    const query = db
      .select({
        orgId: orgUsers.orgId,
        userId: users.id,
        uid: users.uid,
        email: users.email,
        name: users.name,
        login: users.login,
        role: orgUsers.role,
        isDisabled: users.isDisabled,
        createdAt: users.createdAt,
      })
      .from(orgUsers)
      .innerJoin(users, eq(users.id, orgUsers.userId))
      .where(where)
      // Grafana's default order: email, then login.
      .orderBy(...search.sort.map((s) => ORG_USER_SORTS[s]), asc(BY_EMAIL), asc(BY_LOGIN))
      .offset(search.offset);
    const rows = search.limit === undefined ? await query : await query.limit(search.limit);
    return { total: n, users: rows };
  }

  /**
   * Removes the membership with the user's team memberships in that org (as Grafana's store
   * does). False when the user was not a member.
   */
  async remove(orgId: number, userId: number): Promise<boolean> {
    const db = this.database.executor;
    const rows = await db
      .delete(orgUsers)
      .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.userId, userId)))
      .returning({ userId: orgUsers.userId });
    if (rows.length === 0) return false;
    await db
      .delete(teamMembers)
      .where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.userId, userId)));
    return true;
  }

  /** The orgs the user is still a member of, lowest id first. */
  async orgsOf(userId: number): Promise<number[]> {
    const rows = await this.database.executor
      .select({ orgId: orgUsers.orgId })
      .from(orgUsers)
      .where(eq(orgUsers.userId, userId))
      .orderBy(asc(orgUsers.orgId));
    return rows.map((row) => row.orgId);
  }
}
