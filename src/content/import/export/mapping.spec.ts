import { writerTestModel } from '../../store/write/element-writer.fixtures';
import { categoryItem, entryItem, globalSetItem, type MappingContext, userItem } from './mapping';
import { ExportReferences } from './references';
import type { ExportElement, ExportSite, ReferenceKey } from './rows';

const model = writerTestModel('/srv/volumes/images');
const EN = 1;
const DE = 2;
const field = (handle: string) => model.fields.handle(handle)!.id;
const news = model.sections.handle('news')!;
const article = news.entryTypes[0];
const pages = model.sections.handle('pages')!;
const homepage = model.sections.handle('homepage')!;

const key = (
  id: number,
  kind: ReferenceKey['kind'],
  containerId: number | null,
  slugs: [number, string][],
  extra: Partial<ReferenceKey> = {},
): ReferenceKey => ({
  id,
  uid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  kind,
  containerId,
  slugs: new Map(slugs),
  ...extra,
});

const KEYS: ReferenceKey[] = [
  key(1, 'entry', news.id, [
    [EN, 'one'],
    [DE, 'eins'],
  ]),
  key(2, 'entry', news.id, [
    [EN, 'two'],
    [DE, 'two'],
  ]),
  // "shared" is one entry's English slug and another's German one: neither is named by it.
  key(3, 'entry', news.id, [
    [EN, 'shared'],
    [DE, 'drei'],
  ]),
  key(4, 'entry', news.id, [
    [EN, 'vier'],
    [DE, 'shared'],
  ]),
  key(5, 'entry', homepage.id, [[EN, 'homepage']]),
  key(6, 'user', null, [], { login: 'alice' }),
  key(7, 'asset', 20, [], { asset: { volumeId: 20, folderPath: 'team/', filename: 'a.jpg' } }),
  key(8, 'category', 30, [[EN, 'tech']]),
  // A section no longer in the model.
  key(9, 'entry', 999, [[EN, 'lost']]),
  key(10, 'tag', 40, [[EN, '6f1c2a3b-0000-4000-8000-000000000001']]),
  key(11, 'user', null, [], { login: 'bob' }),
];

function context(): MappingContext & { droppedTargets: number[] } {
  const droppedTargets: number[] = [];
  return {
    model,
    references: new ExportReferences(model, KEYS),
    dropped: (_source, target) => droppedTargets.push(target),
    droppedTargets,
  };
}

const site = (siteId: number, values: Partial<ExportSite> = {}): ExportSite => ({
  siteId,
  title: null,
  slug: null,
  enabled: true,
  fields: {},
  ...values,
});

function element(values: Partial<ExportElement>): ExportElement {
  return {
    id: 100,
    uid: 'uid-100',
    kind: 'entry',
    containerId: news.id,
    typeId: article.id,
    authorId: null,
    authorIds: [],
    photoId: null,
    postDate: new Date('2024-05-01T08:00:00Z'),
    expiryDate: null,
    enabled: true,
    archived: false,
    dateCreated: new Date('2024-04-30T12:00:00Z'),
    dateUpdated: new Date('2024-05-01T08:00:00Z'),
    sites: [],
    relations: [],
    blocks: [],
    parentId: null,
    lft: null,
    ...values,
  };
}

describe('references', () => {
  const references = new ExportReferences(model, KEYS);

  it('name elements by natural key when the slug names them alone', () => {
    expect(references.name(1)).toBe('news/one');
    expect(references.name(5)).toBe('homepage');
    expect(references.name(6)).toBe('alice');
    expect(references.name(7)).toBe('images/team/a.jpg');
    expect(references.name(8)).toBe('topics/tech');
  });

  it('fall back to the bare uid when a slug is ambiguous or looks like a uid', () => {
    expect(references.name(3)).toBe(KEYS[2].uid);
    expect(references.name(4)).toBe('news/vier');
    expect(references.name(10)).toBe(KEYS[9].uid);
    expect(references.parent(3)).toBe(KEYS[2].uid);
    expect(references.parent(1)).toBe('one');
  });

  it('name nothing outside the content model', () => {
    expect(references.name(9)).toBeUndefined();
    expect(references.name(12345)).toBeUndefined();
  });
});

describe('entries', () => {
  it('write shared values from the primary site and only differences per site', () => {
    const ctx = context();
    const item = entryItem(
      element({
        authorId: 6,
        authorIds: [6],
        sites: [
          site(EN, {
            title: 'One',
            slug: 'one',
            fields: { summary: 'First', rating: 4.5, featured: false, eventDate: null },
          }),
          site(DE, {
            title: 'Eins',
            slug: 'eins',
            enabled: false,
            fields: { summary: 'First', rating: 4.5 },
          }),
        ],
        relations: [
          { fieldId: field('relatedArticles'), siteId: null, targetIds: [2, 9, 3] },
          // keywords is translatable here: a set per site.
          { fieldId: field('keywords'), siteId: EN, targetIds: [10] },
          { fieldId: field('keywords'), siteId: DE, targetIds: [] },
        ],
        blocks: [
          {
            id: 200,
            fieldId: field('contentBlocks'),
            typeId: model.fields.handle('contentBlocks')!.blockTypes[1].id,
            enabled: false,
            sites: [
              site(EN, { fields: { quote: 'Ask', attribution: 'Me' } }),
              site(DE, { fields: { quote: 'Frag', attribution: 'Me' } }),
            ],
            relations: [],
          },
        ],
      }),
      news,
      article,
      ctx,
    );
    expect(item).toEqual({
      uid: 'uid-100',
      section: 'news',
      type: 'article',
      title: 'One',
      slug: 'one',
      author: 'alice',
      postDate: '2024-05-01T08:00:00.000Z',
      dateCreated: '2024-04-30T12:00:00.000Z',
      dateUpdated: '2024-05-01T08:00:00.000Z',
      fields: {
        summary: 'First',
        relatedArticles: ['news/two', KEYS[2].uid],
        keywords: [KEYS[9].uid],
        rating: 4.5,
        contentBlocks: [
          {
            type: 'quote',
            enabled: false,
            fields: { quote: 'Ask', attribution: 'Me' },
            sites: { de: { fields: { quote: 'Frag' } } },
          },
        ],
      },
      sites: { de: { title: 'Eins', slug: 'eins', enabled: false, fields: { keywords: [] } } },
    });
    // The entry of a section outside the model cannot be named: left out, and counted.
    expect(ctx.droppedTargets).toEqual([9]);
  });

  it('write several authors (Craft 5) as `authors`, the primary first', () => {
    const item = entryItem(
      element({ authorId: 11, authorIds: [11, 6], sites: [site(EN, { title: 'T', slug: 't' })] }),
      news,
      article,
      context(),
    );
    expect(item.author).toBeUndefined();
    expect(item.authors).toEqual(['bob', 'alice']);
  });

  it('take shared values from the first site of an element not in the primary site', () => {
    const item = entryItem(
      element({
        sites: [site(DE, { title: 'Nur Deutsch', slug: 'nur-deutsch', fields: { summary: 'x' } })],
      }),
      news,
      article,
      context(),
    );
    expect(item).toMatchObject({
      title: 'Nur Deutsch',
      slug: 'nur-deutsch',
      fields: { summary: 'x' },
    });
    expect(item.sites).toBeUndefined();
  });

  it('leave out the uid of singles, and write structure parents, empty post dates and statuses', () => {
    expect(
      entryItem(
        element({
          containerId: homepage.id,
          typeId: homepage.entryTypes[0].id,
          sites: [site(EN, { title: 'Home', slug: 'homepage' })],
        }),
        homepage,
        homepage.entryTypes[0],
        context(),
      ),
    ).not.toHaveProperty('uid');
    const page = entryItem(
      element({
        containerId: pages.id,
        typeId: pages.entryTypes[0].id,
        parentId: 1,
        postDate: null,
        expiryDate: new Date('2030-01-01T00:00:00Z'),
        enabled: false,
        archived: true,
        sites: [
          site(EN, {
            title: 'Page',
            slug: 'page',
            // Stored keyed by column key; written keyed by handle, empty cells left out.
            fields: { specs: [{ col1: 'Founded', col2: null }], layout: 'narrow', audiences: [] },
          }),
        ],
      }),
      pages,
      pages.entryTypes[0],
      context(),
    );
    expect(page).toMatchObject({
      parent: 'one',
      postDate: null,
      expiryDate: '2030-01-01T00:00:00.000Z',
      enabled: false,
      archived: true,
      // layout "narrow" is the dropdown's default, audiences [] the checkboxes' default.
      fields: { specs: [{ label: 'Founded' }] },
    });
  });
});

describe('other kinds', () => {
  it('write categories, global sets and users', () => {
    const ctx = context();
    const topics = model.categoryGroups.handle('topics')!;
    expect(
      categoryItem(
        element({
          kind: 'category',
          containerId: topics.id,
          parentId: 8,
          sites: [site(EN, { title: 'AI', slug: 'ai' })],
        }),
        topics,
        ctx,
      ),
    ).toEqual({
      uid: 'uid-100',
      group: 'topics',
      parent: 'tech',
      title: 'AI',
      slug: 'ai',
      dateCreated: '2024-04-30T12:00:00.000Z',
      dateUpdated: '2024-05-01T08:00:00.000Z',
    });
    const siteInfo = model.globalSets.handle('siteInfo')!;
    expect(
      globalSetItem(
        element({
          kind: 'globalset',
          sites: [
            site(EN, { fields: { copyright: '©' } }),
            site(DE, { fields: { copyright: '© DE' } }),
          ],
        }),
        siteInfo,
        ctx,
      ),
    ).toEqual({
      handle: 'siteInfo',
      dateUpdated: '2024-05-01T08:00:00.000Z',
      fields: { copyright: '©' },
      sites: { de: { fields: { copyright: '© DE' } } },
    });
    expect(
      userItem(
        element({
          kind: 'user',
          photoId: 7,
          user: { login: 'alice', email: 'a@example.com', name: 'Alice', groupIds: [61, 60] },
          sites: [site(EN), site(DE)],
        }),
        ctx,
      ),
    ).toEqual({
      username: 'alice',
      email: 'a@example.com',
      fullName: 'Alice',
      groups: ['editors', 'authors'],
      photo: 'images/team/a.jpg',
    });
  });
});
