import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import { rawRows } from '../../infra/database/raw-rows';

/**
 * When the content next changes by itself: the nearest future post date (a pending entry goes
 * live) or expiry date (a live entry expires). A cached result must not outlive that instant.
 */
@Injectable()
export class ContentScheduleRepository {
  constructor(private readonly database: Database) {}

  async nextStatusChange(after: Date): Promise<Date | null> {
    const at = after.toISOString();
    const [row] = await rawRows<{ next: Date | string | null }>(
      this.database.executor,
      sql`SELECT least(
            (SELECT min(post_date) FROM content_elements WHERE post_date > ${at}::timestamptz AND date_deleted IS NULL),
            (SELECT min(expiry_date) FROM content_elements WHERE expiry_date > ${at}::timestamptz AND date_deleted IS NULL)
          ) AS next`,
    );
    const next = row?.next ?? null;
    return next === null ? null : new Date(next);
  }
}
