import {
  CONTENT_BOOT_TIMEOUT_MS,
  type ContentQueriesWorld,
  DATABASE_KINDS,
  startContentQueries,
} from '../support/content-queries-world';

/**
 * GRAPHQL_CRAFT_VERSION=5: Matrix fields hold nested entries (docs/content-graphql.md, "Craft 4 →
 * 5"), served from the same matrix blocks as Craft 4's block types, on PGlite and PostgreSQL.
 * The demo's `contentBlocks` field has the block types text, quote and image, so the nested
 * entry types are `text_Entry`, `quote_Entry` and `image_Entry`.
 */
describe.each(DATABASE_KINDS)('Craft 5 Matrix fields as nested entries (%s)', (kind) => {
  let world: ContentQueriesWorld;
  const publicData = <T = Record<string, unknown>>(query: string, variables?: object) =>
    world.data<T>(world.publicClient, query, variables as Record<string, unknown>);

  beforeAll(async () => {
    world = await startContentQueries(kind, { env: { GRAPHQL_CRAFT_VERSION: '5' } });
  }, CONTENT_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await world?.stop();
  });

  type Nested = Record<string, unknown>;

  it('a Matrix field returns its entries, with the EntryInterface fields of nested entries', async () => {
    const welcome = world.id('entry:welcome-to-the-demo');
    const { entry } = await publicData<{ entry: Record<string, Nested[]> }>(`{
      entry(slug: "welcome-to-the-demo") {
        ... on article_Entry {
          blocks: contentBlocks {
            __typename
            ... on EntryInterface {
              id title slug sectionId sectionHandle fieldId fieldHandle ownerId sortOrder
              typeId typeHandle postDate expiryDate status enabled
            }
          }
          quotes: contentBlocks(type: "quote") { ... on quote_Entry { quote attribution } }
          byBlockField: contentBlocks(quote: "Content is*") { __typename }
          reversed: contentBlocks(inReverse: true, limit: 1) { ... on image_Entry { image { filename } } }
          inSection: contentBlocks(section: "news") { __typename }
        }
      }
    }`);
    expect(
      entry.blocks.map((block) => [block.__typename, block.typeHandle, block.sortOrder]),
    ).toEqual([
      ['text_Entry', 'text', 1],
      ['quote_Entry', 'quote', 2],
      ['image_Entry', 'image', 3],
    ]);
    const fieldIds = new Set(entry.blocks.map((block) => block.fieldId));
    expect(fieldIds.size).toBe(1);
    expect(typeof [...fieldIds][0]).toBe('number');
    for (const block of entry.blocks) {
      expect(block).toMatchObject({
        title: null,
        sectionId: null,
        sectionHandle: null,
        fieldHandle: 'contentBlocks',
        ownerId: welcome,
        postDate: null,
        expiryDate: null,
        status: 'enabled',
        enabled: true,
      });
    }
    expect(entry.quotes).toEqual([
      { quote: 'Content is a product, not a by-product.', attribution: 'An editor' },
    ]);
    expect(entry.byBlockField).toEqual([{ __typename: 'quote_Entry' }]);
    expect(entry.reversed).toEqual([{ image: [{ filename: 'mountain-lake.jpg' }] }]);
    // Nested entries have no section.
    expect(entry.inSection).toEqual([]);
  });

  it('entries(field:, fieldId:, ownerId:, primaryOwnerId:) select nested entries', async () => {
    const welcome = world.id('entry:welcome-to-the-demo');
    const teams = world.id('entry:graphql-for-content-teams');
    const { articles } = await publicData<{
      articles: { id: string; contentBlocks: { id: string; fieldId: number }[] }[];
    }>(`{
      articles: entries(section: "news", type: "article") {
        id ... on article_Entry { contentBlocks { ... on EntryInterface { id fieldId } } }
      }
    }`);
    const allBlocks = articles.flatMap((article) => article.contentBlocks.map((block) => block.id));
    expect(allBlocks.length).toBeGreaterThan(4);
    const fieldId = articles.find((a) => a.contentBlocks.length > 0)!.contentBlocks[0].fieldId;

    const found = await publicData<Record<string, unknown>>(
      `query ($welcome: [QueryArgument], $teams: [QueryArgument], $fieldId: [QueryArgument]) {
        byField: entries(field: "contentBlocks") { id }
        byFieldCount: entryCount(field: "contentBlocks")
        byOwner: entries(ownerId: $welcome) { __typename ... on quote_Entry { quote } }
        byPrimaryOwner: entries(primaryOwnerId: $welcome, type: "image") { typeHandle ownerId }
        byFieldId: entries(fieldId: $fieldId, ownerId: $teams) { typeHandle sortOrder }
        last: entry(field: "contentBlocks", ownerId: $welcome, orderBy: "sortOrder DESC") {
          typeHandle
        }
        withSection: entries(field: "contentBlocks", section: "news") { id }
        notMatrix: entries(field: "summary") { id }
        sectionEntries: entries(section: "news", limit: 1) { sectionHandle fieldId ownerId }
      }`,
      { welcome: [welcome], teams: [teams], fieldId: [fieldId] },
    );
    expect(found.byField).toEqual(expect.arrayContaining(allBlocks.map((id) => ({ id }))));
    expect(found.byField).toHaveLength(allBlocks.length);
    expect(found.byFieldCount).toBe(allBlocks.length);
    expect(found.byOwner).toEqual([
      { __typename: 'text_Entry' },
      { __typename: 'quote_Entry', quote: 'Content is a product, not a by-product.' },
      { __typename: 'image_Entry' },
    ]);
    expect(found.byPrimaryOwner).toEqual([{ typeHandle: 'image', ownerId: welcome }]);
    expect(found.byFieldId).toEqual([
      { typeHandle: 'text', sortOrder: 1 },
      { typeHandle: 'quote', sortOrder: 2 },
    ]);
    expect(found.last).toEqual({ typeHandle: 'image' });
    expect(found.withSection).toEqual([]);
    expect(found.notMatrix).toEqual([]);
    // Section entries are as before: no field, no owner.
    expect(found.sectionEntries).toEqual([{ sectionHandle: 'news', fieldId: null, ownerId: null }]);
  });

  it('save mutations take nested entries under `entries` (<field>_MatrixEntryContainerInput)', async () => {
    type Saved = {
      save_news_article_Entry: { id: string; contentBlocks: Record<string, unknown>[] };
    };
    const SAVE = `mutation ($id: ID, $blocks: contentBlocks_MatrixInput) {
      save_news_article_Entry(id: $id, title: "Nested entries", contentBlocks: $blocks) {
        id
        contentBlocks {
          __typename
          ... on EntryInterface { id sortOrder fieldHandle }
          ... on quote_Entry { quote attribution }
          ... on text_Entry { text }
        }
      }
    }`;
    const created = await world.data<Saved>(world.editorial, SAVE, {
      blocks: {
        entries: [
          { text: { text: '<p>First</p>' } },
          { quote: { quote: 'Nested.', attribution: 'Craft 5' } },
        ],
      },
    });
    const { id, contentBlocks } = created.save_news_article_Entry;
    expect(contentBlocks).toEqual([
      expect.objectContaining({ __typename: 'text_Entry', text: '<p>First</p>', sortOrder: 1 }),
      expect.objectContaining({
        __typename: 'quote_Entry',
        quote: 'Nested.',
        attribution: 'Craft 5',
        sortOrder: 2,
        fieldHandle: 'contentBlocks',
      }),
    ]);
    const [text, quote] = contentBlocks.map((block) => String(block.id));

    // Reorder, change one field of the quote, keep the text as it is.
    const updated = await world.data<Saved>(world.editorial, SAVE, {
      id,
      blocks: { sortOrder: [quote, text], entries: [{ quote: { id: quote, attribution: 'Q2' } }] },
    });
    expect(
      updated.save_news_article_Entry.contentBlocks.map((block) => [
        block.id,
        block.sortOrder,
        block.quote ?? block.text,
        block.attribution ?? null,
      ]),
    ).toEqual([
      [quote, 1, 'Nested.', 'Q2'],
      [text, 2, '<p>First</p>', null],
    ]);
    // The same nested entries through entries(ownerId:).
    const owned = await publicData<{ entries: { id: string }[] }>(
      'query ($owner: [QueryArgument]) { entries(ownerId: $owner) { id } }',
      { owner: [id] },
    );
    expect(owned.entries).toEqual([{ id: quote }, { id: text }]);
  });

  it('several authors (Craft 5.0): authorIds and authors from the one author', async () => {
    const { entry } = await world.data<{ entry: Record<string, unknown> }>(
      world.editorial,
      `{
        entry(slug: "welcome-to-the-demo") {
          authorId authorIds author { username } authors { username }
          ... on article_Entry {
            contentBlocks(limit: 1) { ... on EntryInterface { authorId authorIds authors { id } } }
          }
        }
      }`,
    );
    expect(typeof entry.authorId).toBe('number');
    expect(entry.authorIds).toEqual([entry.authorId]);
    expect(entry.authors).toEqual([entry.author]);
    expect(entry.author).toEqual({ username: expect.any(String) });
    // Nested entries have no author.
    expect(entry.contentBlocks).toEqual([{ authorId: null, authorIds: [], authors: [] }]);
  });

  it('a nested entry’s own entry fields: localized, prev and next within its field', async () => {
    const { entry } = await publicData<{ entry: { contentBlocks: Record<string, unknown>[] } }>(`{
      entry(slug: "welcome-to-the-demo") {
        ... on article_Entry {
          contentBlocks {
            ... on EntryInterface {
              id
              localized { id siteHandle }
              next(field: "contentBlocks") { typeHandle }
              children { id }
              _count(field: "image")
            }
          }
        }
      }
    }`);
    const [text, quote, image] = entry.contentBlocks;
    expect(text.localized).toEqual([{ id: text.id, siteHandle: 'de' }]);
    expect([text.next, quote.next]).toEqual([{ typeHandle: 'quote' }, { typeHandle: 'image' }]);
    expect(text.children).toEqual([]);
    expect([text._count, image._count]).toEqual([0, 1]);
  });
});
