import { createHash } from 'node:crypto';

/**
 * One schema change: plain SQL statements applied in order, inside the boot transaction. Each
 * statement is separate because PGlite's extended protocol runs one statement per query.
 * Applied migrations are recorded with a checksum; editing one after release stops the boot.
 */
export interface Migration {
  /** Sortable and unique, e.g. `0001`. */
  readonly id: string;
  readonly name: string;
  readonly statements: readonly string[];
}

export function migrationChecksum(migration: Migration): string {
  return createHash('sha256').update(migration.statements.join('\n;\n')).digest('hex');
}
