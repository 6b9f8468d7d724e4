import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseConnection, openDatabase } from './connection';
import { Database } from './database';
import { rawRows } from './raw-rows';

/**
 * PGlite has no autovacuum: the statistics refresh after loads (and at every boot) vacuums it
 * too. On the main thread here; through the worker thread (built code only) every e2e suite's
 * boot runs it (content-seeder.ts). PostgreSQL's is ANALYZE alone.
 */
describe('refreshStatistics on PGlite', () => {
  let dataDir: string;
  let connection: DatabaseConnection;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'statistics-refresh-'));
    connection = await openDatabase({ url: '', dataDir, poolSize: 1, pgliteWorker: false });
  }, 60_000);

  afterAll(async () => {
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('vacuums and analyzes, so the table is all-visible and counted', async () => {
    const { db } = connection;
    await db.execute(sql`CREATE TABLE loaded (id int PRIMARY KEY, body text)`);
    await db.execute(
      sql`INSERT INTO loaded SELECT n, repeat('x', 200) FROM generate_series(1, 5000) n`,
    );
    const state = async () =>
      (
        await rawRows<{ visible: number; tuples: number }>(
          db,
          sql`SELECT relallvisible AS visible, reltuples AS tuples FROM pg_class WHERE relname = 'loaded'`,
        )
      )[0];
    expect(Number((await state()).visible)).toBe(0);
    await new Database(db, connection.driver).refreshStatistics();
    const after = await state();
    expect(Number(after.visible)).toBeGreaterThan(0);
    expect(Number(after.tuples)).toBe(5000);
  }, 60_000);
});
