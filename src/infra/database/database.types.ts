import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type DatabaseSchema = typeof schema;

/**
 * The Drizzle handle both drivers produce (PGlite and node-postgres), and the type of a
 * transaction too: repositories write one query builder for both.
 */
export type DrizzleExecutor = PgDatabase<PgQueryResultHKT, DatabaseSchema>;

export type DatabaseDriver = 'pglite' | 'postgres';
