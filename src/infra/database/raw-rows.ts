import type { SQL } from 'drizzle-orm';
import type { DrizzleExecutor } from './database.types';

/**
 * Rows of a raw SQL query. Both drivers answer `db.execute` with an object carrying `rows`
 * (PGlite's Results, node-postgres' QueryResult); the shared Drizzle type leaves it unknown.
 */
export async function rawRows<T>(db: DrizzleExecutor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('the database driver returned no rows array');
  return rows as T[];
}
