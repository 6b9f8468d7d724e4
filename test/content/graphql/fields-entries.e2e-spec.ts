import { DATABASE_KINDS } from '../../support/content-queries-world';
import { fieldsSuite, UUID } from '../fixtures/fields-world';

/**
 * The fields of entries (spec §4) and the custom fields of the demo model on them, over HTTP
 * against the demo content on PGlite and PostgreSQL: every ElementInterface and EntryInterface
 * field with its exact value, tree and relation fields with their arguments, table rows, option
 * labels, the German site.
 */
describe.each(DATABASE_KINDS)('content GraphQL fields (%s)', (kind) => {
  const suite = fieldsSuite(kind);
  const { id, publicData, editorialData } = suite;

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
        siteId: suite.site.en,
        siteSettingsId: `${welcome}-${suite.site.en}`,
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
});
