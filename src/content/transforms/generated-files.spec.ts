import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GeneratedFiles } from './generated-files';
import { isTransformFolderName } from './transform-naming';

const isTransformFolder = (name: string) => isTransformFolderName(name, (h) => h === 'thumb');

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'generated-files-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Writes `bytes` bytes at `relative`, with a modification time `age` seconds in the past. */
async function file(relative: string, bytes: number, age: number): Promise<string> {
  const path = join(root, relative);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, Buffer.alloc(bytes));
  const when = new Date(Date.UTC(2026, 0, 1) - age * 1000);
  await utimes(path, when, when);
  return path;
}

describe('GeneratedFiles', () => {
  it('removes the oldest generated files beyond the disk budget, found by a first scan', async () => {
    const oldest = await file('_thumb/a.jpg', 400, 30);
    const older = await file('_10xAUTO_crop_center-center_none/b.jpg', 400, 20);
    // An editor's folder and its files are not transforms, however old.
    const own = await file('_drafts/c.jpg', 4000, 100);
    const source = await file('a.jpg', 4000, 100);
    const ledger = new GeneratedFiles({ maxPerSource: 0, budgetBytes: 1000 }, isTransformFolder);

    const fresh = await file('_20xAUTO_crop_center-center_none/a.jpg', 400, 0);
    await ledger.added(root, fresh, source);

    expect(existsSync(oldest)).toBe(false);
    expect(existsSync(older)).toBe(true);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(own)).toBe(true);
    expect(existsSync(source)).toBe(true);
    expect(ledger.bytes).toBe(800);
    expect(ledger.count).toBe(2);
  });

  it('keeps at most maxPerSource files of one source, whatever their format', async () => {
    const source = await file('photos/p.png', 10, 100);
    const first = await file('photos/_thumb/p.webp', 10, 30);
    const second = await file('photos/_10xAUTO_crop_center-center_none/p.png', 10, 20);
    const other = await file('photos/_thumb/q.webp', 10, 40);
    const ledger = new GeneratedFiles({ maxPerSource: 2, budgetBytes: 0 }, isTransformFolder);

    const third = await file('photos/_20xAUTO_crop_center-center_80_line/p.jpg', 10, 0);
    await ledger.added(root, third, source);

    expect([first, second, third, other].map((path) => existsSync(path))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it('does nothing without bounds', async () => {
    const old = await file('_thumb/a.jpg', 400, 30);
    const ledger = new GeneratedFiles({ maxPerSource: 0, budgetBytes: 0 }, isTransformFolder);
    await ledger.added(root, await file('_thumb/b.jpg', 400, 0), join(root, 'b.jpg'));
    expect(existsSync(old)).toBe(true);
    expect(ledger.count).toBe(0);
  });
});
