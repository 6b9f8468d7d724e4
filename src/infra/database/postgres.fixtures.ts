import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client, Pool } from 'pg';
import type { DrizzleExecutor } from './database.types';
import * as schema from './schema';

/**
 * A fresh, empty database on the test PostgreSQL (TEST_POSTGRES_URL, default the local server with
 * trust auth), dropped by `drop()`. Unit tests use PostgreSQL rather than PGlite because PGlite
 * loads its parts with dynamic `import()`, which jest's module sandbox refuses without flags;
 * the end-to-end suites run the built service against both.
 */
export async function freshPostgresDatabase(): Promise<{
  db: DrizzleExecutor;
  pool: Pool;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `unit_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new Pool({ connectionString: url.toString(), max: 4 });
  // The forced drop below ends connections the server has not closed yet; their goodbye
  // (57P01, "terminating connection due to administrator command") is expected, not a failure.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool, schema }) as unknown as DrizzleExecutor;
  return {
    db,
    pool,
    drop: async () => {
      await pool.end();
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
