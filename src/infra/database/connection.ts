import { Logger } from '@nestjs/common';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Pool } from 'pg';
import { DataDirLock } from './data-dir-lock';
import { createPglite, makePgliteDatabase, type PgliteStart } from './pglite-start';
import { PgliteWorkerClient } from './pglite-worker/pglite-worker-client';
import type { DatabaseDriver, DrizzleExecutor } from './database.types';
import { redactUrl } from './redact-url';
import * as schema from './schema';

/** An open database: the Drizzle handle plus what the lifecycle needs. */
export interface DatabaseConnection {
  readonly driver: DatabaseDriver;
  readonly db: DrizzleExecutor;
  /** Where the data lives, without secrets (for logs). */
  readonly description: string;
  /** One trivial query; rejects when the database does not answer. */
  ping(): Promise<void>;
  /** Registers a callback for connection failures outside any request (pool errors). */
  onError(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  readonly url: string;
  readonly dataDir: string;
  readonly poolSize: number;
  /** PGlite runs in a worker thread (PGLITE_WORKER); off: on the main thread. */
  readonly pgliteWorker?: boolean;
  /** A new PGlite database is made in a child process (PGLITE_INITDB_IN_CHILD); off: in this one. */
  readonly pgliteInitdbInChild?: boolean;
  /** PGlite's shared_buffers in MB for this process (PGLITE_SHARED_BUFFERS_MB); 0 or undefined: the directory's own. */
  readonly pgliteSharedBuffersMb?: number;
}

/** PostgreSQL when a URL is given, else the embedded PGlite in `dataDir/pglite`. */
export function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  return options.url !== '' ? openPostgres(options) : openPglite(options);
}

/** What connection.ts needs of PGlite; the worker client offers the same. */
type PgliteClient = Pick<PGlite, 'closed' | 'close'>;

async function openPglite(options: DatabaseOptions): Promise<DatabaseConnection> {
  const { dataDir } = options;
  const inWorker = options.pgliteWorker === true;
  const directory = resolve(dataDir, 'pglite');
  const sharedBuffersMb = options.pgliteSharedBuffersMb || undefined;
  const start: PgliteStart = { directory, ...(sharedBuffersMb && { sharedBuffersMb }) };
  mkdirSync(directory, { recursive: true });
  const lock = DataDirLock.acquire(join(resolve(dataDir), 'pglite.lock'));
  if (lock.takenOverFrom !== undefined) {
    new Logger('Database').warn(
      `took over the PGlite lock of process ${lock.takenOverFrom}, which ended without closing ` +
        `${directory} (killed or crashed); PGlite recovers the directory from its write-ahead log`,
    );
  }
  let client: PgliteClient;
  const failures: ((error: Error) => void)[] = [];
  try {
    if (options.pgliteInitdbInChild === true) await makePgliteDatabase(directory);
    if (inWorker) {
      const worker = await PgliteWorkerClient.open(start);
      worker.onFailure((error) => failures.forEach((listener) => listener(error)));
      client = worker;
    } else client = await createPglite(start);
  } catch (error) {
    lock.release();
    throw new Error(`cannot open PGlite in ${directory}: ${(error as Error).message}`);
  }
  // The worker client answers the calls Drizzle's pglite driver makes (query, exec, transaction).
  const db = drizzlePglite({
    client: client as unknown as PGlite,
    schema,
  }) as unknown as DrizzleExecutor;
  return {
    driver: 'pglite',
    db,
    description: `embedded PGlite in ${directory}${inWorker ? ' (in a worker thread)' : ''}`,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    onError: (listener) => failures.push(listener),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

async function openPostgres(options: DatabaseOptions): Promise<DatabaseConnection> {
  const pool = new Pool({
    connectionString: options.url,
    max: options.poolSize,
    // A database that does not answer must fail a request, not hang it.
    connectionTimeoutMillis: 5000,
  });
  const listeners: ((error: Error) => void)[] = [];
  // Idle clients can fail (server restart); without a listener the process would crash.
  pool.on('error', (error) => listeners.forEach((listener) => listener(error)));
  const description = `PostgreSQL at ${redactUrl(options.url)}`;
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`cannot connect to ${description}: ${(error as Error).message}`);
  }
  const db = drizzlePostgres({ client: pool, schema }) as unknown as DrizzleExecutor;
  return {
    driver: 'postgres',
    db,
    description,
    ping: async () => {
      await pool.query('select 1');
    },
    onError: (listener) => listeners.push(listener),
    close: () => pool.end(),
  };
}
