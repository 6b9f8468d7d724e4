import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { IdentityError } from '../../../identity';
import type { User, UsersService } from '../../../identity';
import type { Database } from '../../../infra/database/database';
import { rawRows } from '../../../infra/database/raw-rows';
import { ElementWriteError } from './write-error';
import type { UserInput } from './write-input';

/**
 * The identity user (the one the teams API sees) of a saved user: the one with this login,
 * else one created through UsersService (its user element is made by the database trigger).
 */
export async function identityUserOf(
  users: UsersService,
  input: UserInput,
): Promise<{ user: User; created: boolean }> {
  const found = await users.findByLoginOrEmail(input.username);
  if (found !== undefined && found.login.toLowerCase() === input.username.toLowerCase()) {
    return { user: found, created: false };
  }
  try {
    const user = await users.create({
      login: input.username,
      email: input.email,
      name: input.fullName ?? input.username,
      password: input.password ?? randomBytes(24).toString('base64url'),
    });
    return { user, created: true };
  } catch (error) {
    if (error instanceof IdentityError && error.reason === 'user-exists') {
      throw new ElementWriteError([
        `user "${input.username}": another user has this email address`,
      ]);
    }
    throw error;
  }
}

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
