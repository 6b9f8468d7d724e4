import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** The lock is held by another live process (a running service, or a content command). */
export class DataDirLockedError extends Error {
  constructor(
    readonly path: string,
    readonly owner: number,
  ) {
    super(
      `${path} is held by process ${owner}: PGlite serves one process only (use DATABASE_URL for several instances)`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * An exclusive lock file beside the PGlite data directory. PGlite has no locking of its own: two
 * processes opening one directory would corrupt it. A lock left by a dead process is taken over.
 */
export class DataDirLock {
  private constructor(
    private readonly path: string,
    /** The dead process whose lock this one replaced (it did not shut down cleanly). */
    readonly takenOverFrom: number | undefined,
  ) {}

  static acquire(path: string): DataDirLock {
    mkdirSync(dirname(path), { recursive: true });
    let stale: number | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return new DataDirLock(path, stale);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = Number(readFileSync(path, 'utf8').trim());
        if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
          throw new DataDirLockedError(path, owner);
        }
        stale = Number.isInteger(owner) && owner > 0 ? owner : undefined;
        rmSync(path, { force: true });
      }
    }
    throw new Error(`could not take the lock ${path}`);
  }

  release(): void {
    rmSync(this.path, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
