import {
  CONTENT_BOOT_TIMEOUT_MS,
  ContentQueriesWorld,
  DATABASE_KINDS,
  startContentQueries,
} from '../../support/content-queries-world';

/**
 * Queries from Craft's own documentation, adapted to the demo content (config/content/seed), over
 * HTTP on PGlite and on PostgreSQL, with the data and shapes Craft would answer. The root fields
 * one by one: queries.e2e-spec.ts.
 */

describe.each(DATABASE_KINDS)('content GraphQL root fields (%s)', (kind) => {
  let world: ContentQueriesWorld;
  const publicData = (query: string, variables?: Record<string, unknown>) =>
    world.data(world.publicClient, query, variables);

  beforeAll(async () => {
    world = await startContentQueries(kind);
  }, CONTENT_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await world?.stop();
  });

  describe("queries from Craft's documentation, on the demo content", () => {
    it('two news entries with a formatted date, children and a transformed image', async () => {
      // docs/4.x/graphql.md, "Query": shortDescription/featuredImage are summary/heroImage here.
      expect(
        await publicData(`{
          entries (section: "news", limit: 2, orderBy: "dateCreated DESC") {
            dateCreated @formatDateTime (format: "Y-m-d")
            title
            children {
              title
            }
            ... on news_article_Entry {
              summary
              heroImage {
                url @transform (width: 300)
              }
            }
          }
        }`),
      ).toEqual({
        entries: [
          {
            dateCreated: '2025-09-14',
            title: 'Five TypeScript tips',
            children: [],
            summary: 'Small habits that keep a front end honest.',
            heroImage: [],
          },
          {
            dateCreated: '2025-04-01',
            title: 'Photography on a budget',
            children: [],
            summary: 'Good pictures with the camera you already have.',
            heroImage: [
              { url: '/volumes/images/_300xAUTO_crop_center-center_none/harbour-at-dusk.jpg' },
            ],
          },
        ],
      });
    });

    it('the same list narrowed with relatedToCategories', async () => {
      // docs/3.x/graphql.md, "Relations": `relatedToCategories: [{ slug: ... }]`.
      expect(
        await publicData(`{
          entries(
            section: "news"
            limit: 2
            orderBy: "dateCreated DESC"
            relatedToCategories: [{ group: "topics", slug: "web" }]
          ) {
            title
            ... on news_article_Entry { newsCategories { title } }
          }
        }`),
      ).toEqual({
        entries: [
          { title: 'Five TypeScript tips', newsCategories: [{ title: 'Web' }] },
          { title: 'GraphQL for content teams', newsCategories: [{ title: 'Web' }] },
        ],
      });
    });

    it('a Matrix field through fragments on its block types', async () => {
      expect(
        await publicData(`{
          entry(section: "news", slug: "welcome-to-the-demo") {
            title
            ... on news_article_Entry {
              contentBlocks {
                __typename
                ... on contentBlocks_text_BlockType { text }
                ... on contentBlocks_quote_BlockType { quote attribution }
                ... on contentBlocks_image_BlockType { image { title } }
              }
            }
          }
        }`),
      ).toEqual({
        entry: {
          title: 'Welcome to the demo',
          contentBlocks: [
            {
              __typename: 'contentBlocks_text_BlockType',
              text: '<p>Everything here is <strong>demo content</strong>, loaded at the first start.</p>',
            },
            {
              __typename: 'contentBlocks_quote_BlockType',
              quote: 'Content is a product, not a by-product.',
              attribution: 'An editor',
            },
            { __typename: 'contentBlocks_image_BlockType', image: [{ title: 'Mountain lake' }] },
          ],
        },
      });
    });

    it('pagination with limit, offset and a count, through variables', async () => {
      const query = `query NewsPage($limit: Int, $offset: Int) {
        entries(section: "news", limit: $limit, offset: $offset) { title }
        total: entryCount(section: "news")
      }`;
      expect(await publicData(query, { limit: 4, offset: 0 })).toEqual({
        entries: [
          { title: 'Five TypeScript tips' },
          { title: 'Photography on a budget' },
          { title: 'AI in the newsroom' },
          { title: 'Craft CMS documentation' },
        ],
        total: 6,
      });
      expect(await publicData(query, { limit: 4, offset: 4 })).toEqual({
        entries: [{ title: 'GraphQL for content teams' }, { title: 'Welcome to the demo' }],
        total: 6,
      });
    });

    it("variables of Craft's own argument types: [QueryArgument], criteria inputs", async () => {
      const query = `query Related(
        $ids: [QueryArgument]
        $relatedTo: [QueryArgument]
        $categories: [CategoryCriteriaInput]
        $search: String
      ) {
        fixed: entries(id: $ids, fixedOrder: true) { title }
        related: entries(relatedTo: $relatedTo) { title }
        inCategory: entries(relatedToCategories: $categories) { title }
        found: entries(search: $search) { title }
      }`;
      expect(
        await publicData(query, {
          ids: [
            world.id('entry:five-typescript-tips'),
            String(world.id('entry:welcome-to-the-demo')),
          ],
          relatedTo: ['and', world.id('tag:graphql'), world.id('tag:craft-cms')],
          categories: [{ slug: 'web' }],
          search: 'title:budget',
        }),
      ).toEqual({
        fixed: [{ title: 'Five TypeScript tips' }, { title: 'Welcome to the demo' }],
        related: [{ title: 'GraphQL for content teams' }],
        inCategory: [{ title: 'Five TypeScript tips' }, { title: 'GraphQL for content teams' }],
        found: [{ title: 'Photography on a budget' }],
      });
      // QueryArgument takes strings, integers and booleans only.
      const answer = await world.publicClient.post({
        query: 'query ($ids: [QueryArgument]) { entries(id: $ids) { title } }',
        variables: { ids: [1.5] },
      });
      expect(answer.body).toEqual({
        errors: [
          {
            message:
              'Variable "$ids" got invalid value 1.5 at "ids[0]"; QueryArgument must be either a string, an integer, or a boolean value.',
            locations: [{ line: 1, column: 8 }],
            extensions: { category: 'graphql' },
          },
        ],
      });
    });

    it('a global set, and entries of another site', async () => {
      expect(
        await publicData(`{
          globalSet(handle: "siteInfo", site: "de") {
            siteHandle
            ... on siteInfo_GlobalSet { copyright }
          }
          entries(site: "de", section: "news", limit: 2) { title slug url language }
        }`),
      ).toEqual({
        globalSet: { siteHandle: 'de', copyright: '© 2024–2026 Demo Publishing' },
        entries: [
          {
            // Not translated: the German row holds the English title and slug.
            title: 'Five TypeScript tips',
            slug: 'five-typescript-tips',
            url: 'http://localhost:8080/de/news/five-typescript-tips',
            language: 'de-DE',
          },
          {
            title: 'Fotografieren mit kleinem Budget',
            slug: 'fotografieren-mit-kleinem-budget',
            url: 'http://localhost:8080/de/news/fotografieren-mit-kleinem-budget',
            language: 'de-DE',
          },
        ],
      });
    });

    it('fragments on the interfaces, across element kinds', async () => {
      expect(
        await publicData(`
          fragment Base on ElementInterface { id title }
          {
            entry(slug: "team") { ...Base ... on EntryInterface { sectionHandle } }
            asset(filename: "harbour-at-dusk.jpg") { ...Base ... on AssetInterface { kind } }
            category(slug: "culture") { ...Base ... on CategoryInterface { groupHandle } }
            tag(slug: "typescript") { ...Base ... on TagInterface { groupHandle } }
          }`),
      ).toEqual({
        entry: { id: String(world.id('entry:team')), title: 'Team', sectionHandle: 'pages' },
        asset: {
          id: String(world.id('asset:harbour-at-dusk.jpg')),
          title: 'Harbour at dusk',
          kind: 'image',
        },
        category: {
          id: String(world.id('category:culture')),
          title: 'Culture',
          groupHandle: 'topics',
        },
        tag: {
          id: String(world.id('tag:typescript')),
          title: 'TypeScript',
          groupHandle: 'keywords',
        },
      });
    });
  });
});
