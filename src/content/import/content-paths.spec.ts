import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentPathError, contentFilesOf } from './content-paths';

describe('contentFilesOf', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'content-paths-'));
    mkdirSync(join(dir, 'seed', 'files'), { recursive: true });
    mkdirSync(join(dir, 'empty'));
    for (const name of ['b.yaml', 'a.json', 'c.yml', 'notes.txt', 'files/x.yaml']) {
      writeFileSync(join(dir, 'seed', name), '');
    }
    writeFileSync(join(dir, 'extra.yaml'), '');
    writeFileSync(join(dir, 'photo.jpg'), '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the content files directly in a directory in name order, then files as given', () => {
    const files = contentFilesOf([join(dir, 'seed'), join(dir, 'extra.yaml')]);
    expect(files.map((file) => file.label)).toEqual([
      join(dir, 'seed', 'a.json'),
      join(dir, 'seed', 'b.yaml'),
      join(dir, 'seed', 'c.yml'),
      join(dir, 'extra.yaml'),
    ]);
  });

  it('refuses what it cannot read as content', () => {
    expect(() => contentFilesOf([join(dir, 'missing')])).toThrow(
      new ContentPathError(`${join(dir, 'missing')}: no such file or directory`),
    );
    expect(() => contentFilesOf([join(dir, 'empty')])).toThrow(/no content files \(\*\.yaml/);
    expect(() => contentFilesOf([join(dir, 'photo.jpg')])).toThrow(/not a content file/);
  });
});
