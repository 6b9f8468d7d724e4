import { Database } from './database';
import type { DrizzleExecutor } from './database.types';
import { installationSecret } from './installation-secrets';
import { MIGRATIONS } from './migrations';
import { runMigrations } from './migrations/migration-runner';
import { freshPostgresDatabase } from './postgres.fixtures';

let db: DrizzleExecutor;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await freshPostgresDatabase());
  await runMigrations(db, MIGRATIONS);
});
afterAll(async () => {
  await drop();
});

describe('installationSecret', () => {
  it('is generated once and then read back, by every caller at once too', async () => {
    const database = new Database(db);
    const racing = await Promise.all(
      [1, 2, 3, 4].map(() => installationSecret(database, 'one', 32)),
    );
    expect(racing[0]).toHaveLength(32);
    for (const secret of racing) expect(secret.equals(racing[0])).toBe(true);
    expect((await installationSecret(database, 'one', 32)).equals(racing[0])).toBe(true);
    expect((await installationSecret(database, 'two', 32)).equals(racing[0])).toBe(false);
  });
});
