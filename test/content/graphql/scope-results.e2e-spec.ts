import { ContentDemoWorld } from '../../support/content-demo-world';
import { GraphqlClient } from '../../support/graphql-client';
import {
  data,
  GENERIC_ERROR,
  LIVE_ARTICLES,
  startScopesWorld,
  titles,
} from '../fixtures/scopes-world';

/**
 * What each GraphQL schema's results hold, over HTTP: elements, relations and references
 * inside and outside the scope. The world: fixtures/scopes-world.ts.
 */
describe('GraphQL scopes, introspection and tokens (PGlite, demo content)', () => {
  let world: ContentDemoWorld;
  let pub: GraphqlClient;
  let partner: GraphqlClient;
  let editorial: GraphqlClient;
  let editorsOnly: GraphqlClient;
  let german: GraphqlClient;
  let linksOnly: GraphqlClient;
  let archive: GraphqlClient;

  beforeAll(async () => {
    ({ world, pub, partner, editorial, editorsOnly, german, linksOnly, archive } =
      await startScopesWorld());
  });
  afterAll(async () => {
    await world?.stop();
  });

  describe('results', () => {
    it('partner reads the live news articles of site en, and nothing else', async () => {
      const about = await data(editorial, '{ entry(section: "pages", slug: "about-us") { id } }');
      const aboutId = (about.entry as { id: string }).id;
      const result = await data(
        partner,
        `query ($aboutId: [QueryArgument]) {
          entries { title sectionHandle typeHandle siteHandle }
          entryCount
          newsEntries { ... on news_article_Entry { title } }
          german: entries(site: "de") { title }
          everySite: entries(site: "*") { title }
          pages: entries(section: "pages") { title }
          links: entries(section: "news", type: "link") { title }
          page: entry(slug: "about-us") { title }
          pageById: entry(id: $aboutId) { title }
          home: entry(section: "homepage") { title }
          search: entries(search: "craft") { title }
          searchCount: entryCount(search: "craft")
        }`,
        { aboutId: [aboutId] },
      );
      expect(result.entries).toEqual(
        LIVE_ARTICLES.map((title) => ({
          title,
          sectionHandle: 'news',
          typeHandle: 'article',
          siteHandle: 'en',
        })),
      );
      expect(result).toMatchObject({
        entryCount: LIVE_ARTICLES.length,
        german: [],
        pages: [],
        links: [],
        page: null,
        pageById: null,
        home: null,
        // "Craft CMS documentation" is a link, "Conference recap 2024" expired.
        search: [{ title: 'Welcome to the demo' }],
        searchCount: 1,
      });
      expect(titles(result.newsEntries)).toEqual(LIVE_ARTICLES);
      expect(titles(result.everySite)).toEqual(LIVE_ARTICLES);
      // The same entry is there for the public schema, in both sites.
      const open = await data(pub, '{ entries(section: "pages", site: "*") { title } }');
      expect(titles(open.entries)).toContain('About us');
      expect(titles(open.entries)).toContain('Über uns');
    });

    it('partner has no root fields for categories, tags, global sets or users', async () => {
      // Outside devMode a field the schema lacks is left out, as Craft does.
      for (const query of [
        '{ ping categories { title } }',
        '{ ping categoryCount tags { title } tagCount }',
        '{ ping globalSets { handle } globalSet(handle: "siteInfo") { handle } }',
        '{ ping users { username } user(username: "alice") { email } userCount }',
      ]) {
        expect((await partner.post({ query })).body).toEqual({ data: { ping: 'pong' } });
      }
      // A fragment on a type outside the scope: Craft's type loader fails, generic message.
      for (const query of [
        '{ entries { ... on pages_page_Entry { title } } }',
        '{ entries { ... on news_link_Entry { website } } }',
        '{ assets { ... on documents_Asset { title } } }',
      ]) {
        expect((await partner.post({ query })).body).toEqual(GENERIC_ERROR);
      }
    });

    it('partner’s relation fields hold only what the scope grants', async () => {
      const result = await data(
        partner,
        `{ entry(slug: "scoped-references") {
            ... on news_article_Entry { relatedArticles { title typeHandle } }
          }
          welcome: entry(slug: "welcome-to-the-demo") {
            ... on news_article_Entry {
              heroImage { title }
              contentBlocks { ... on contentBlocks_image_BlockType { image { title } } }
            }
          }
          assets { title }
        }`,
      );
      // The link and the disabled article are left out.
      expect(result.entry).toEqual({
        relatedArticles: [{ title: 'Welcome to the demo', typeHandle: 'article' }],
      });
      expect(result.welcome).toEqual({
        heroImage: [{ title: 'Harbour at dusk' }],
        contentBlocks: [{}, {}, { image: [{ title: 'Mountain lake' }] }],
      });
      expect(titles(result.assets).sort()).toEqual([
        'Content model diagram',
        'Editor portrait',
        'Harbour at dusk',
        'Mountain lake',
      ]);
    });

    it('the public schema reads every section, the images, groups and the set, but no users', async () => {
      const result = await data(
        pub,
        `{ entryCount categoryCount tagCount assetCount
           globalSets { handle }
           users { username } userCount
           entries(section: "news", limit: 1) { title author { username } authorId }
           assets(limit: 1) { title uploader { username } uploaderId } }`,
      );
      expect(result).toEqual({
        // 6 articles, the link, 6 pages, 2 singles.
        entryCount: 15,
        categoryCount: 4,
        tagCount: 5,
        assetCount: 4,
        globalSets: [{ handle: 'siteInfo' }],
        entries: [{ title: 'Five TypeScript tips' }],
        assets: [{ title: 'Content model diagram' }],
      });
      const answer = await pub.post({ query: '{ entries(status: null) { title } }' });
      expect(answer.body).toEqual({
        errors: [
          expect.objectContaining({
            message: 'Unknown argument "status" on field "Query.entries".',
          }),
        ],
      });
    });

    it('editorial reads users and, with elements.inactive, entries of every status', async () => {
      const result = await data(
        editorial,
        `{ users { username } userCount
           disabled: entries(status: "disabled") { title }
           other: entries(status: ["pending", "expired"]) { title status }
           any: entryCount(status: null)
           entry(slug: "scoped-references") {
             ... on news_article_Entry {
               author { username }
               live: relatedArticles { title }
               all: relatedArticles(status: null) { title status }
             }
           } }`,
      );
      expect(result).toEqual({
        users: [{ username: 'alice' }, { username: 'bob' }],
        userCount: 2,
        disabled: [{ title: 'Ideas for next quarter' }],
        other: [
          { title: 'The 2099 roadmap', status: 'pending' },
          { title: 'Conference recap 2024', status: 'expired' },
        ],
        any: 18,
        entry: {
          author: { username: 'bob' },
          live: [{ title: 'Craft CMS documentation' }, { title: 'Welcome to the demo' }],
          all: [
            { title: 'Craft CMS documentation', status: 'live' },
            { title: 'Welcome to the demo', status: 'live' },
            { title: 'Ideas for next quarter', status: 'disabled' },
          ],
        },
      });
    });

    it('a user group scope reads the users of that group only, authors included', async () => {
      const result = await data(
        editorsOnly,
        `{ users { username } userCount
           authors: users(group: "authors") { username }
           bob: user(username: "bob") { username }
           entries(section: "news", type: "article") {
             title ... on news_article_Entry { author { username } reviewers { username } }
           } }`,
      );
      expect(result).toMatchObject({
        users: [{ username: 'alice' }],
        userCount: 1,
        authors: [],
        bob: null,
      });
      const byTitle = new Map(
        (result.entries as { title: string; author: unknown; reviewers: unknown }[]).map(
          (entry) => [entry.title, [entry.author, entry.reviewers]],
        ),
      );
      expect(byTitle.get('Five TypeScript tips')).toEqual([null, [{ username: 'alice' }]]);
      expect(byTitle.get('Welcome to the demo')).toEqual([
        { username: 'alice' },
        [{ username: 'alice' }],
      ]);
    });

    it('a site scope reads that site only', async () => {
      const result = await data(
        german,
        `{ entries { title siteHandle } entryCount
           english: entries(site: "en") { title }
           both: entries(site: ["en", "de"]) { siteHandle } }`,
      );
      expect(result).toEqual({
        entries: ['Über uns', 'Team', 'Führung', 'Leistungen', 'Kontakt', 'Downloads'].map(
          (title) => ({ title, siteHandle: 'de' }),
        ),
        entryCount: 6,
        english: [],
        both: Array.from({ length: 6 }, () => ({ siteHandle: 'de' })),
      });
    });

    it('an entry type scope reads entries of that type only', async () => {
      const result = await data(
        linksOnly,
        `{ entries { title typeHandle ... on news_link_Entry { website } }
           articles: entries(type: "article") { title } }`,
      );
      expect(result).toEqual({
        entries: [
          {
            title: 'Craft CMS documentation',
            typeHandle: 'link',
            website: 'https://craftcms.com/docs/',
          },
        ],
        articles: [],
      });
    });

    it('relation fields hold assets of the granted volumes only', async () => {
      const query = `{ entry(slug: "downloads") {
        ... on pages_page_Entry { gallery { title kind volumeId } } }
        assets { title } }`;
      const wide = await data(archive, query);
      expect(wide.entry).toEqual({
        gallery: [
          { title: 'Mountain lake', kind: 'image', volumeId: expect.any(Number) },
          { title: 'Price list', kind: 'text', volumeId: expect.any(Number) },
        ],
      });
      expect(titles(wide.assets)).toContain('Price list');
      const narrow = await data(pub, query);
      expect(narrow.entry).toEqual({
        gallery: [{ title: 'Mountain lake', kind: 'image', volumeId: expect.any(Number) }],
      });
      expect(titles(narrow.assets)).not.toContain('Price list');
    });

    it('@parseRefs resolves only references the scope may read', async () => {
      const query =
        '{ entry(slug: "scoped-references") { ... on news_article_Entry { summary @parseRefs } } }';
      const summary = async (client: GraphqlClient) =>
        ((await data(client, query)).entry as { summary: string }).summary;
      expect(await summary(editorial)).toBe(
        'page About us; topic Web; users alice@example.com bob@example.com; ' +
          'set hello@example.com; article Welcome to the demo',
      );
      expect(await summary(pub)).toBe(
        'page About us; topic Web; users {user:alice:email} {user:bob:email}; ' +
          'set hello@example.com; article Welcome to the demo',
      );
      expect(await summary(editorsOnly)).toBe(
        'page {entry:pages/about-us:title}; topic {category:topics/web:title}; ' +
          'users alice@example.com {user:bob:email}; set {globalset:siteInfo:contactEmail}; ' +
          'article Welcome to the demo',
      );
      expect(await summary(partner)).toBe(
        'page {entry:pages/about-us:title}; topic {category:topics/web:title}; ' +
          'users {user:alice:email} {user:bob:email}; set {globalset:siteInfo:contactEmail}; ' +
          'article Welcome to the demo',
      );
    });
  });
});
