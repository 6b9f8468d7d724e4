import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, ilike, inArray, SQL, sql } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { containsPattern } from '../../infra/database/like-pattern';
import { teamMembers, teams } from '../../infra/database/schema';

export type TeamRow = typeof teams.$inferSelect;
export type TeamWithCount = TeamRow & { memberCount: number };

/**
 * Who counts in `memberCount`: logins hidden from this caller are left out
 * (docs/teams-api.md#user-org-and-service-account-endpoints).
 */
export interface MemberCountVisibility {
  readonly hiddenLogins: readonly string[];
}

export const TEAM_SORT_OPTIONS = [
  'name-asc',
  'name-desc',
  'email-asc',
  'email-desc',
  'memberCount-asc',
  'memberCount-desc',
] as const;
export type TeamSortOption = (typeof TEAM_SORT_OPTIONS)[number];

export interface TeamSearch {
  readonly orgId: number;
  /** Substring of the name, any case, taken literally. */
  readonly query: string;
  /** Exact names every result must have (`name`, and `team` as an alias). */
  readonly names: readonly string[];
  /** Restricts the page, not `totalCount` (Grafana's quirk). */
  readonly teamIds: readonly number[];
  /** Undefined: every team of the org; else only teams this user is a member of. */
  readonly memberUserId?: number;
  readonly sort: readonly TeamSortOption[];
  readonly limit: number;
  readonly offset: number;
  readonly visibility: MemberCountVisibility;
}

/** Byte order, so PostgreSQL servers with any default collation (and PGlite) order alike. */
const BY_NAME = sql`"teams"."name" collate "C"`;
const BY_EMAIL = sql`"teams"."email" collate "C"`;

/** Teams of an org (the `teams` table), with their live member count. */
@Injectable()
export class TeamsRepository {
  constructor(private readonly database: Database) {}

  /**
   * Members of the outer query's team. Written with its own aliases: Drizzle leaves columns
   * unqualified in single-table selects, which would make the correlation ambiguous.
   */
  private memberCount(visibility: MemberCountVisibility): SQL<number> {
    const hidden =
      visibility.hiddenLogins.length > 0
        ? sql` and u.login not in (${sql.join(
            visibility.hiddenLogins.map((login) => sql`${login}`),
            sql`, `,
          )})`
        : sql``;
    return sql<number>`(select count(*) from team_members tm join users u on u.id = tm.user_id where tm.team_id = "teams"."id"${hidden})`.mapWith(
      Number,
    );
  }

  async insert(values: typeof teams.$inferInsert): Promise<TeamRow> {
    const [row] = await this.database.executor.insert(teams).values(values).returning();
    return row;
  }

  async findInOrg(orgId: number, id: number): Promise<TeamRow | undefined> {
    const [row] = await this.database.executor
      .select()
      .from(teams)
      .where(and(eq(teams.orgId, orgId), eq(teams.id, id)));
    return row;
  }

  /** Locks the team row until the transaction ends: membership changes of one team queue up. */
  async lockInOrg(orgId: number, id: number): Promise<TeamRow | undefined> {
    const [row] = await this.database.executor
      .select()
      .from(teams)
      .where(and(eq(teams.orgId, orgId), eq(teams.id, id)))
      .for('update');
    return row;
  }

  /** As lockInOrg, by uid (the `/apis` object's name). */
  async lockByUid(orgId: number, uid: string): Promise<TeamRow | undefined> {
    const [row] = await this.database.executor
      .select()
      .from(teams)
      .where(and(eq(teams.orgId, orgId), eq(teams.uid, uid)))
      .for('update');
    return row;
  }

  async findByUid(orgId: number, uid: string): Promise<TeamRow | undefined> {
    const [row] = await this.database.executor
      .select()
      .from(teams)
      .where(and(eq(teams.orgId, orgId), eq(teams.uid, uid)));
    return row;
  }

  async findWithCount(
    orgId: number,
    id: number,
    visibility: MemberCountVisibility,
  ): Promise<TeamWithCount | undefined> {
    const [row] = await this.database.executor
      .select({ team: teams, memberCount: this.memberCount(visibility) })
      .from(teams)
      .where(and(eq(teams.orgId, orgId), eq(teams.id, id)));
    return row ? { ...row.team, memberCount: row.memberCount } : undefined;
  }

  /** Writes `email` always and `name` only when given (Grafana's update semantics). */
  async update(id: number, values: { name?: string; email: string }): Promise<void> {
    await this.database.executor
      .update(teams)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(teams.id, id));
  }

  /**
   * A page of the org's teams by id, after `afterId` (the `/apis` list and its continue token);
   * one row more than `limit` tells whether another page follows.
   */
  async page(options: {
    orgId: number;
    afterId: number;
    limit: number;
    memberUserId?: number;
  }): Promise<TeamRow[]> {
    const db = this.database.executor;
    const query = db
      .select()
      .from(teams)
      .where(
        and(
          eq(teams.orgId, options.orgId),
          gt(teams.id, options.afterId),
          options.memberUserId === undefined
            ? undefined
            : inArray(
                teams.id,
                db
                  .select({ id: teamMembers.teamId })
                  .from(teamMembers)
                  .where(eq(teamMembers.userId, options.memberUserId)),
              ),
        ),
      )
      .orderBy(asc(teams.id));
    return options.limit > 0 ? query.limit(options.limit + 1) : query;
  }

  /** The newest resource version any team has had (a list's resource version). */
  async latestResourceVersion(): Promise<number> {
    const [row] = await this.database.executor
      .select({ value: sql<string>`last_value` })
      .from(sql`team_resource_versions`);
    return Number(row.value);
  }

  /** The `/apis` object's writable fields; the row's resource version moves on (trigger). */
  async replaceObject(
    id: number,
    values: {
      name: string;
      email: string;
      labels: Record<string, string>;
      annotations: Record<string, string>;
    },
  ): Promise<TeamRow> {
    const [row] = await this.database.executor
      .update(teams)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(teams.id, id))
      .returning();
    return row;
  }

  /** Members and preferences go with it (foreign keys cascade). */
  async delete(orgId: number, id: number): Promise<boolean> {
    const rows = await this.database.executor
      .delete(teams)
      .where(and(eq(teams.orgId, orgId), eq(teams.id, id)))
      .returning({ id: teams.id });
    return rows.length > 0;
  }

  async search(search: TeamSearch): Promise<{ total: number; teams: TeamWithCount[] }> {
    const db = this.database.executor;
    const conditions: (SQL | undefined)[] = [eq(teams.orgId, search.orgId)];
    if (search.query !== '') conditions.push(ilike(teams.name, containsPattern(search.query)));
    for (const name of search.names) conditions.push(eq(teams.name, name));
    if (search.memberUserId !== undefined) {
      conditions.push(
        inArray(
          teams.id,
          db
            .select({ id: teamMembers.teamId })
            .from(teamMembers)
            .where(eq(teamMembers.userId, search.memberUserId)),
        ),
      );
    }
    const where = and(...conditions);
    const [{ n }] = await db.select({ n: count() }).from(teams).where(where);
    const memberCount = this.memberCount(search.visibility);
    const order = search.sort.map((option) => {
      const column = option.startsWith('name')
        ? BY_NAME
        : option.startsWith('email')
          ? BY_EMAIL
          : memberCount;
      return option.endsWith('-asc') ? asc(column) : desc(column);
    });
    const rows = await db
      .select({ team: teams, memberCount })
      .from(teams)
      .where(search.teamIds.length > 0 ? and(where, inArray(teams.id, [...search.teamIds])) : where)
      // Name ascending by default.
      .orderBy(...(order.length > 0 ? order : [asc(BY_NAME)]), asc(teams.id))
      .limit(search.limit)
      .offset(search.offset);
    return { total: n, teams: rows.map((row) => ({ ...row.team, memberCount: row.memberCount })) };
  }

  /** Teams of `orgId` that `userId` is a member of, by name. */
  async ofMember(
    orgId: number,
    userId: number,
    visibility: MemberCountVisibility,
  ): Promise<TeamWithCount[]> {
    const rows = await this.database.executor
      .select({ team: teams, memberCount: this.memberCount(visibility) })
      .from(teams)
      .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
      .where(and(eq(teams.orgId, orgId), eq(teamMembers.userId, userId)))
      .orderBy(asc(BY_NAME), asc(teams.id));
    return rows.map((row) => ({ ...row.team, memberCount: row.memberCount }));
  }
}
