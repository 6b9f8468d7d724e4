import { sql } from 'drizzle-orm';
import type { Database } from '../../../infra/database/database';
import { rawRows } from '../../../infra/database/raw-rows';

/**
 * The content side of identity users: their user elements (created by the 0002 trigger), their
 * per-site rows, and their user group memberships (keyed by the identity user id).
 */
export class UserRows {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.executor;
  }

  async elementOf(identityUserId: number): Promise<{ id: number; uid: string } | undefined> {
    const [row] = await rawRows<{ id: number | string; uid: string }>(
      this.db,
      sql`SELECT id, uid FROM content_elements WHERE user_id = ${identityUserId}`,
    );
    return row === undefined ? undefined : { id: Number(row.id), uid: row.uid };
  }

  async replaceGroups(identityUserId: number, groupIds: readonly number[]): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM content_user_group_members WHERE user_id = ${identityUserId}`,
    );
    if (groupIds.length === 0) return;
    await this.db.execute(
      sql`INSERT INTO content_user_group_members (group_id, user_id)
          SELECT g, ${identityUserId} FROM unnest(${sql.param([...groupIds])}::bigint[]) AS g`,
    );
  }

  /**
   * Every user element gets a row in every site (users made by the teams API have none until
   * then), with its names as search text. Returns the number of rows added.
   */
  async ensureSiteRows(siteIds: readonly number[]): Promise<number> {
    const rows = await rawRows<{ element_id: number | string }>(
      this.db,
      sql`INSERT INTO content_element_sites (element_id, site_id, search_text, date_updated)
          SELECT e.id, s.id, concat_ws(' ', u.login, u.name, u.email), e.date_updated
          FROM content_elements e
          JOIN users u ON u.id = e.user_id
          CROSS JOIN unnest(${sql.param([...siteIds])}::bigint[]) AS s(id)
          WHERE e.kind = 'user'
          ON CONFLICT (element_id, site_id) DO NOTHING
          RETURNING element_id`,
    );
    return rows.length;
  }
}
