import { GraphqlClient } from '../../support/graphql-client';
import {
  CONTENT_BOOT_TIMEOUT_MS,
  CONTENT_QUERIES_ADMIN_PASSWORD,
  ContentQueriesWorld,
  DATABASE_KINDS,
  startContentQueries,
} from '../../support/content-queries-world';

/**
 * The root fields of the content API over HTTP, against the demo content
 * (config/content/seed) on PGlite and on PostgreSQL: every plural, singular and count field,
 * the per-section fields and Craft 3.3's deprecated aliases, with the data and shapes Craft would
 * answer. Queries from Craft's documentation: documented-queries.e2e-spec.ts.
 */

/** Live entries of the English site in Craft's default order: post date, newest first. */
const LIVE_ENTRIES = [
  // The pages carry no post date in the seed: the writer gives them the time of the load.
  ['Contact', 'pages_page_Entry'],
  ['Services', 'pages_page_Entry'],
  ['Leadership', 'pages_page_Entry'],
  ['Team', 'pages_page_Entry'],
  ['About us', 'pages_page_Entry'],
  ['Five TypeScript tips', 'news_article_Entry'], // 2025-09-15
  ['Photography on a budget', 'news_article_Entry'], // 2025-04-02
  ['AI in the newsroom', 'news_article_Entry'], // 2025-01-20
  ['Craft CMS documentation', 'news_link_Entry'], // 2024-08-01
  ['GraphQL for content teams', 'news_article_Entry'], // 2024-06-12
  ['Welcome to the demo', 'news_article_Entry'], // 2024-03-05
  // Both singles were posted 2024-01-01T00:00:00Z: the later id comes first.
  ['About this demo', 'about_about_Entry'],
  ['Welcome', 'homepage_homepage_Entry'],
].map(([title, __typename]) => ({ title, __typename }));

describe.each(DATABASE_KINDS)('content GraphQL root fields (%s)', (kind) => {
  let world: ContentQueriesWorld;
  const publicData = (query: string, variables?: Record<string, unknown>) =>
    world.data(world.publicClient, query, variables);
  const editorialData = <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ) => world.data<T>(world.editorial, query, variables);

  beforeAll(async () => {
    world = await startContentQueries(kind);
  }, CONTENT_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await world?.stop();
  });

  it('answers ping as a query and as a mutation', async () => {
    expect(await publicData('{ ping }')).toEqual({ ping: 'pong' });
    expect(await editorialData('mutation { ping }')).toEqual({ ping: 'pong' });
  });

  describe('entries', () => {
    it('lists the live entries of the primary site, newest first, with their concrete types', async () => {
      expect(await publicData('{ entries { title __typename } }')).toEqual({
        entries: LIVE_ENTRIES,
      });
    });

    it('entry answers the first match or null; entryCount counts every match', async () => {
      expect(
        await publicData(`{
          bySlug: entry(slug: "about-us") { id title uri }
          first: entry(section: "news") { title }
          none: entry(slug: "no-such-entry") { title }
          all: entryCount
          news: entryCount(section: "news")
          ignoresPaging: entryCount(section: "news", limit: 1, offset: 3)
        }`),
      ).toEqual({
        bySlug: { id: String(world.id('entry:about-us')), title: 'About us', uri: 'about-us' },
        first: { title: 'Five TypeScript tips' },
        none: null,
        all: 13,
        news: 6,
        ignoresPaging: 6,
      });
    });

    it('counts the disabled, pending and expired entries only where the scope reads them', async () => {
      expect(
        await editorialData(`{
          everything: entryCount(status: null)
          news: entryCount(section: "news", status: null)
          live: entryCount
        }`),
      ).toEqual({ everything: 16, news: 9, live: 13 });
    });

    it('<section>Entries: one field per section, its union of entry types, no section argument', async () => {
      expect(
        await publicData(`{
          newsEntries(limit: 3) {
            __typename
            ... on news_article_Entry { title rating }
            ... on news_link_Entry { title website }
          }
          links: newsEntries(type: "link") {
            ... on news_link_Entry { title website }
          }
          pagesEntries(level: 1) { ... on pages_page_Entry { title } }
          homepageEntries { __typename ... on homepage_homepage_Entry { title uri url } }
          germanHome: homepageEntries(site: "de") { ... on homepage_homepage_Entry { title url } }
          aboutEntries { __typename ... on about_about_Entry { title uri url } }
        }`),
      ).toEqual({
        newsEntries: [
          { __typename: 'news_article_Entry', title: 'Five TypeScript tips', rating: 5 },
          { __typename: 'news_article_Entry', title: 'Photography on a budget', rating: 4.2 },
          { __typename: 'news_article_Entry', title: 'AI in the newsroom', rating: 3.5 },
        ],
        links: [{ title: 'Craft CMS documentation', website: 'https://craftcms.com/docs/' }],
        pagesEntries: [{ title: 'About us' }, { title: 'Services' }, { title: 'Contact' }],
        // The homepage keeps Craft's `__home__` URI; its URL is the site's base URL.
        homepageEntries: [
          {
            __typename: 'homepage_homepage_Entry',
            title: 'Welcome',
            uri: '__home__',
            url: 'http://localhost:8080/',
          },
        ],
        germanHome: [{ title: 'Willkommen', url: 'http://localhost:8080/de/' }],
        aboutEntries: [
          {
            __typename: 'about_about_Entry',
            title: 'About this demo',
            uri: 'about',
            url: 'http://localhost:8080/about',
          },
        ],
      });
    });
  });

  describe('assets, categories, tags, global sets and users', () => {
    it('assets, asset and assetCount', async () => {
      expect(
        await publicData(`{
          assets { filename __typename }
          asset(filename: "mountain-lake.jpg") { title path }
          inFolder: asset(filename: "editor-portrait.jpg") { title path }
          assetCount
          pngs: assetCount(kind: "image", filename: "*.png")
        }`),
      ).toEqual({
        // Craft's asset default order: newest first.
        assets: [
          { filename: 'content-model-diagram.png', __typename: 'images_Asset' },
          { filename: 'editor-portrait.jpg', __typename: 'images_Asset' },
          { filename: 'mountain-lake.jpg', __typename: 'images_Asset' },
          { filename: 'harbour-at-dusk.jpg', __typename: 'images_Asset' },
        ],
        asset: { title: 'Mountain lake', path: 'mountain-lake.jpg' },
        inFolder: { title: 'Editor portrait', path: 'team/editor-portrait.jpg' },
        assetCount: 4,
        pngs: 1,
      });
    });

    it('categories, category and categoryCount', async () => {
      expect(
        await publicData(`{
          categories { title slug level __typename }
          category(slug: "web") { title uri parent { title } }
          categoryCount
          topLevel: categoryCount(level: 1)
        }`),
      ).toEqual({
        // Structure order.
        categories: [
          { title: 'Technology', slug: 'technology', level: 1, __typename: 'topics_Category' },
          { title: 'Artificial intelligence', slug: 'ai', level: 2, __typename: 'topics_Category' },
          { title: 'Web', slug: 'web', level: 2, __typename: 'topics_Category' },
          { title: 'Culture', slug: 'culture', level: 1, __typename: 'topics_Category' },
        ],
        category: { title: 'Web', uri: 'topics/web', parent: { title: 'Technology' } },
        categoryCount: 4,
        topLevel: 2,
      });
    });

    it('tags, tag and tagCount', async () => {
      expect(
        await publicData(`{
          tags { title slug __typename }
          tag(slug: "graphql") { title groupHandle }
          tagCount
        }`),
      ).toEqual({
        // Tags are ordered by title.
        tags: [
          { title: 'Craft CMS', slug: 'craft-cms', __typename: 'keywords_Tag' },
          { title: 'GraphQL', slug: 'graphql', __typename: 'keywords_Tag' },
          { title: 'Headless', slug: 'headless', __typename: 'keywords_Tag' },
          { title: 'Photography', slug: 'photography', __typename: 'keywords_Tag' },
          { title: 'TypeScript', slug: 'typescript', __typename: 'keywords_Tag' },
        ],
        tag: { title: 'GraphQL', groupHandle: 'keywords' },
        tagCount: 5,
      });
    });

    it('globalSets and globalSet (Craft has no count for them)', async () => {
      expect(
        await publicData(`{
          globalSets { __typename handle name }
          globalSet(handle: "siteInfo") {
            ... on siteInfo_GlobalSet { copyright contactEmail }
          }
          missing: globalSet(handle: "footer") { handle }
        }`),
      ).toEqual({
        globalSets: [
          { __typename: 'siteInfo_GlobalSet', handle: 'siteInfo', name: 'Site information' },
        ],
        globalSet: { copyright: '© 2024–2026 Demo Publishing', contactEmail: 'hello@example.com' },
        missing: null,
      });
    });

    it('users, user and userCount with a token whose schema reads users', async () => {
      expect(
        await editorialData(`{
          users { username __typename }
          user(email: "bob@example.com") { username fullName }
          userCount
          editors: userCount(group: "editors")
        }`),
      ).toEqual({
        // Users are ordered by username; a token lists the org's users without the built-in admin
        // (docs/content-graphql.md, "Users"), as the teams API hides it.
        users: [
          { username: 'alice', __typename: 'User' },
          { username: 'bob', __typename: 'User' },
        ],
        user: { username: 'bob', fullName: 'Bob Baker' },
        userCount: 2,
        editors: 1,
      });
    });

    it('the full schema (an admin with X-Craft-Gql-Schema: *) lists every user, the admin too', async () => {
      const basic = Buffer.from(`admin:${CONTENT_QUERIES_ADMIN_PASSWORD}`).toString('base64');
      const full = new GraphqlClient(world.service.httpUrl, '/graphql', {
        headers: { authorization: `Basic ${basic}`, 'x-craft-gql-schema': '*' },
      });
      const answer = await full.post<{ data?: unknown }>({
        query: '{ users { username } userCount }',
      });
      expect(answer.body.data).toEqual({
        users: [{ username: 'admin' }, { username: 'alice' }, { username: 'bob' }],
        userCount: 3,
      });
    });
  });

  describe("Craft 3.3's query<Kind> names", () => {
    it('answer as the current names do', async () => {
      expect(
        await editorialData(`{
          queryEntries(section: "news", limit: 2) { title }
          queryEntry(slug: "team") { title }
          queryAssets(limit: 1) { filename }
          queryAsset(filename: "harbour-at-dusk.jpg") { filename }
          queryUsers(username: "alice") { username }
          queryUser(username: "bob") { username }
          queryGlobalSets { handle }
          queryGlobalSet(handle: "siteInfo") { handle }
          queryCategories(level: 1) { title }
          queryCategory(slug: "ai") { title }
          queryTags(limit: 2) { title }
          queryTag(slug: "headless") { title }
        }`),
      ).toEqual({
        queryEntries: [{ title: 'Five TypeScript tips' }, { title: 'Photography on a budget' }],
        queryEntry: { title: 'Team' },
        queryAssets: [{ filename: 'content-model-diagram.png' }],
        queryAsset: { filename: 'harbour-at-dusk.jpg' },
        queryUsers: [{ username: 'alice' }],
        queryUser: { username: 'bob' },
        queryGlobalSets: [{ handle: 'siteInfo' }],
        queryGlobalSet: { handle: 'siteInfo' },
        queryCategories: [{ title: 'Technology' }, { title: 'Culture' }],
        queryCategory: { title: 'Artificial intelligence' },
        queryTags: [{ title: 'Craft CMS' }, { title: 'GraphQL' }],
        queryTag: { title: 'Headless' },
      });
    });

    it('are deprecated in favour of the current names', async () => {
      const { __type } = await editorialData<{
        __type: { fields: { name: string; isDeprecated: boolean; deprecationReason: string }[] };
      }>(
        '{ __type(name: "Query") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }',
      );
      const deprecated = __type.fields.filter((field) => field.isDeprecated);
      expect(deprecated.map((field) => field.name).sort()).toEqual(
        [
          'queryAsset',
          'queryAssets',
          'queryCategories',
          'queryCategory',
          'queryEntries',
          'queryEntry',
          'queryGlobalSet',
          'queryGlobalSets',
          'queryTag',
          'queryTags',
          'queryUser',
          'queryUsers',
        ].sort(),
      );
      expect(deprecated.find((field) => field.name === 'queryEntries')?.deprecationReason).toBe(
        'This query is deprecated and will be removed in the future. Use `entries` instead.',
      );
    });
  });
});
