import { emptySeedDocument, parseSeedDocument } from './seed-document';

describe('parseSeedDocument', () => {
  it("keeps entries' values as JSON text and gives them back as they were", () => {
    const fields = { body: '<p>x</p>', rating: 4.5, tags: ['a/b'], table: [{ a: 1 }], none: null };
    const sites = { de: { title: 'Hallo', fields: { body: 'y' } } };
    const document = emptySeedDocument();
    const problems: string[] = [];
    parseSeedDocument(
      {
        entries: [
          { section: 'news', slug: 'a', fields, sites },
          { section: 'news', slug: 'b' },
        ],
      },
      'a.yaml',
      '/tmp',
      document,
      problems,
    );
    expect(problems).toEqual([]);
    const [a, b] = document.entries;
    expect(a.fields).toEqual(fields);
    expect(a.sites).toEqual(sites);
    expect([a.section, a.slug, a.at, a.dir]).toEqual(['news', 'a', 'a.yaml: entries[0]', '/tmp']);
    expect(b.fields).toBeUndefined();
  });

  it('keeps values JSON would change as they are', () => {
    const document = emptySeedDocument();
    const fields = { rating: Number.NaN, big: Number.POSITIVE_INFINITY, at: new Date(0) };
    parseSeedDocument({ entries: [{ section: 'news', fields }] }, 'a.yaml', '/tmp', document, []);
    expect(document.entries[0].fields).toBe(fields);
  });
});
