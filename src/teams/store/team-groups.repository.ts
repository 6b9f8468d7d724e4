import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { teamGroups } from '../../infra/database/schema';

/** Team sync groups (the `team_groups` table): external group ids mapped to a team. */
@Injectable()
export class TeamGroupsRepository {
  constructor(private readonly database: Database) {}

  async list(teamId: number): Promise<string[]> {
    const rows = await this.database.executor
      .select({ groupId: teamGroups.groupId })
      .from(teamGroups)
      .where(eq(teamGroups.teamId, teamId))
      .orderBy(asc(teamGroups.createdAt), asc(teamGroups.groupId));
    return rows.map((row) => row.groupId);
  }

  /** Groups of several teams: team id → group ids. */
  async ofTeams(teamIds: readonly number[]): Promise<Map<number, string[]>> {
    const result = new Map<number, string[]>();
    if (teamIds.length === 0) return result;
    const rows = await this.database.executor
      .select({ teamId: teamGroups.teamId, groupId: teamGroups.groupId })
      .from(teamGroups)
      .where(inArray(teamGroups.teamId, [...teamIds]))
      .orderBy(asc(teamGroups.createdAt), asc(teamGroups.groupId));
    for (const row of rows) {
      result.set(row.teamId, [...(result.get(row.teamId) ?? []), row.groupId]);
    }
    return result;
  }

  async add(orgId: number, teamId: number, groupId: string): Promise<void> {
    await this.database.executor.insert(teamGroups).values({ orgId, teamId, groupId });
  }

  /** False when the team had no such group. */
  async remove(teamId: number, groupId: string): Promise<boolean> {
    const rows = await this.database.executor
      .delete(teamGroups)
      .where(and(eq(teamGroups.teamId, teamId), eq(teamGroups.groupId, groupId)))
      .returning({ groupId: teamGroups.groupId });
    return rows.length > 0;
  }
}
