import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** How a process opens its PGlite directory (main thread or worker thread alike). */
export interface PgliteStart {
  readonly directory: string;
  /**
   * PostgreSQL's `shared_buffers` in MB for this open only (a start parameter, not written to
   * the directory's postgresql.conf); undefined: the directory's own (128 MB). PGlite keeps
   * the buffers in its WASM heap, which never shrinks: the import command asks for less.
   */
  readonly sharedBuffersMb?: number;
}

/** Opens (and on first use makes) the database; PGlite's own defaults for everything else. */
export function createPglite(start: PgliteStart): Promise<PGlite> {
  if (start.sharedBuffersMb === undefined) return PGlite.create(start.directory);
  return PGlite.create(start.directory, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${start.sharedBuffersMb}MB`],
  });
}

/**
 * Makes a new PGlite database in `directory` in a short-lived child process, so that the
 * caller then opens an existing one. PGlite runs initdb in the process that opens a new
 * directory: a second PostgreSQL module plus a copy of its whole WASM heap, 800–900 MB of RSS
 * that the opening process keeps for seconds after (docs/content-import.md#memory). In the
 * child that peak ends with it. Does nothing when the directory holds a database.
 * @throws Error with the child's message when it fails
 */
export async function makePgliteDatabase(directory: string): Promise<void> {
  if (existsSync(join(directory, 'PG_VERSION'))) return;
  // Arguments: PGlite's entry point (resolved here, so the child finds the same copy), the
  // directory. Small shared buffers: the child also starts the new database once.
  const script =
    'const { PGlite } = require(process.argv[1]);' +
    "PGlite.create(process.argv[2], { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] })" +
    '.then((db) => db.close())' +
    '.catch((error) => { process.stderr.write(String(error?.message ?? error)); process.exitCode = 1; });';
  const child = spawn(
    process.execPath,
    ['-e', script, require.resolve('@electric-sql/pglite'), directory],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) {
    throw new Error(`making the database failed (exit ${code}): ${stderr.trim()}`);
  }
}
