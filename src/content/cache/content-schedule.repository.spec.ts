import { sql } from 'drizzle-orm';
import { Database } from '../../infra/database/database';
import type { DrizzleExecutor } from '../../infra/database/database.types';
import { MIGRATIONS } from '../../infra/database/migrations';
import { runMigrations } from '../../infra/database/migrations/migration-runner';
import { freshPostgresDatabase } from '../../infra/database/postgres.fixtures';
import { ContentScheduleRepository } from './content-schedule.repository';

let db: DrizzleExecutor;
let drop: () => Promise<void>;
let repository: ContentScheduleRepository;

beforeAll(async () => {
  ({ db, drop } = await freshPostgresDatabase());
  await runMigrations(db, MIGRATIONS);
  repository = new ContentScheduleRepository(new Database(db));
});
afterAll(async () => {
  await drop();
});

async function element(
  uid: string,
  postDate: string | null,
  expiryDate: string | null,
  deleted = false,
) {
  await db.execute(
    sql`INSERT INTO content_elements (uid, kind, post_date, expiry_date, date_deleted)
        VALUES (${uid}, 'entry', ${postDate}::timestamptz, ${expiryDate}::timestamptz,
                ${deleted ? '2030-01-01T00:00:00Z' : null}::timestamptz)`,
  );
}

describe('ContentScheduleRepository', () => {
  it('finds the nearest future post or expiry date of elements not deleted', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    expect(await repository.nextStatusChange(now)).toBeNull();
    await element('past', '2030-01-01T00:00:00Z', '2030-05-01T00:00:00Z');
    await element('at-now', '2030-06-01T12:00:00Z', null);
    expect(await repository.nextStatusChange(now)).toBeNull();
    await element('pending', '2030-07-01T00:00:00Z', null);
    await element('expiring', '2030-01-01T00:00:00Z', '2030-06-15T00:00:00Z');
    await element('deleted', '2030-06-02T00:00:00Z', null, true);
    expect(await repository.nextStatusChange(now)).toEqual(new Date('2030-06-15T00:00:00Z'));
    expect(await repository.nextStatusChange(new Date('2030-06-20T00:00:00Z'))).toEqual(
      new Date('2030-07-01T00:00:00Z'),
    );
  });
});
