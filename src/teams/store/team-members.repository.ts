import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { teamMembers, teams, users } from '../../infra/database/schema';

export interface TeamMemberRow {
  readonly userId: number;
  readonly userUid: string;
  readonly login: string;
  readonly email: string;
  readonly name: string;
  readonly permission: number;
  readonly isServiceAccount: boolean;
}

/** Team memberships (the `team_members` table). */
/** A member row's columns, shared by the one-team and several-team reads. */
const MEMBER_COLUMNS = {
  userId: users.id,
  userUid: users.uid,
  login: users.login,
  email: users.email,
  name: users.name,
  permission: teamMembers.permission,
  isServiceAccount: users.isServiceAccount,
};

/** Members by login, then email, byte order (as Grafana's SQL sorts them). */
const BY_LOGIN = [asc(sql`"users"."login" collate "C"`), asc(sql`"users"."email" collate "C"`)];

@Injectable()
export class TeamMembersRepository {
  constructor(private readonly database: Database) {}

  /** The member's permission on a team of `orgId`, or undefined when not a member. */
  async permissionOf(orgId: number, teamId: number, userId: number): Promise<number | undefined> {
    const [row] = await this.database.executor
      .select({ permission: teamMembers.permission })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(
        and(eq(teams.orgId, orgId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)),
      );
    return row?.permission;
  }

  /** Every membership of the user in `orgId`: team id → permission. */
  async membershipsOf(orgId: number, userId: number): Promise<Map<number, number>> {
    const rows = await this.database.executor
      .select({ teamId: teamMembers.teamId, permission: teamMembers.permission })
      .from(teamMembers)
      .where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.userId, userId)));
    return new Map(rows.map((row) => [row.teamId, row.permission]));
  }

  /** Members of the team by login then email; people only unless asked otherwise. */
  async list(
    teamId: number,
    options: { includeServiceAccounts?: boolean } = {},
  ): Promise<TeamMemberRow[]> {
    return this.database.executor
      .select(MEMBER_COLUMNS)
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(
        and(
          eq(teamMembers.teamId, teamId),
          options.includeServiceAccounts ? undefined : eq(users.isServiceAccount, false),
        ),
      )
      .orderBy(...BY_LOGIN);
  }

  /** People of several teams (the `/apis` list): team id → members by login. */
  async peopleOfTeams(teamIds: readonly number[]): Promise<Map<number, TeamMemberRow[]>> {
    const result = new Map<number, TeamMemberRow[]>();
    if (teamIds.length === 0) return result;
    const rows = await this.database.executor
      .select({ teamId: teamMembers.teamId, ...MEMBER_COLUMNS })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(inArray(teamMembers.teamId, [...teamIds]), eq(users.isServiceAccount, false)))
      .orderBy(...BY_LOGIN);
    for (const { teamId, ...member } of rows) {
      result.set(teamId, [...(result.get(teamId) ?? []), member]);
    }
    return result;
  }

  /** Every member id (service accounts too) with its permission. */
  async permissions(teamId: number): Promise<Map<number, number>> {
    const rows = await this.database.executor
      .select({ userId: teamMembers.userId, permission: teamMembers.permission })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId));
    return new Map(rows.map((row) => [row.userId, row.permission]));
  }

  async add(orgId: number, teamId: number, userId: number, permission: number): Promise<void> {
    await this.database.executor.insert(teamMembers).values({ orgId, teamId, userId, permission });
  }

  async setPermission(teamId: number, userId: number, permission: number): Promise<boolean> {
    const rows = await this.database.executor
      .update(teamMembers)
      .set({ permission, updatedAt: sql`now()` })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    return rows.length > 0;
  }

  async remove(teamId: number, userIds: readonly number[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const rows = await this.database.executor
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, [...userIds])))
      .returning({ userId: teamMembers.userId });
    return rows.length;
  }
}
