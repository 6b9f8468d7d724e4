import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
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
 * Rows of a read query that runs often (the content store's element queries). On PostgreSQL
 * outside a transaction it is a named prepared statement: each pooled connection parses it once
 * and then only binds and executes, where every call used to be parsed and planned again (about
 * a quarter more list queries per second). PGlite, transactions and statements past the cap run
 * as `rawRows` does. Results are the same rows either way (node-postgres' own type parsing).
 */
export async function preparedRows<T>(db: DrizzleExecutor, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof Pool)) return rawRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  if (name === undefined) return rawRows<T>(db, query);
  const result = await client.query({ name, text, values: params });
  return result.rows as T[];
}

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_PREPARED) {
    name = `content_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}
