import {
  CONTENT_BOOT_TIMEOUT_MS,
  ContentQueriesWorld,
  DATABASE_KINDS,
  startContentQueries,
} from '../support/content-queries-world';

/**
 * The fields of the element interfaces (spec §4) and the custom fields of the demo model, over
 * HTTP against the demo content on PGlite and PostgreSQL: every interface field with its exact
 * value, tree and relation fields with their arguments, asset dimensions, focal points and
 * transforms, matrix blocks through fragments, table rows, option labels, the German site.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Craft's DateTime output: ATOM in UTC. */
const ATOM = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

describe.each(DATABASE_KINDS)('content GraphQL fields (%s)', (kind) => {
  let world: ContentQueriesWorld;
  let site: { en: number; de: number };
  const id = (key: string) => world.id(key);
  const publicData = <T = Record<string, unknown>>(query: string) =>
    world.data<T>(world.publicClient, query);
  const editorialData = <T = Record<string, unknown>>(query: string) =>
    world.data<T>(world.editorial, query);

  beforeAll(async () => {
    world = await startContentQueries(kind);
    const found = await world.data<Record<string, { siteId: number }>>(
      world.publicClient,
      '{ en: entry(slug: "team") { siteId } de: entry(slug: "team", site: "de") { siteId } }',
    );
    site = { en: found.en.siteId, de: found.de.siteId };
  }, CONTENT_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await world?.stop();
  });

  describe('entries', () => {
    it('every ElementInterface and EntryInterface field of a channel entry', async () => {
      const welcome = id('entry:welcome-to-the-demo');
      const { entry } = await editorialData<{ entry: Record<string, unknown> }>(`{
        entry(slug: "welcome-to-the-demo") {
          id uid title slug uri url enabled archived siteHandle siteId siteSettingsId language
          searchScore trashed status dateCreated dateUpdated
          lft rgt level root structureId
          isDraft isRevision revisionId revisionNotes draftId isUnpublishedDraft draftName draftNotes
          canonicalId canonicalUid sourceId sourceUid
          authorId author { username }
          sectionId sectionHandle typeId typeHandle postDate expiryDate enabledForSite
          children { title } descendants { title } ancestors { title } parent { title }
          __typename
        }
      }`);
      expect(entry.uid).toMatch(UUID);
      const { sectionId, typeId } = entry;
      expect(entry).toEqual({
        id: String(welcome),
        uid: entry.uid,
        title: 'Welcome to the demo',
        slug: 'welcome-to-the-demo',
        uri: 'news/welcome-to-the-demo',
        url: 'http://localhost:8080/news/welcome-to-the-demo',
        enabled: true,
        archived: false,
        siteHandle: 'en',
        siteId: site.en,
        siteSettingsId: `${welcome}-${site.en}`,
        language: 'en-US',
        searchScore: null,
        trashed: false,
        status: 'live',
        dateCreated: '2024-03-04T16:00:00+00:00',
        dateUpdated: '2024-03-05T09:00:00+00:00',
        // A channel entry has no place in a structure.
        lft: null,
        rgt: null,
        level: null,
        root: null,
        structureId: null,
        // No drafts or revisions are stored: the entry is its own canonical entry.
        isDraft: false,
        isRevision: false,
        revisionId: null,
        revisionNotes: null,
        draftId: null,
        isUnpublishedDraft: false,
        draftName: null,
        draftNotes: null,
        canonicalId: welcome,
        canonicalUid: entry.uid,
        sourceId: welcome,
        sourceUid: entry.uid,
        authorId: id('user:alice'),
        author: { username: 'alice' },
        sectionId,
        sectionHandle: 'news',
        typeId,
        typeHandle: 'article',
        postDate: '2024-03-05T09:00:00+00:00',
        expiryDate: null,
        enabledForSite: true,
        children: [],
        descendants: [],
        ancestors: [],
        parent: null,
        __typename: 'news_article_Entry',
      });
      expect(typeof sectionId).toBe('number');
      expect(typeof typeId).toBe('number');
    });

    it('the custom fields of an article, typed as Craft types them', async () => {
      expect(
        await editorialData(`{
          entry(slug: "welcome-to-the-demo") {
            ... on news_article_Entry {
              summary
              body
              heroImage { title }
              newsCategories { title }
              keywords { title }
              relatedArticles { title }
              rating
              featured
              reviewers { username }
            }
          }
          expired: entry(slug: "conference-recap-2024", status: "expired") {
            status postDate expiryDate
            ... on news_article_Entry { rating featured heroImage { title } }
          }
        }`),
      ).toEqual({
        entry: {
          summary: 'What this demo site holds and how to query it.',
          body: [
            '# Welcome',
            '',
            'This site is served by a **Craft-compatible** GraphQL API. Try `{ entries { title } }`.',
            '',
            '- News articles with categories and tags',
            '- A structure of pages',
            '- Images with transforms',
            '',
          ].join('\n'),
          heroImage: [{ title: 'Harbour at dusk' }],
          newsCategories: [{ title: 'Culture' }],
          // Relations keep the order they were given in.
          keywords: [{ title: 'Headless' }, { title: 'Craft CMS' }],
          relatedArticles: [],
          rating: 4.5,
          featured: true,
          reviewers: [{ username: 'alice' }],
        },
        expired: {
          status: 'expired',
          postDate: '2024-02-01T09:00:00+00:00',
          expiryDate: '2024-12-31T23:59:59+00:00',
          // Empty fields: a null number, an unset lightswitch is off, no related elements.
          rating: null,
          featured: false,
          heroImage: [],
        },
      });
    });

    it('relation fields take the target kind arguments and answer in the source site', async () => {
      expect(
        await publicData(`{
          entry(slug: "five-typescript-tips") {
            ... on news_article_Entry {
              relatedArticles { title }
              firstRelated: relatedArticles(limit: 1) { title }
              olderRelated: relatedArticles(before: "2025-01-01") { title }
              keywords(orderBy: "title DESC") { title }
              keywordsInGerman: keywords(site: "de") { siteHandle }
            }
          }
          german: entry(slug: "willkommen-zur-demo", site: "de") {
            title
            ... on news_article_Entry {
              summary
              heroImage { title }
              newsCategories { title slug }
            }
          }
          page: entry(slug: "about-us") {
            ... on pages_page_Entry {
              gallery { title }
              firstImage: gallery(limit: 1) { title }
              landscape: gallery(width: "> 700") { title }
            }
          }
        }`),
      ).toEqual({
        entry: {
          relatedArticles: [
            { title: 'GraphQL for content teams' },
            { title: 'AI in the newsroom' },
          ],
          firstRelated: [{ title: 'GraphQL for content teams' }],
          olderRelated: [{ title: 'GraphQL for content teams' }],
          // An explicit order replaces the relation order.
          keywords: [{ title: 'TypeScript' }, { title: 'GraphQL' }],
          keywordsInGerman: [{ siteHandle: 'de' }, { siteHandle: 'de' }],
        },
        german: {
          title: 'Willkommen zur Demo',
          summary: 'Was diese Demo-Seite enthält und wie man sie abfragt.',
          heroImage: [{ title: 'Hafen in der Abenddämmerung' }],
          newsCategories: [{ title: 'Kultur', slug: 'kultur' }],
        },
        page: {
          gallery: [{ title: 'Harbour at dusk' }, { title: 'Mountain lake' }],
          firstImage: [{ title: 'Harbour at dusk' }],
          landscape: [{ title: 'Mountain lake' }],
        },
      });
    });

    it('a structure: positions, tree fields with arguments, URLs below the parent', async () => {
      const aboutUs = id('entry:about-us');
      const { team, top } = await publicData<{ team: Record<string, unknown>; top: unknown }>(`{
        team: entry(slug: "team") {
          title uri url lft rgt level root structureId sectionId
          parent { title }
          children { title uri url }
          descendants { title }
          ancestors { title }
        }
        top: entries(section: "pages", level: 1) {
          title
          children { title }
          descendants(level: 3) { title }
          directChildren: children(limit: 1) { title }
          _count(field: "children")
        }
      }`);
      expect(team).toEqual({
        title: 'Team',
        uri: 'about-us/team',
        url: 'http://localhost:8080/about-us/team',
        lft: 2,
        rgt: 5,
        level: 2,
        root: aboutUs,
        structureId: team.sectionId,
        sectionId: team.sectionId,
        parent: { title: 'About us' },
        children: [
          {
            title: 'Leadership',
            uri: 'about-us/team/leadership',
            url: 'http://localhost:8080/about-us/team/leadership',
          },
        ],
        descendants: [{ title: 'Leadership' }],
        ancestors: [{ title: 'About us' }],
      });
      expect(top).toEqual([
        {
          title: 'About us',
          children: [{ title: 'Team' }],
          descendants: [{ title: 'Leadership' }],
          directChildren: [{ title: 'Team' }],
          _count: 1,
        },
        { title: 'Services', children: [], descendants: [], directChildren: [], _count: 0 },
        { title: 'Contact', children: [], descendants: [], directChildren: [], _count: 0 },
      ]);
    });

    it('localized, prev and next', async () => {
      expect(
        await publicData(`{
          entry(slug: "graphql-for-content-teams") {
            localized { title slug siteHandle url }
            prev { title }
            next { title }
            prevInNews: prev(section: "news", orderBy: "title") { title }
            nextInNews: next(section: "news", orderBy: "title") { title }
          }
          leadership: entry(slug: "leadership") { localized { title uri } }
        }`),
      ).toEqual({
        entry: {
          localized: [
            {
              title: 'GraphQL für Redaktionen',
              slug: 'graphql-fuer-redaktionen',
              siteHandle: 'de',
              url: 'http://localhost:8080/de/news/graphql-fuer-redaktionen',
            },
          ],
          // Neighbours among every entry in the default order (newest first).
          prev: { title: 'Craft CMS documentation' },
          next: { title: 'Welcome to the demo' },
          // Neighbours within the criteria given.
          prevInNews: { title: 'Five TypeScript tips' },
          nextInNews: { title: 'Photography on a budget' },
        },
        leadership: { localized: [{ title: 'Führung', uri: 'ueber-uns/team/fuehrung' }] },
      });
    });

    it('page fields: rich text, table rows by key and handle, option labels, colour', async () => {
      expect(
        await publicData(`{
          aboutUs: entry(slug: "about-us") {
            ... on pages_page_Entry {
              intro
              specs { col1 col2 label value }
              layout
              layoutLabel: layout(label: true)
              audiences
              audienceLabels: audiences(label: true)
              accentColor
            }
          }
          services: entry(slug: "services") {
            ... on pages_page_Entry { specs { label value } layout(label: true) }
          }
          team: entry(slug: "team") {
            ... on pages_page_Entry { body specs { label } layout accentColor audiences }
          }
          about: entry(section: "about") {
            ... on about_about_Entry { eventDate contactEmail }
          }
          link: entry(type: "link") { ... on news_link_Entry { website summary } }
        }`),
      ).toEqual({
        aboutUs: {
          intro: '<p>We publish <em>demo content</em> since 2024.</p>',
          specs: [
            { col1: 'Founded', col2: 2024, label: 'Founded', value: 2024 },
            { col1: 'People', col2: 12, label: 'People', value: 12 },
          ],
          layout: 'wide',
          layoutLabel: 'Wide',
          audiences: ['editors', 'designers'],
          // Options given as plain strings: the label is the value.
          audienceLabels: ['editors', 'designers'],
          accentColor: '#336699',
        },
        services: {
          specs: [
            { label: 'Response time (hours)', value: 24 },
            { label: 'Uptime (%)', value: 99.9 },
          ],
          layout: 'Wide',
        },
        team: {
          body: null,
          specs: [],
          // Not set in the seed: the dropdown's default option.
          layout: 'narrow',
          accentColor: null,
          audiences: ['editors'],
        },
        about: { eventDate: '2025-10-15T18:00:00+00:00', contactEmail: 'hello@example.com' },
        link: {
          website: 'https://craftcms.com/docs/',
          summary: 'The reference for the API this service imitates.',
        },
      });
    });

    it('_count of relation and matrix fields', async () => {
      expect(
        await publicData(`{
          entries(section: "news", type: "article") {
            title
            keywords: _count(field: "keywords")
            related: _count(field: "relatedArticles")
            blocks: _count(field: "contentBlocks")
            unknown: _count(field: "noSuchField")
          }
        }`),
      ).toEqual({
        entries: [
          { title: 'Five TypeScript tips', keywords: 2, related: 2, blocks: 0, unknown: 0 },
          { title: 'Photography on a budget', keywords: 1, related: 0, blocks: 0, unknown: 0 },
          { title: 'AI in the newsroom', keywords: 1, related: 2, blocks: 2, unknown: 0 },
          { title: 'GraphQL for content teams', keywords: 2, related: 1, blocks: 2, unknown: 0 },
          { title: 'Welcome to the demo', keywords: 2, related: 0, blocks: 3, unknown: 0 },
        ],
      });
    });
  });

  describe('matrix blocks', () => {
    it('MatrixBlockInterface fields, block arguments, fields of each block type', async () => {
      const welcome = id('entry:welcome-to-the-demo');
      const { entry } = await publicData<{
        entry: { blocks: Record<string, unknown>[]; [alias: string]: unknown };
      }>(`{
        entry(slug: "welcome-to-the-demo") {
          ... on news_article_Entry {
            blocks: contentBlocks {
              ... on MatrixBlockInterface {
                id uid enabled status siteId fieldId ownerId primaryOwnerId typeId typeHandle sortOrder
              }
              __typename
            }
            quotes: contentBlocks(type: "quote") {
              ... on contentBlocks_quote_BlockType { quote attribution }
            }
            lastBlock: contentBlocks(inReverse: true, limit: 1) {
              ... on contentBlocks_image_BlockType { image { title width height } }
            }
            secondBlock: contentBlocks(offset: 1, limit: 1) { __typename }
          }
        }
      }`);
      expect(
        entry.blocks.map((block) => [block.__typename, block.typeHandle, block.sortOrder]),
      ).toEqual([
        ['contentBlocks_text_BlockType', 'text', 1],
        ['contentBlocks_quote_BlockType', 'quote', 2],
        ['contentBlocks_image_BlockType', 'image', 3],
      ]);
      const fieldIds = new Set(entry.blocks.map((block) => block.fieldId));
      expect(fieldIds.size).toBe(1);
      for (const block of entry.blocks) {
        expect(block).toMatchObject({
          enabled: true,
          status: 'enabled',
          siteId: site.en,
          ownerId: welcome,
          primaryOwnerId: welcome,
        });
        expect(block.uid).toMatch(UUID);
        expect(typeof block.typeId).toBe('number');
      }
      expect(entry.quotes).toEqual([
        { quote: 'Content is a product, not a by-product.', attribution: 'An editor' },
      ]);
      expect(entry.lastBlock).toEqual([
        { image: [{ title: 'Mountain lake', width: 800, height: 450 }] },
      ]);
      expect(entry.secondBlock).toEqual([{ __typename: 'contentBlocks_quote_BlockType' }]);
    });

    it('blocks answer in the site of their owner', async () => {
      expect(
        await publicData(`{
          entry(slug: "ai-in-the-newsroom", site: "de") {
            ... on news_article_Entry {
              contentBlocks {
                ... on contentBlocks_image_BlockType { image { title } }
                ... on contentBlocks_text_BlockType { text }
              }
            }
          }
        }`),
      ).toEqual({
        entry: {
          contentBlocks: [
            { image: [{ title: 'Diagramm des Inhaltsmodells' }] },
            { text: '<p>The diagram shows how the content model connects the parts.</p>' },
          ],
        },
      });
    });
  });

  describe('assets', () => {
    it('every AssetInterface field of an image with a focal point', async () => {
      const harbour = id('asset:harbour-at-dusk.jpg');
      const { asset } = await editorialData<{ asset: Record<string, unknown> }>(`{
        asset(filename: "harbour-at-dusk.jpg") {
          id uid title slug uri url enabled status siteHandle dateCreated dateUpdated
          uploaderId uploader { username }
          alt volumeId folderId filename extension hasFocalPoint focalPoint kind size
          height width img srcset(sizes: ["1x", "2x", "300w"]) mimeType format path dateModified
          prev { title } next { title }
          __typename
        }
      }`);
      expect(asset.uid).toMatch(UUID);
      expect(asset).toEqual({
        id: String(harbour),
        uid: asset.uid,
        title: 'Harbour at dusk',
        slug: null,
        uri: null,
        url: '/volumes/images/harbour-at-dusk.jpg',
        enabled: true,
        status: 'enabled',
        siteHandle: 'en',
        dateCreated: '2024-01-10T09:00:00+00:00',
        dateUpdated: '2024-01-10T09:00:00+00:00',
        uploaderId: id('user:alice'),
        uploader: { username: 'alice' },
        alt: 'A sailing boat in a harbour at sunset',
        volumeId: asset.volumeId,
        folderId: asset.folderId,
        filename: 'harbour-at-dusk.jpg',
        extension: 'jpg',
        hasFocalPoint: true,
        focalPoint: [0.3, 0.65],
        kind: 'image',
        // Bytes of config/content/seed/files/harbour-at-dusk.jpg.
        size: '6226',
        height: 480,
        width: 640,
        img: '<img src="/volumes/images/harbour-at-dusk.jpg" width="640" height="480" alt="A sailing boat in a harbour at sunset">',
        srcset: [
          '/volumes/images/harbour-at-dusk.jpg',
          '/volumes/images/_1280xAUTO_crop_center-center_none/harbour-at-dusk.jpg 2x',
          '/volumes/images/_300xAUTO_crop_center-center_none/harbour-at-dusk.jpg 300w',
        ].join(', '),
        mimeType: 'image/jpeg',
        format: 'jpg',
        path: 'harbour-at-dusk.jpg',
        dateModified: '2024-01-10T09:00:00+00:00',
        // The asset default order is newest first: the harbour is the oldest.
        prev: { title: 'Mountain lake' },
        next: null,
        __typename: 'images_Asset',
      });
    });

    it('dimensions and URLs of named and ad-hoc transforms; an image in a folder', async () => {
      expect(
        await publicData(`{
          harbour: asset(filename: "harbour-at-dusk.jpg") {
            thumb: url(handle: "thumb") thumbWidth: width(handle: "thumb") thumbHeight: height(handle: "thumb")
            hero: url(transform: "hero") heroFormat: format(handle: "hero")
            small: url(width: 100) smallWidth: width(width: 100) smallHeight: height(width: 100)
            webp: url(format: "webp") webpFormat: format(format: "webp")
          }
          portrait: asset(filename: "editor-portrait.jpg") {
            path url width height hasFocalPoint focalPoint
            square: url(handle: "square") squareWidth: width(handle: "square") squareHeight: height(handle: "square")
          }
          diagram: asset(filename: "content-model-diagram.png") { kind mimeType format extension width height }
        }`),
      ).toEqual({
        harbour: {
          thumb: '/volumes/images/_thumb/harbour-at-dusk.jpg',
          thumbWidth: 200,
          thumbHeight: 200,
          hero: '/volumes/images/_hero/harbour-at-dusk.webp',
          heroFormat: 'webp',
          small: '/volumes/images/_100xAUTO_crop_center-center_none/harbour-at-dusk.jpg',
          smallWidth: 100,
          // 640 × 480 scaled to a width of 100.
          smallHeight: 75,
          webp: '/volumes/images/_AUTOxAUTO_crop_center-center_none/harbour-at-dusk.webp',
          webpFormat: 'webp',
        },
        portrait: {
          path: 'team/editor-portrait.jpg',
          url: '/volumes/images/team/editor-portrait.jpg',
          width: 480,
          height: 640,
          hasFocalPoint: false,
          focalPoint: null,
          square: '/volumes/images/team/_square/editor-portrait.jpg',
          // `fit` inside 300 × 300 keeps the 3:4 ratio.
          squareWidth: 225,
          squareHeight: 300,
        },
        diagram: {
          kind: 'image',
          mimeType: 'image/png',
          format: 'png',
          extension: 'png',
          width: 600,
          height: 600,
        },
      });
    });
  });

  describe('users, categories, tags and global sets', () => {
    it('every UserInterface field', async () => {
      const { alice, bob } = await editorialData<Record<string, Record<string, unknown>>>(`{
        alice: user(username: "alice") {
          id uid title slug uri enabled status siteHandle dateCreated dateUpdated __typename
          photo { title url }
          friendlyName fullName name preferences preferredLanguage username firstName lastName email
        }
        bob: user(username: "bob") { photo { title } friendlyName name firstName lastName }
      }`);
      expect(alice.dateCreated).toMatch(ATOM);
      expect(alice.dateUpdated).toMatch(ATOM);
      expect(typeof alice.uid).toBe('string');
      expect(alice).toEqual({
        id: String(id('user:alice')),
        uid: alice.uid,
        // Users have no title, slug or URI.
        title: null,
        slug: null,
        uri: null,
        enabled: true,
        status: 'active',
        siteHandle: 'en',
        dateCreated: alice.dateCreated,
        dateUpdated: alice.dateUpdated,
        __typename: 'User',
        photo: { title: 'Editor portrait', url: '/volumes/images/team/editor-portrait.jpg' },
        friendlyName: 'Alice',
        fullName: 'Alice Archer',
        name: 'Alice Archer',
        preferences: '{}',
        preferredLanguage: null,
        username: 'alice',
        firstName: 'Alice',
        lastName: 'Archer',
        email: 'alice@example.com',
      });
      expect(bob).toEqual({
        photo: null,
        friendlyName: 'Bob',
        name: 'Bob Baker',
        firstName: 'Bob',
        lastName: 'Baker',
      });
    });

    it('every CategoryInterface field, in both sites', async () => {
      const technology = id('category:technology');
      const { category, german } = await publicData<Record<string, Record<string, unknown>>>(`{
        category(slug: "ai") {
          id title slug uri url status groupId groupHandle lft rgt level root structureId
          parent { title } children { title } descendants { title } ancestors { title }
          localized { title slug uri url siteHandle }
          prev { title } next { title }
          __typename
          ... on topics_Category { summary }
        }
        german: category(slug: "technik", site: "de") {
          title uri children { title slug }
          ... on topics_Category { summary }
        }
      }`);
      expect(category).toEqual({
        id: String(id('category:ai')),
        title: 'Artificial intelligence',
        slug: 'ai',
        uri: 'topics/ai',
        url: 'http://localhost:8080/topics/ai',
        status: 'enabled',
        groupId: category.groupId,
        groupHandle: 'topics',
        lft: 2,
        rgt: 3,
        level: 2,
        root: technology,
        structureId: category.groupId,
        parent: { title: 'Technology' },
        children: [],
        descendants: [],
        ancestors: [{ title: 'Technology' }],
        localized: [
          {
            title: 'Künstliche Intelligenz',
            slug: 'ki',
            // A category group's URI format is not nested: topics/{slug} at every level.
            uri: 'topics/ki',
            url: 'http://localhost:8080/de/topics/ki',
            siteHandle: 'de',
          },
        ],
        prev: { title: 'Technology' },
        next: { title: 'Web' },
        __typename: 'topics_Category',
        summary: 'Machine learning in practice.',
      });
      expect(german).toEqual({
        title: 'Technik',
        uri: 'topics/technik',
        children: [
          { title: 'Künstliche Intelligenz', slug: 'ki' },
          { title: 'Web', slug: 'web' },
        ],
        summary: 'Software, das Web und die Maschinen dahinter.',
      });
    });

    it('every TagInterface and GlobalSetInterface field', async () => {
      const { tag, globalSet } = await publicData<Record<string, Record<string, unknown>>>(`{
        tag(slug: "craft-cms") {
          id title slug uri status groupId groupHandle siteHandle dateCreated __typename
        }
        globalSet(handle: "siteInfo") {
          id title slug uri status enabled name handle siteId language dateUpdated __typename
        }
      }`);
      expect(tag).toEqual({
        id: String(id('tag:craft-cms')),
        title: 'Craft CMS',
        slug: 'craft-cms',
        uri: null,
        status: 'enabled',
        groupId: tag.groupId,
        groupHandle: 'keywords',
        siteHandle: 'en',
        dateCreated: '2024-01-06T08:01:00+00:00',
        __typename: 'keywords_Tag',
      });
      expect(typeof tag.groupId).toBe('number');
      expect(globalSet).toEqual({
        id: String(id('globalSet:siteInfo')),
        // A global set's title is its name.
        title: 'Site information',
        slug: null,
        uri: null,
        status: 'enabled',
        enabled: true,
        name: 'Site information',
        handle: 'siteInfo',
        siteId: site.en,
        language: 'en-US',
        dateUpdated: '2024-01-02T12:00:00+00:00',
        __typename: 'siteInfo_GlobalSet',
      });
    });
  });
});
