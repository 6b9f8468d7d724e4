import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLock } from './data-dir-lock';

describe('DataDirLock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lock-'));

  it('is exclusive while its owner lives, and released on demand', () => {
    const path = join(dir, 'a', 'pglite.lock');
    const lock = DataDirLock.acquire(path);
    expect(readFileSync(path, 'utf8')).toBe(String(process.pid));
    // The parent of this test runner is alive and is not us.
    writeFileSync(path, String(process.ppid));
    expect(() => DataDirLock.acquire(path)).toThrow(
      `is held by process ${process.ppid}: PGlite serves one process only`,
    );
    lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it('takes over a lock left by a process that is gone', () => {
    const path = join(dir, 'stale.lock');
    writeFileSync(path, '999999999');
    const lock = DataDirLock.acquire(path);
    expect(lock.takenOverFrom).toBe(999999999);
    lock.release();
    expect(DataDirLock.acquire(path).takenOverFrom).toBeUndefined();
  });
});
