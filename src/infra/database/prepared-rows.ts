import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import { DRIZZLE_RAW_OIDS, PglitePreparedStatements } from './pglite-prepared';
import { PgliteWorkerClient } from './pglite-worker/pglite-worker-client';
import type { DrizzleExecutor } from './database.types';
import { FAST_TIMESTAMP_TYPES } from './timestamp-parser';

/**
 * Distinct statements prepared per process at most. Query shapes depend on the arguments a
 * request combines, so their number is open-ended; past the cap they run unprepared, as before.
 */
const MAX_PREPARED = 2000;

const names = new Map<string, string>();
const dialect = new PgDialect();

/** A statement's text with `$n` placeholders and its parameters. */
export interface CompiledSql {
  readonly text: string;
  readonly params: readonly unknown[];
  /**
   * Planned with its values on every run (an unnamed statement) instead of prepared: for queries
   * whose best plan depends on the values, which a cached generic plan would average away.
   */
  readonly planEachRun?: boolean;
}

/** Runs compiled statements as named prepared statements of one database. */
export type PreparedRunner = <T>(query: CompiledSql) => Promise<T[]>;

export function compileSql(query: SQL): CompiledSql {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

/**
 * The runner of `db`'s named statements, for read queries that run often (the content store's
 * element queries); undefined for an executor that cannot keep them (a transaction: its
 * statements run on one connection for a moment; run those with `rawRows`). On PostgreSQL each
 * pooled connection parses a statement once and then only binds and executes (about a quarter
 * more list queries per second than parsing and planning every call); at most 2,000 are named,
 * later ones run unnamed. On PGlite, in the worker or not: pglite-prepared.ts. Rows are each
 * driver's own: node-postgres' type parsing, Drizzle's raw types on PGlite.
 */
export function preparedRunner(db: DrizzleExecutor): PreparedRunner | undefined {
  const client = (db as { $client?: unknown }).$client;
  if (typeof client !== 'object' || client === null) return undefined;
  let runner = runners.get(client);
  if (runner === undefined) {
    runner = runnerOf(client);
    if (runner === undefined) return undefined;
    runners.set(client, runner);
  }
  return runner;
}

const runners = new WeakMap<object, PreparedRunner>();

function runnerOf(client: object): PreparedRunner | undefined {
  if (client instanceof Pool) {
    return async <T>({ text, params, planEachRun }: CompiledSql) => {
      const name = planEachRun === true ? undefined : statementName(text);
      const values = params as unknown[];
      const result = await client.query({ name, text, values, types: FAST_TIMESTAMP_TYPES });
      return result.rows as T[];
    };
  }
  if (client instanceof PGlite) {
    const statements = new PglitePreparedStatements(client);
    return async <T>({ text, params, planEachRun }: CompiledSql) =>
      (planEachRun === true
        ? await client.query(text, [...params], PGLITE_RAW_OPTIONS)
        : await statements.query(text, params, PGLITE_RAW_OPTIONS)
      ).rows as T[];
  }
  if (client instanceof PgliteWorkerClient) {
    return async <T>({ text, params, planEachRun }: CompiledSql) =>
      (planEachRun === true
        ? await client.query(text, [...params], PGLITE_RAW_OPTIONS)
        : await client.preparedQuery(text, [...params], PGLITE_RAW_OPTIONS)
      ).rows as T[];
  }
  return undefined;
}

const keep = (value: string) => value;
/** Drizzle's raw-query options on PGlite: object rows, its identity parsers. */
const PGLITE_RAW_OPTIONS = {
  rowMode: 'object' as const,
  parsers: Object.fromEntries(DRIZZLE_RAW_OIDS.map((oid) => [oid, keep])),
};

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_PREPARED) {
    name = `content_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}
