import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';
import { writeGeneratedContent } from '../../test/support/generated-content';
import { POSTGRES_ADMIN_URL, withClient } from '../../test/support/postgres-database';
import { PROJECT_ROOT } from '../../test/support/service-process';
import { runImport } from '../rows/import';

/** Where a kept store is: the service's DATA_DIR, and DATABASE_URL on PostgreSQL. */
export interface KeptStore {
  readonly env: Record<string, string>;
  /** Whether this run imported it (false: an earlier run's store, reused). */
  readonly imported: boolean;
}

/**
 * A store of `size` generated entries (test/support/generated-content.ts), imported once with
 * `content-import` and kept between bench runs: a PGlite data directory under `dataRoot`, or a
 * PostgreSQL database `bench_size_<size>_<fingerprint>` on the test server. The fingerprint
 * covers what decides the stored rows (the generator, the migrations, the demo model and seed),
 * so a change to any of them imports again and drops the stores it replaces. A store is built
 * under a temporary name and renamed when the import has finished, so an interrupted run never
 * leaves a half-imported store to be reused.
 */
export async function keptContentStore(
  database: 'pglite' | 'postgres',
  size: number,
  dataRoot: string,
): Promise<KeptStore> {
  const name = `bench_size_${size}_${fingerprint()}`;
  mkdirSync(dataRoot, { recursive: true });
  const dataDir = join(dataRoot, database === 'pglite' ? name : `${name}-service`);
  if (database === 'pglite') {
    if (existsSync(dataDir)) return { env: { DATA_DIR: dataDir }, imported: false };
    sweep(dataRoot, `bench_size_${size}_`);
    const building = `${dataDir}.building`;
    rmSync(building, { recursive: true, force: true });
    await importInto(dataRoot, size, { DATA_DIR: building });
    renameSync(building, dataDir);
    return { env: { DATA_DIR: dataDir }, imported: true };
  }
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(name) };
  const existing = await admin((client) =>
    client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'bench\\_size\\_' || $1 || '\\_%'",
      [String(size)],
    ),
  );
  const names = existing.rows.map((row) => row.datname);
  if (names.includes(name)) {
    await vacuum(name);
    return { env, imported: false };
  }
  for (const stale of names) {
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${stale} WITH (FORCE)`));
  }
  const building = `${name}_building`;
  await admin((client) => client.query(`CREATE DATABASE ${building}`));
  try {
    await importInto(dataRoot, size, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(building) });
    await admin((client) => client.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
  } catch (error) {
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
    throw error;
  }
  await vacuum(name);
  return { env, imported: true };
}

/**
 * Vacuums a kept PostgreSQL store, as autovacuum does on a production server soon after a load:
 * the test server runs without autovacuum, and an unvacuumed store has no visibility map for
 * index-only scans. Quick once done (nothing left to vacuum). PGlite stores are vacuumed by the
 * service's own boot (it has no autovacuum; Database.refreshStatistics).
 */
async function vacuum(name: string): Promise<void> {
  await withClient(databaseUrl(name), (client) => client.query('VACUUM (ANALYZE)'));
}

async function importInto(
  dataRoot: string,
  size: number,
  env: Record<string, string>,
): Promise<void> {
  const files = join(dataRoot, `content-${size}.building`);
  rmSync(files, { recursive: true, force: true });
  try {
    writeGeneratedContent(files, join(PROJECT_ROOT, 'config', 'content', 'seed'), size);
    await runImport(files, env);
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}

/** Removes the PGlite stores of this size kept for another fingerprint. */
function sweep(dataRoot: string, prefix: string): void {
  for (const entry of readdirSync(dataRoot)) {
    if (entry.startsWith(prefix)) rmSync(join(dataRoot, entry), { recursive: true, force: true });
  }
}

/** A short hash of the generator, the migrations, and the demo model and seed files. */
function fingerprint(): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) add(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  hash.update(readFileSync(join(PROJECT_ROOT, 'test', 'support', 'generated-content.ts')));
  add(join(PROJECT_ROOT, 'src', 'infra', 'database', 'migrations'));
  add(join(PROJECT_ROOT, 'config', 'content'));
  return hash.digest('hex').slice(0, 10);
}

function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  return withClient(POSTGRES_ADMIN_URL, work);
}
