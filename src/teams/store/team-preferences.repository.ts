import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { teamPreferences } from '../../infra/database/schema';

export type TeamPreferencesRow = typeof teamPreferences.$inferSelect;
export type TeamPreferencesValues = Omit<TeamPreferencesRow, 'updatedAt'>;

/** One preferences row per team; a save replaces it whole. */
@Injectable()
export class TeamPreferencesRepository {
  constructor(private readonly database: Database) {}

  async find(teamId: number): Promise<TeamPreferencesRow | undefined> {
    const [row] = await this.database.executor
      .select()
      .from(teamPreferences)
      .where(eq(teamPreferences.teamId, teamId));
    return row;
  }

  async replace(values: TeamPreferencesValues): Promise<void> {
    await this.database.executor
      .insert(teamPreferences)
      .values(values)
      .onConflictDoUpdate({
        target: teamPreferences.teamId,
        set: {
          theme: values.theme,
          homeDashboardId: values.homeDashboardId,
          timezone: values.timezone,
          weekStart: values.weekStart,
          jsonData: values.jsonData,
          updatedAt: sql`now()`,
        },
      });
  }
}
