import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import { DRIZZLE_RAW_OIDS, PglitePreparedStatements } from './pglite-prepared';
import { PgliteWorkerClient } from './pglite-worker/pglite-worker-client';
import type { DrizzleExecutor } from './database.types';
import { rawRows } from './raw-rows';

/**
 * Distinct statements prepared per process at most. Query shapes depend on the arguments a
 * request combines, so their number is open-ended; past the cap they run unprepared, as before.
 */
const MAX_PREPARED = 2000;

const names = new Map<string, string>();
const dialect = new PgDialect();

/**
 * Rows of a read query that runs often (the content store's element queries). Outside a
 * transaction it is a named prepared statement: on PostgreSQL each pooled connection parses it
 * once and then only binds and executes, where every call used to be parsed and planned again
 * (about a quarter more list queries per second); on PGlite, in the worker or not, likewise
 * (pglite-prepared.ts). Transactions and statements past the cap run as `rawRows` does. Results
 * are the rows `rawRows` gives (each driver's own type parsing, Drizzle's raw types on PGlite).
 */
export async function preparedRows<T>(db: DrizzleExecutor, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PgliteWorkerClient || client instanceof PGlite) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result =
      client instanceof PGlite
        ? await pgliteStatements(client).query(text, params, PGLITE_RAW_OPTIONS)
        : await client.preparedQuery(text, params, PGLITE_RAW_OPTIONS);
    return result.rows as T[];
  }
  if (!(client instanceof Pool)) return rawRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  if (name === undefined) return rawRows<T>(db, query);
  const result = await client.query({ name, text, values: params });
  return result.rows as T[];
}

const keep = (value: string) => value;
/** Drizzle's raw-query options on PGlite: object rows, its identity parsers. */
const PGLITE_RAW_OPTIONS = {
  rowMode: 'object' as const,
  parsers: Object.fromEntries(DRIZZLE_RAW_OIDS.map((oid) => [oid, keep])),
};
const pgliteStatementSets = new WeakMap<PGlite, PglitePreparedStatements>();

function pgliteStatements(db: PGlite): PglitePreparedStatements {
  let statements = pgliteStatementSets.get(db);
  if (statements === undefined) {
    statements = new PglitePreparedStatements(db);
    pgliteStatementSets.set(db, statements);
  }
  return statements;
}

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_PREPARED) {
    name = `content_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}
