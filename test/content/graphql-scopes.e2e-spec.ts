import { GraphQLSchema, parse, specifiedRules, validate } from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONTENT_ADMIN_PASSWORD,
  ContentDemoWorld,
  startContentDemo,
} from '../support/content-demo-world';
import {
  argumentNames,
  argumentPlaces,
  introspectServedSchema,
  ownTypeNames,
  queryFieldNames,
  typeFieldNames,
} from '../support/content-introspection';
import { eventually } from '../support/eventually';
import { GraphqlAnswer, GraphqlClient } from '../support/graphql-client';

/**
 * What each GraphQL schema sees, over HTTP against one service on PGlite with the demo content:
 * results, introspection, token errors, and the validity of the served schemas. Besides the demo
 * schemas (public, editorial, partner), the model copy gets a second volume and narrow schemas of
 * its own, and the content copy an article and a page that cross scope boundaries.
 */

const SCOPES_PROJECT = {
  'e2-scopes.yaml': `
volumes:
  - { handle: documents, name: Documents }
graphqlSchemas:
  - { handle: editorsOnly, name: Editors only, scope: ['sections.news:read', 'usergroups.editors:read'] }
  - { handle: german, name: German pages, scope: ['sites.de:read', 'sections.pages:read'] }
  - { handle: linksOnly, name: Links only, scope: ['sections.news:read', 'entrytypes.news.link:read'] }
  - { handle: archive, name: Archive, scope: ['sections.pages:read', 'volumes.*:read'] }
  - { handle: retiring, name: Retiring, scope: ['sections.news:read'] }
`,
};

const REFERENCES =
  'page {entry:pages/about-us:title}; topic {category:topics/web:title}; ' +
  'users {user:alice:email} {user:bob:email}; set {globalset:siteInfo:contactEmail}; ' +
  'article {entry:news/welcome-to-the-demo:title}';

const SCOPES_SEED = {
  'files/price-list.txt': 'Prices on request.\n',
  '70-e2-scopes.yaml': `
assets:
  - volume: documents
    filename: price-list.txt
    file: files/price-list.txt
    title: Price list
    dateCreated: 2024-03-01T00:00:00Z
entries:
  # Related to a link (another entry type), an article and a disabled article.
  - section: news
    type: article
    slug: scoped-references
    title: Scoped references
    author: bob
    postDate: 2024-07-01T08:00:00Z
    dateCreated: 2024-07-01T08:00:00Z
    fields:
      summary: '${REFERENCES}'
      relatedArticles: [news/craft-cms-documentation, news/welcome-to-the-demo, news/ideas-for-next-quarter]
  # A gallery holding an image and a document (another volume).
  - section: pages
    slug: downloads
    title: Downloads
    dateCreated: 2024-01-17T09:00:00Z
    fields:
      gallery: [images/mountain-lake.jpg, documents/price-list.txt]
`,
};

const JSON_TYPE = 'application/json; charset=utf-8';
const INVALID_AUTHORIZATION =
  '{"name":"Bad Request","message":"Invalid Authorization header","code":0,"status":400}';
const MISSING_AUTHORIZATION =
  '{"name":"Bad Request","message":"Missing Authorization header","code":0,"status":400}';
const GENERIC_ERROR = {
  errors: [{ message: 'Something went wrong when processing the GraphQL query.' }],
};

/** The live news articles of site en, newest first (the demo's and this test's). */
const LIVE_ARTICLES = [
  'Five TypeScript tips',
  'Photography on a budget',
  'AI in the newsroom',
  'Scoped references',
  'GraphQL for content teams',
  'Welcome to the demo',
];

interface Titled {
  readonly title: string;
}
type Data = Record<string, unknown>;

const titles = (list: unknown): string[] => (list as Titled[]).map((item) => item.title);

/** POSTs a query and expects a result without errors; returns its data. */
async function data(client: GraphqlClient, query: string, variables?: Data): Promise<Data> {
  const answer = await client.post<{ data?: Data; errors?: unknown }>({ query, variables });
  expect(answer.status).toBe(200);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data ?? {};
}

/** Expects the exact Yii body of a controller error, byte for byte. */
function expectHttpError(answer: GraphqlAnswer, body: string): void {
  expect({
    status: answer.status,
    type: answer.headers.get('content-type'),
    text: answer.text,
  }).toEqual({ status: 400, type: JSON_TYPE, text: body });
}

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
    world = await startContentDemo({ projectFiles: SCOPES_PROJECT, seedFiles: SCOPES_SEED });
    pub = world.gql;
    partner = await world.clientFor('partner');
    editorial = await world.clientFor('editorial');
    editorsOnly = await world.clientFor('editorsOnly');
    german = await world.clientFor('german');
    linksOnly = await world.clientFor('linksOnly');
    archive = await world.clientFor('archive');
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
      ])
        expect((await partner.post({ query })).body).toEqual({ data: { ping: 'pong' } });
      // A fragment on a type outside the scope: Craft's type loader fails, generic message.
      for (const query of [
        '{ entries { ... on pages_page_Entry { title } } }',
        '{ entries { ... on news_link_Entry { website } } }',
        '{ assets { ... on documents_Asset { title } } }',
      ])
        expect((await partner.post({ query })).body).toEqual(GENERIC_ERROR);
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
        users: [{ username: 'admin' }, { username: 'alice' }, { username: 'bob' }],
        userCount: 3,
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

  describe('introspection', () => {
    const ELEMENT_BASE = [
      'DateTime',
      'ElementInterface',
      'EntryCriteriaInput',
      'EntryInterface',
      'Mutation',
      'Query',
      'QueryArgument',
      'SearchTermOptions',
    ];
    const CONTENT_BLOCKS = [
      'MatrixBlockInterface',
      'contentBlocks_MatrixField',
      'contentBlocks_image_BlockType',
      'contentBlocks_quote_BlockType',
      'contentBlocks_text_BlockType',
    ];
    const PUBLIC_TYPES = [
      ...ELEMENT_BASE,
      ...CONTENT_BLOCKS,
      'AssetCriteriaInput',
      'AssetInterface',
      'CategoryCriteriaInput',
      'CategoryInterface',
      'GlobalSetInterface',
      'Number',
      'TagCriteriaInput',
      'TagInterface',
      'aboutSectionEntryUnion',
      'about_about_Entry',
      'homepageSectionEntryUnion',
      'homepage_homepage_Entry',
      'images_Asset',
      'keywords_Tag',
      'newsSectionEntryUnion',
      'news_article_Entry',
      'news_link_Entry',
      'pagesSectionEntryUnion',
      'pages_page_Entry',
      'siteInfo_GlobalSet',
      'specs_TableRow',
      'topics_Category',
    ];
    const ENTRY_ROOTS = ['entries', 'entry', 'entryCount', 'queryEntries', 'queryEntry'];
    const ASSET_ROOTS = ['asset', 'assetCount', 'assets', 'queryAsset', 'queryAssets'];
    const USER_ROOTS = ['queryUser', 'queryUsers', 'user', 'userCount', 'users'];
    const sorted = (names: string[]) => [...names].sort();

    it('partner sees exactly news articles, the images and what they need', async () => {
      const schema = await introspectServedSchema(partner);
      expect(ownTypeNames(schema)).toEqual(
        sorted([
          ...ELEMENT_BASE,
          ...CONTENT_BLOCKS,
          'AssetCriteriaInput',
          'AssetInterface',
          'Number',
          'images_Asset',
          'newsSectionEntryUnion',
          'news_article_Entry',
        ]),
      );
      expect(queryFieldNames(schema)).toEqual(
        sorted(['ping', 'newsEntries', ...ENTRY_ROOTS, ...ASSET_ROOTS]),
      );
      expect(schema.getType('pages_page_Entry')).toBeUndefined();
      expect(schema.getType('news_link_Entry')).toBeUndefined();
      // Relation fields to categories, tags and users are left out with their kinds.
      const article = typeFieldNames(schema, 'news_article_Entry') ?? [];
      expect(article).toEqual(
        expect.arrayContaining(['summary', 'body', 'heroImage', 'relatedArticles', 'rating']),
      );
      for (const absent of ['newsCategories', 'keywords', 'reviewers', 'author', 'authorId'])
        expect(article).not.toContain(absent);
      expect(typeFieldNames(schema, 'images_Asset')).not.toContain('uploader');
      expect(argumentNames(schema, 'Query.entries')).toEqual(
        sorted([
          ...['id', 'uid', 'site', 'siteId', 'siteSettingsId', 'unique', 'preferSites', 'title'],
          ...['slug', 'uri', 'search', 'searchTermOptions', 'relatedTo', 'relatedToAssets'],
          ...['relatedToEntries', 'relatedToAll', 'ref', 'fixedOrder', 'inReverse'],
          ...['dateCreated', 'dateUpdated', 'offset', 'limit', 'orderBy', 'language', 'editable'],
          ...['section', 'sectionId', 'type', 'typeId', 'postDate', 'before', 'after'],
          ...['expiryDate', 'withStructure', 'structureId', 'level', 'hasDescendants'],
          ...['ancestorOf', 'ancestorDist', 'descendantOf', 'descendantDist', 'leaves'],
          ...['nextSiblingOf', 'prevSiblingOf', 'positionedAfter', 'positionedBefore'],
          // The custom fields of news articles that the scope can filter by.
          ...['summary', 'body', 'heroImage', 'relatedArticles', 'rating', 'featured'],
        ]),
      );
      for (const name of ['status', 'archived', 'trashed', 'authorId', 'authorGroup'])
        expect(argumentPlaces(schema, name)).toEqual([]);
      for (const name of ['relatedToCategories', 'relatedToTags', 'relatedToUsers'])
        expect(argumentPlaces(schema, name)).toEqual([]);
      // __type agrees with the type list.
      const types = await data(
        partner,
        '{ page: __type(name: "pages_page_Entry") { name } article: __type(name: "news_article_Entry") { name } user: __type(name: "User") { name } }',
      );
      expect(types).toEqual({ page: null, article: { name: 'news_article_Entry' }, user: null });
    });

    it('the public schema names nothing about users and has no status arguments', async () => {
      const schema = await introspectServedSchema(pub);
      expect(ownTypeNames(schema)).toEqual(sorted(PUBLIC_TYPES));
      expect(queryFieldNames(schema)).toEqual(
        sorted([
          'ping',
          ...ENTRY_ROOTS,
          ...ASSET_ROOTS,
          ...['aboutEntries', 'homepageEntries', 'newsEntries', 'pagesEntries'],
          ...['categories', 'category', 'categoryCount', 'queryCategories', 'queryCategory'],
          ...['tags', 'tag', 'tagCount', 'queryTags', 'queryTag'],
          ...['globalSet', 'globalSets', 'queryGlobalSet', 'queryGlobalSets'],
        ]),
      );
      expect(typeFieldNames(schema, 'EntryInterface')).not.toContain('author');
      expect(typeFieldNames(schema, 'news_article_Entry')).not.toContain('reviewers');
      expect(typeFieldNames(schema, 'AssetInterface')).not.toContain('uploader');
      for (const name of ['status', 'archived', 'trashed', 'authorId', 'authorGroup', 'uploader'])
        expect(argumentPlaces(schema, name)).toEqual([]);
      expect(argumentPlaces(schema, 'relatedToUsers')).toEqual([]);
      expect(argumentPlaces(schema, 'relatedToCategories')).toContain(
        'Query.entries(relatedToCategories)',
      );
    });

    it('editorial adds the users and the status, archived and trashed arguments', async () => {
      const schema = await introspectServedSchema(editorial);
      expect(ownTypeNames(schema)).toEqual(
        sorted([
          ...PUBLIC_TYPES,
          'User',
          'UserCriteriaInput',
          'UserInterface',
          // the input types of the mutations editorial may run (docs/content-mutations.md)
          'FileInput',
          'contentBlocks_MatrixInput',
          'contentBlocks_MatrixBlockContainerInput',
          'contentBlocks_text_MatrixBlockInput',
          'contentBlocks_quote_MatrixBlockInput',
          'contentBlocks_image_MatrixBlockInput',
          'specs_TableRowInput',
        ]),
      );
      expect(queryFieldNames(schema)).toEqual(expect.arrayContaining(USER_ROOTS));
      expect(typeFieldNames(schema, 'EntryInterface')).toEqual(
        expect.arrayContaining(['author', 'authorId']),
      );
      expect(typeFieldNames(schema, 'news_article_Entry')).toContain('reviewers');
      for (const name of ['status', 'archived', 'trashed'])
        expect(argumentPlaces(schema, name)).toEqual(
          expect.arrayContaining([
            `Query.entries(${name})`,
            `Query.users(${name})`,
            `news_article_Entry.relatedArticles(${name})`,
            `EntryInterface.children(${name})`,
            `EntryCriteriaInput.${name}`,
          ]),
        );
      expect(argumentNames(schema, 'Query.entries')).toEqual(
        expect.arrayContaining(['authorId', 'authorGroup', 'authorGroupId', 'relatedToUsers']),
      );
    });

    it('narrow schemas show only their types and root fields', async () => {
      const links = await introspectServedSchema(linksOnly);
      expect(ownTypeNames(links)).toEqual(
        sorted([...ELEMENT_BASE, 'newsSectionEntryUnion', 'news_link_Entry']),
      );
      expect(queryFieldNames(links)).toEqual(sorted(['ping', 'newsEntries', ...ENTRY_ROOTS]));

      const pages = await introspectServedSchema(german);
      expect(ownTypeNames(pages)).toEqual(
        sorted([
          ...ELEMENT_BASE,
          'Number',
          'pagesSectionEntryUnion',
          'pages_page_Entry',
          'specs_TableRow',
        ]),
      );
      // No assets in the scope: the gallery field and its argument go.
      expect(typeFieldNames(pages, 'pages_page_Entry')).not.toContain('gallery');
      expect(argumentNames(pages, 'Query.entries')).not.toContain('gallery');

      const editors = await introspectServedSchema(editorsOnly);
      expect(queryFieldNames(editors)).toEqual(
        sorted(['ping', 'newsEntries', ...ENTRY_ROOTS, ...USER_ROOTS]),
      );
      expect(ownTypeNames(editors)).toEqual(expect.arrayContaining(['User', 'UserInterface']));
      for (const absent of ['AssetInterface', 'images_Asset', 'CategoryInterface', 'TagInterface'])
        expect(ownTypeNames(editors)).not.toContain(absent);
      // User photo is an asset: not without a volume.
      expect(typeFieldNames(editors, 'User')).not.toContain('photo');

      const files = await introspectServedSchema(archive);
      expect(ownTypeNames(files)).toEqual(
        expect.arrayContaining(['documents_Asset', 'images_Asset', 'pages_page_Entry']),
      );
      expect(ownTypeNames(files)).not.toContain('news_article_Entry');
    });
  });

  describe('the served schemas are valid GraphQL and accept Craft’s documented queries', () => {
    /** Queries in the style of Craft's GraphQL documentation, adapted to the demo content. */
    const CRAFT_QUERIES: Readonly<Record<string, string>> = {
      ping: '{ ping }',
      newsWithFragments: `{
        entries(section: "news", limit: 2, orderBy: "dateCreated DESC") {
          dateCreated @formatDateTime(format: "Y-m-d")
          title
          children { title }
          ... on news_article_Entry {
            summary
            heroImage { url @transform(width: 300, immediately: true) }
          }
        }
      }`,
      sectionQuery: `{
        newsEntries(limit: 3) {
          ... on news_article_Entry { title postDate @formatDateTime(format: "F j, Y") }
        }
      }`,
      paging: `query ($limit: Int, $offset: Int) {
        entries(section: "news", limit: $limit, offset: $offset) { title url }
        total: entryCount(section: "news")
      }`,
      idArguments: `query ($ids: [QueryArgument]) {
        entries(id: $ids, fixedOrder: true) { id title }
      }`,
      search: `query ($search: String) {
        entries(search: $search, orderBy: "score") { title searchScore }
      }`,
      matrix: `{
        entries(section: "news", type: "article") {
          title
          ... on news_article_Entry {
            contentBlocks {
              ... on contentBlocks_text_BlockType { text }
              ... on contentBlocks_quote_BlockType { quote attribution }
              ... on contentBlocks_image_BlockType { image { url } }
            }
          }
        }
      }`,
      assets: `{
        assets(volume: "images", kind: "image") {
          filename
          url @transform(handle: "thumb")
          width
          height
          focalPoint
          srcset(sizes: ["1x", "2x"])
        }
      }`,
      interfaceFragments: `
        fragment base on ElementInterface { id title uri }
        fragment page on EntryInterface { ...base url level }
        { entries(section: "pages", level: 1) { ...page children { ...page } } }`,
      relationCount: `{
        entries(section: "news", type: "article") {
          title
          related: _count(field: "relatedArticles")
        }
      }`,
      structure: `{
        entry(section: "pages", slug: "team") { title parent { title } ancestors { title } }
      }`,
      single: `{
        entry(section: "about") { title ... on about_about_Entry { body @markdown contactEmail } }
      }`,
      table: `{
        entry(section: "pages", slug: "services") {
          ... on pages_page_Entry { specs { label value col1 col2 } }
        }
      }`,
      globals:
        '{ globalSet(handle: "siteInfo") { ... on siteInfo_GlobalSet { copyright contactEmail } } }',
      categories: '{ categories(group: "topics", level: 1) { title children { title } } }',
      tags: '{ tags(group: "keywords", orderBy: "title") { title } }',
      relatedToCategories: '{ entries(relatedToCategories: [{ slug: "web" }]) { title } }',
      users: '{ users(group: "editors") { fullName email } userCount }',
    };
    /** What partner's schema accepts: news articles and images only. */
    const PARTNER_VALID = [
      'ping',
      'newsWithFragments',
      'sectionQuery',
      'paging',
      'idArguments',
      'search',
      'matrix',
      'assets',
      'interfaceFragments',
      'relationCount',
      'structure',
    ];
    const VARIABLES: Readonly<Record<string, Data>> = {
      paging: { limit: 2, offset: 1 },
      idArguments: { ids: [] },
      search: { search: 'graphql' },
    };

    /** graphql-js's messages, without its "Did you mean" suggestions. */
    const validationErrors = (schema: GraphQLSchema, name: string) =>
      validate(schema, parse(CRAFT_QUERIES[name]), specifiedRules).map((error) =>
        error.message.replace(/ Did you mean .*$/, ''),
      );

    it('passes graphql-js’s schema validation for every scope, the full schema included', async () => {
      const basic = `Basic ${Buffer.from(`admin:${CONTENT_ADMIN_PASSWORD}`).toString('base64')}`;
      const full = new GraphqlClient(world.service.httpUrl, '/graphql', {
        headers: { authorization: basic, 'x-craft-gql-schema': '*' },
      });
      for (const client of [pub, partner, editorial, editorsOnly, german, linksOnly, archive]) {
        const schema = await introspectServedSchema(client);
        expect(schema.getQueryType()?.name).toBe('Query');
        expect(schema.getMutationType()?.name).toBe('Mutation');
        expect(schema.getDirectives().map((directive) => directive.name)).toEqual(
          expect.arrayContaining([
            'formatDateTime',
            'transform',
            'markdown',
            'parseRefs',
            'stripTags',
            'trim',
          ]),
        );
      }
      const everything = await introspectServedSchema(full);
      expect(ownTypeNames(everything)).toEqual(
        expect.arrayContaining(['User', 'documents_Asset', 'images_Asset', 'pages_page_Entry']),
      );
    });

    it('validates the documented queries against the editorial schema and runs them', async () => {
      const schema = await introspectServedSchema(editorial);
      for (const name of Object.keys(CRAFT_QUERIES)) {
        expect([name, validationErrors(schema, name)]).toEqual([name, []]);
        const answer = await editorial.post<{ data?: Data; errors?: unknown }>({
          query: CRAFT_QUERIES[name],
          variables: VARIABLES[name],
        });
        expect([name, answer.body.errors]).toEqual([name, undefined]);
        for (const [field, value] of Object.entries(answer.body.data ?? {}))
          expect([name, field, value]).not.toEqual([name, field, null]);
      }
    });

    it('tells partner’s queries from the ones its scope cannot express', async () => {
      const schema = await introspectServedSchema(partner);
      for (const name of PARTNER_VALID) {
        expect([name, validationErrors(schema, name)]).toEqual([name, []]);
        const answer = await partner.post<{ errors?: unknown }>({
          query: CRAFT_QUERIES[name],
          variables: VARIABLES[name],
        });
        expect([name, answer.body.errors]).toEqual([name, undefined]);
      }
      const rejected = Object.fromEntries(
        Object.keys(CRAFT_QUERIES)
          .filter((name) => !PARTNER_VALID.includes(name))
          .map((name) => [name, validationErrors(schema, name)]),
      );
      expect(rejected).toEqual({
        single: ['Unknown type "about_about_Entry".'],
        table: ['Unknown type "pages_page_Entry".'],
        globals: [
          'Cannot query field "globalSet" on type "Query".',
          'Unknown type "siteInfo_GlobalSet".',
        ],
        categories: ['Cannot query field "categories" on type "Query".'],
        tags: ['Cannot query field "tags" on type "Query".'],
        relatedToCategories: ['Unknown argument "relatedToCategories" on field "Query.entries".'],
        users: [
          'Cannot query field "users" on type "Query".',
          'Cannot query field "userCount" on type "Query".',
        ],
      });
    });
  });

  describe('token errors', () => {
    const PING = { query: '{ping}' };

    it('answers unknown and malformed tokens 400 Invalid Authorization header', async () => {
      for (const token of ['A'.repeat(32), 'not-a-token', '__public__'])
        expectHttpError(await pub.withToken(token).post(PING), INVALID_AUTHORIZATION);
      // Before anything about the query: a broken query with a bad token is a token error.
      expectHttpError(
        await pub.withToken('B'.repeat(32)).postRaw('{"query":', 'application/json'),
        INVALID_AUTHORIZATION,
      );
    });

    it('answers a token disabled or expired through the admin API 400', async () => {
      const disabled = await world.createToken({
        name: 'disabled partner',
        schema: 'partner',
        enabled: false,
      });
      const expired = await world.createToken({
        name: 'expired partner',
        schema: 'partner',
        expiryDate: '2024-01-01T00:00:00Z',
      });
      for (const token of [disabled, expired])
        expectHttpError(await pub.withToken(token.accessToken).post(PING), INVALID_AUTHORIZATION);
      // A token that expires while in use: valid until its expiry date, refused after it.
      const expiresAt = Date.now() + 4000;
      const shortLived = await world.createToken({
        name: 'short-lived partner',
        schema: 'partner',
        expiryDate: new Date(expiresAt).toISOString(),
      });
      const client = pub.withToken(shortLived.accessToken);
      expect((await client.post({ query: '{ entryCount }' })).body).toEqual({
        data: { entryCount: LIVE_ARTICLES.length },
      });
      await eventually(
        'the token to expire',
        async () => ((await client.post(PING)).status === 400 ? true : undefined),
        15_000,
        250,
      );
      expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
      expectHttpError(await client.post(PING), INVALID_AUTHORIZATION);
    });

    describe('when the YAML changes', () => {
      const original = () => SCOPES_PROJECT['e2-scopes.yaml'];
      const retiring = "  - { handle: retiring, name: Retiring, scope: ['sections.news:read'] }\n";
      const withRetiring = (line: string) => original().replace(retiring, line);
      let client: GraphqlClient;

      beforeAll(async () => {
        client = await world.clientFor('retiring', 'retiring site');
      });
      afterAll(() => world.writeProjectFile('e2-scopes.yaml', original()));

      /** Waits until the token's answer is `status` (the model reloads ~150 ms after a write). */
      const answersWith = (status: number, query = '{ entryCount }') =>
        eventually(
          `the token to answer ${status}`,
          async () => {
            const answer = await client.post({ query });
            return answer.status === status ? answer : undefined;
          },
          10_000,
          50,
        ).then(({ value }) => value);

      it('locks out the tokens of a schema disabled, expired or removed in the YAML', async () => {
        expect((await answersWith(200)).body).toEqual({ data: { entryCount: 7 } });

        world.writeProjectFile(
          'e2-scopes.yaml',
          withRetiring(
            "  - { handle: retiring, name: Retiring, enabled: false, scope: ['sections.news:read'] }\n",
          ),
        );
        expectHttpError(await answersWith(400), INVALID_AUTHORIZATION);

        world.writeProjectFile('e2-scopes.yaml', original());
        expect((await answersWith(200)).body).toEqual({ data: { entryCount: 7 } });

        world.writeProjectFile(
          'e2-scopes.yaml',
          withRetiring(
            "  - { handle: retiring, name: Retiring, expiryDate: 2024-06-01T12:00:00Z, scope: ['sections.news:read'] }\n",
          ),
        );
        expectHttpError(await answersWith(400), INVALID_AUTHORIZATION);

        world.writeProjectFile(
          'e2-scopes.yaml',
          withRetiring(
            "  - { handle: retiring, name: Retiring, expiryDate: 2099-06-01T12:00:00Z, scope: ['sections.news:read'] }\n",
          ),
        );
        expect((await answersWith(200)).body).toEqual({ data: { entryCount: 7 } });

        world.writeProjectFile('e2-scopes.yaml', withRetiring(''));
        expectHttpError(await answersWith(400), INVALID_AUTHORIZATION);
        const listed =
          await world.api.get<{ name: string; schema: string | null }[]>('/api/content/tokens');
        expect(listed.body.find((token) => token.name === 'retiring site')?.schema).toBeNull();
      });

      it('serves a schema put back in the YAML with its new scope, in results and introspection', async () => {
        world.writeProjectFile(
          'e2-scopes.yaml',
          withRetiring(
            "  - { handle: retiring, name: Retiring, scope: ['sections.news:read', 'categorygroups.topics:read'] }\n",
          ),
        );
        expect((await answersWith(200, '{ entryCount categoryCount }')).body).toEqual({
          data: { entryCount: 7, categoryCount: 4 },
        });
        const schema = await introspectServedSchema(client);
        expect(queryFieldNames(schema)).toContain('categories');
        expect(ownTypeNames(schema)).toContain('topics_Category');
        world.writeProjectFile('e2-scopes.yaml', original());
        await eventually('the narrower scope to be served again', async () => {
          const answer = await client.post<{ data?: Data }>({
            query: '{ entryCount categoryCount }',
          });
          return JSON.stringify(answer.body) === '{"data":{"entryCount":7}}' ? true : undefined;
        });
        const narrower = await introspectServedSchema(client);
        expect(ownTypeNames(narrower)).not.toContain('topics_Category');
      });

      it('answers Missing Authorization header while the public schema is disabled or expired', async () => {
        const graphqlYaml = join(world.projectDir, 'graphql.yaml');
        const demo = readFileSync(graphqlYaml, 'utf8');
        const publicOn = '    public: true\n';
        expect(demo).toContain(publicOn);
        const publicAnswers = (status: number) =>
          eventually(
            `the public schema to answer ${status}`,
            async () => {
              const answer = await pub.post(PING);
              return answer.status === status ? answer : undefined;
            },
            10_000,
            50,
          ).then(({ value }) => value);
        try {
          for (const change of ['    enabled: false\n', '    expiryDate: 2024-01-01\n']) {
            world.writeProjectFile('graphql.yaml', demo.replace(publicOn, publicOn + change));
            expectHttpError(await publicAnswers(400), MISSING_AUTHORIZATION);
            expectHttpError(await pub.withToken('__PUBLIC__').post(PING), INVALID_AUTHORIZATION);
            // Private tokens are not affected.
            expect((await partner.post(PING)).body).toEqual({ data: { ping: 'pong' } });
            world.writeProjectFile('graphql.yaml', demo);
            expect((await publicAnswers(200)).body).toEqual({ data: { ping: 'pong' } });
          }
        } finally {
          world.writeProjectFile('graphql.yaml', demo);
        }
      });
    });
  });
});
