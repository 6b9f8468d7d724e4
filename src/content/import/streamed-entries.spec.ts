import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentsFirst, type SeedEntry } from './seed-document';
import { type ContentFile, readContentFiles, SeedFileError } from './seed-files';
import { readContentFilesStreamed } from './streamed-entries';

describe('readContentFilesStreamed', () => {
  let dir: string;
  const write = (name: string, text: string): ContentFile => {
    writeFileSync(join(dir, name), text);
    return { path: join(dir, name), label: name };
  };
  const keys = (entries: Iterable<{ section: string; slug?: string; at: string }>) =>
    [...entries].map((entry) => `${entry.section}/${entry.slug} ${entry.at}`);

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'streamed-entries-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives every other kind at once and the entries in the order a whole read loads them', () => {
    const files = [
      write(
        'a.yaml',
        'tags: [{ group: topics, title: AI }]\nentries:\n  - { section: news, slug: one }\n  - { section: pages, slug: top }\n',
      ),
      write('b.yaml', 'entries:\n  - { section: pages, slug: child, parent: top }\n'),
    ];
    const whole = readContentFiles(files);
    const streamed = readContentFilesStreamed(files);
    expect(streamed.document.tags).toEqual(whole.tags);
    expect(streamed.document.entries).toEqual([]);
    expect(streamed.entries.count).toBe(3);
    expect(keys(streamed.entries.entries)).toEqual(
      keys(parentsFirst(whole.entries, (e) => e.section)),
    );
  });

  it('gives back the checked entries as they were, values JSON would change included', () => {
    const files = [
      write(
        'a.yaml',
        'entries:\n  - { section: news, slug: one, postDate: 2024-05-01T10:00:00Z, fields: { rating: 4.5, body: "ü" }, sites: { de: { title: Eins } } }\n  - { section: news, slug: two, fields: { rating: .nan } }\n',
      ),
    ];
    const whole = readContentFiles(files).entries;
    const content = readContentFilesStreamed(files);
    // Read when the load reaches them: what the file says by then does not count.
    writeFileSync(files[0].path, 'entries: [\n');
    const streamed = [...content.entries.entries];
    content.close();
    const values = (entries: readonly SeedEntry[]) =>
      entries.map((e) => ({ ...e, fields: e.fields, sites: e.sites }));
    expect(values(streamed)).toEqual(values(whole));
    // (A Date of Node's own realm, not the test's: compared by its tag.)
    expect(Object.prototype.toString.call(streamed[0].postDate)).toBe('[object Date]');
    expect(streamed[0].postDate?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(streamed[1].fields?.rating).toBeNaN();
  });

  it('puts a parent that comes later first, as parentsFirst does', () => {
    const files = [
      write('a.yaml', 'entries:\n  - { section: pages, slug: child, parent: top }\n'),
      write('b.yaml', 'entries:\n  - { section: pages, slug: top }\n'),
    ];
    expect(keys(readContentFilesStreamed(files).entries.entries)).toEqual([
      'pages/top b.yaml: entries[0]',
      'pages/child a.yaml: entries[0]',
    ]);
  });

  it('throws every problem of every file before anything is loaded', () => {
    const files = [
      write('a.yaml', 'entries: 3\n'),
      write('b.yaml', 'entries: [\n'),
      write('c.yaml', 'nope: []\n'),
    ];
    let whole: unknown;
    try {
      readContentFiles(files);
    } catch (error) {
      whole = error;
    }
    expect(whole).toBeInstanceOf(SeedFileError);
    expect(() => readContentFilesStreamed(files)).toThrow(SeedFileError);
    try {
      readContentFilesStreamed(files);
    } catch (error) {
      expect((error as SeedFileError).problems).toEqual((whole as SeedFileError).problems);
      expect((error as SeedFileError).problems).toHaveLength(3);
    }
  });
});
