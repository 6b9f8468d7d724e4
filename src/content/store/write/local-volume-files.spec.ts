import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { LocalVolumeFiles, UPLOAD_PREFIX } from './local-volume-files';
import { ProblemList, ElementWriteError } from './write-error';

let dir: string;
let volume: string;
const files = new LocalVolumeFiles();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'volume-files-'));
  volume = join(dir, 'volume');
  await mkdir(volume);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every file and folder under the volume, hidden ones included, as sorted relative paths. */
async function tree(): Promise<string[]> {
  const entries = await readdir(volume, { recursive: true });
  return entries.map((entry) => relative(volume, join(volume, entry))).sort();
}

function problemsOf(list: ProblemList): string[] {
  try {
    list.throwIfAny();
    return [];
  } catch (error) {
    return (error as ElementWriteError).problems.slice();
  }
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('LocalVolumeFiles', () => {
  it('keeps new bytes under a hidden name beside the target until the commit renames them', async () => {
    const target = join(volume, 'team', '2025', 'photo.png');
    const problems = new ProblemList();
    const prepared = await files.prepare(target, { data: await png(40, 30) }, problems);
    expect(problemsOf(problems)).toEqual([]);
    expect(prepared?.facts).toEqual({
      size: expect.any(Number),
      kind: 'image',
      mimeType: 'image/png',
      width: 40,
      height: 30,
    });
    const waiting = await tree();
    expect(waiting).toEqual(['team', 'team/2025', expect.stringMatching(/^team\/2025\/\.upload-/)]);
    expect(await files.exists(target)).toBe(false);

    await files.commit(prepared!);
    expect(await tree()).toEqual(['team', 'team/2025', 'team/2025/photo.png']);
    expect((await sharp(target).metadata()).width).toBe(40);
  });

  it('discards a preparation: the temporary file and the folders it made go, the old file stays', async () => {
    await mkdir(join(volume, 'docs'));
    await writeFile(join(volume, 'docs', 'manual.txt'), 'old');
    const before = await tree();

    // The same name: the old file is untouched until a commit.
    const replacing = await files.prepare(
      join(volume, 'docs', 'manual.txt'),
      { data: Buffer.from('new') },
      new ProblemList(),
    );
    expect(replacing?.facts).toMatchObject({ size: 3, kind: 'text', width: null });
    expect(await readFile(join(volume, 'docs', 'manual.txt'), 'utf8')).toBe('old');
    await files.discard(replacing!);

    // New folders made for the target are removed with it.
    const source = join(dir, 'import.txt');
    await writeFile(source, 'imported');
    const nested = await files.prepare(
      join(volume, 'a', 'b', 'c', 'import.txt'),
      { copyFrom: source },
      new ProblemList(),
    );
    expect(await tree()).toContain('a/b/c');
    await files.discard(nested!);
    expect(await tree()).toEqual(before);
    expect(await readFile(join(volume, 'docs', 'manual.txt'), 'utf8')).toBe('old');
  });

  it('replaces a file in one rename on commit', async () => {
    const target = join(volume, 'manual.txt');
    await writeFile(target, 'old');
    const prepared = await files.prepare(target, { data: Buffer.from('new!') }, new ProblemList());
    await files.commit(prepared!);
    expect(await readFile(target, 'utf8')).toBe('new!');
    expect(await tree()).toEqual(['manual.txt']);
  });

  it('moves an asset file only on commit, reading its facts from where it is', async () => {
    const from = join(volume, 'logo.png');
    await writeFile(from, await png(12, 8));
    const target = join(volume, 'brand', 'logo.png');
    const prepared = await files.prepare(target, { moveFrom: from }, new ProblemList());
    expect(prepared?.facts).toMatchObject({ width: 12, height: 8 });
    expect(await tree()).toEqual(['brand', 'logo.png']);
    await files.commit(prepared!);
    expect(await tree()).toEqual(['brand', 'brand/logo.png']);

    // Discarded: the folder made for it goes, the file stays where it was.
    const again = await files.prepare(
      join(volume, 'elsewhere', 'logo.png'),
      { moveFrom: target },
      new ProblemList(),
    );
    await files.discard(again!);
    expect(await tree()).toEqual(['brand', 'brand/logo.png']);
  });

  it('reports what cannot be placed or read, leaving nothing behind', async () => {
    const problems = new ProblemList();
    expect(
      await files.prepare(join(volume, 'x', 'broken.png'), { data: Buffer.from('no') }, problems),
    ).toBeUndefined();
    expect(
      await files.prepare(join(volume, 'missing.jpg'), { inPlace: true }, problems),
    ).toBeUndefined();
    expect(
      await files.prepare(join(volume, 'copy.txt'), { copyFrom: join(dir, 'nope') }, problems),
    ).toBeUndefined();
    const reported = problemsOf(problems);
    expect(reported[0]).toMatch(/^file: not a readable image/);
    expect(reported[1]).toBe(`file: ${join(volume, 'missing.jpg')} does not exist`);
    expect(reported[2]).toMatch(/^file: cannot place it \(ENOENT/);
    expect(await tree()).toEqual([]);
    expect((await tree()).some((name) => name.includes(UPLOAD_PREFIX))).toBe(false);
  });

  it('removes files, a missing one included', async () => {
    await writeFile(join(volume, 'old.txt'), 'x');
    await files.remove(join(volume, 'old.txt'));
    await files.remove(join(volume, 'old.txt'));
    expect(await tree()).toEqual([]);
  });
});
