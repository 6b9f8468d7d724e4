import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPglite, makePgliteDatabase } from './pglite-start';

describe('PGlite start', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pglite-start-'));
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('makes a new database in a child process, which this process then opens with its own shared_buffers', async () => {
    const directory = join(root, 'pglite');
    await makePgliteDatabase(directory);
    expect(existsSync(join(directory, 'PG_VERSION'))).toBe(true);
    const db = await createPglite({ directory, sharedBuffersMb: 16 });
    try {
      const { rows } = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(rows[0].shared_buffers).toBe('16MB');
    } finally {
      await db.close();
    }
    // The setting is for that open only: the directory keeps its own.
    const again = await createPglite({ directory });
    try {
      const { rows } = await again.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(rows[0].shared_buffers).toBe('128MB');
    } finally {
      await again.close();
    }
  }, 60_000);

  it('leaves an existing database alone', async () => {
    const directory = join(root, 'pglite');
    await makePgliteDatabase(directory);
    const made = statSync(join(directory, 'PG_VERSION')).mtimeMs;
    await makePgliteDatabase(directory);
    expect(statSync(join(directory, 'PG_VERSION')).mtimeMs).toBe(made);
  }, 60_000);

  it("fails with the child's message when the database cannot be made", async () => {
    const file = join(root, 'not-a-directory');
    writeFileSync(file, '');
    await expect(makePgliteDatabase(join(file, 'pglite'))).rejects.toThrow(
      /making the database failed \(exit 1\): .+/,
    );
  }, 60_000);
});
