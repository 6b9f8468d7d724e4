import { sql } from 'drizzle-orm';
import type { DrizzleExecutor } from '../database.types';
import { rawRows } from '../raw-rows';
import { Migration, migrationChecksum } from './migration';

/** Any key works as long as every instance uses the same one: it serialises concurrent boots. */
const MIGRATION_LOCK_KEY = 7_283_345_001;

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

export interface MigrationReport {
  readonly applied: readonly string[];
  /** Recorded in the database but unknown to this build (a newer version migrated it). */
  readonly unknown: readonly string[];
}

/**
 * Applies the pending migrations in one transaction: all of them or none. A transaction-level
 * advisory lock makes instances booting together against one PostgreSQL wait for each other.
 * A recorded migration whose statements changed since stops the boot.
 */
export async function runMigrations(
  db: DrizzleExecutor,
  migrations: readonly Migration[],
): Promise<MigrationReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql.raw(`CREATE TABLE IF NOT EXISTS schema_migrations (
        id text PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`),
    );
    const rows = await rawRows<{ id: string; checksum: string }>(
      tx,
      sql`select id, checksum from schema_migrations order by id`,
    );
    const recorded = new Map(rows.map((row) => [row.id, row.checksum]));
    const known = new Set(migrations.map((m) => m.id));
    const applied: string[] = [];
    for (const migration of migrations) {
      const label = `${migration.id}_${migration.name}`;
      const checksum = migrationChecksum(migration);
      const previous = recorded.get(migration.id);
      if (previous !== undefined) {
        if (previous !== checksum) {
          throw new MigrationError(
            `migration ${label} was changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      for (const statement of migration.statements) {
        try {
          await tx.execute(sql.raw(statement));
        } catch (error) {
          throw new MigrationError(`migration ${label} failed: ${describe(error)}`);
        }
      }
      await tx.execute(
        sql`insert into schema_migrations (id, name, checksum) values (${migration.id}, ${migration.name}, ${checksum})`,
      );
      applied.push(label);
    }
    return { applied, unknown: [...recorded.keys()].filter((id) => !known.has(id)) };
  });
}

/** The database's own message (Drizzle's wrapper repeats the whole statement). */
function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
