import {
  CONTENT_BOOT_TIMEOUT_MS,
  ContentQueriesWorld,
  DATABASE_KINDS,
  startContentQueries,
} from '../support/content-queries-world';

/**
 * The arguments of the element queries (spec §3.3, §3.4) with Craft's parameter syntax, over
 * HTTP against the demo content on PGlite and PostgreSQL. Expected results are read off
 * config/content/seed: the news channel (six live entries, one disabled, one pending, one
 * expired), the pages structure, the singles, four images, four categories, five tags, users.
 */

/** Live news entries, newest first (the default order): short names used below. */
const FIVE_TIPS = 'Five TypeScript tips'; // 2025-09-15, bob, rating 5, featured
const PHOTOGRAPHY = 'Photography on a budget'; // 2025-04-02, bob, 4.2, harbour image
const AI = 'AI in the newsroom'; // 2025-01-20, alice, 3.5, featured
const CRAFT_DOCS = 'Craft CMS documentation'; // 2024-08-01, alice, a link (no rating)
const GRAPHQL = 'GraphQL for content teams'; // 2024-06-12, bob, 4, mountain lake image
const WELCOME = 'Welcome to the demo'; // 2024-03-05, alice, 4.5, featured, harbour image
const LIVE_NEWS = [FIVE_TIPS, PHOTOGRAPHY, AI, CRAFT_DOCS, GRAPHQL, WELCOME];

type Titled = { title: string | null } | null;
type Aliased = Record<string, Titled[] | Titled>;

/** Every alias of an answer as its titles (lists) or title (single elements). */
function titles(data: Aliased): Record<string, string[] | string | null> {
  const result: Record<string, string[] | string | null> = {};
  for (const [alias, value] of Object.entries(data))
    result[alias] = Array.isArray(value)
      ? value.map((element) => element?.title ?? '')
      : (value?.title ?? null);
  return result;
}

describe.each(DATABASE_KINDS)('content GraphQL arguments (%s)', (kind) => {
  let world: ContentQueriesWorld;
  /** Section, entry type, site, volume, folder and group ids, as the API shows them. */
  let ids: {
    news: number;
    pages: number;
    link: number;
    en: number;
    de: number;
    images: number;
    rootFolder: number;
    teamFolder: number;
    topics: number;
    keywords: number;
  };
  const id = (key: string) => world.id(key);
  const publicTitles = async (query: string) =>
    titles(await world.data<Aliased>(world.publicClient, query));
  const editorialTitles = async (query: string) =>
    titles(await world.data<Aliased>(world.editorial, query));

  beforeAll(async () => {
    world = await startContentQueries(kind);
    type Found = Record<string, Record<string, number>>;
    const found = await world.data<Found>(
      world.publicClient,
      `{
        article: entry(slug: "welcome-to-the-demo") { sectionId siteId }
        link: entry(type: "link") { typeId }
        page: entry(section: "pages") { sectionId }
        de: entry(slug: "team", site: "de") { siteId }
        root: asset(filename: "harbour-at-dusk.jpg") { volumeId folderId }
        team: asset(filename: "editor-portrait.jpg") { folderId }
        category { groupId }
        tag { groupId }
      }`,
    );
    ids = {
      news: found.article.sectionId,
      pages: found.page.sectionId,
      link: found.link.typeId,
      en: found.article.siteId,
      de: found.de.siteId,
      images: found.root.volumeId,
      rootFolder: found.root.folderId,
      teamFolder: found.team.folderId,
      topics: found.category.groupId,
      keywords: found.tag.groupId,
    };
  }, CONTENT_BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await world?.stop();
  });

  describe("Craft's parameter syntax", () => {
    it('not, wildcards and lists on text', async () => {
      expect(
        await publicTitles(`{
          notWelcome: entries(section: "news", title: "not Welcome*") { title }
          wildcards: entries(section: "news", title: ["Welcome*", "*tips"]) { title }
          contains: entries(title: "*demo*") { title }
          anyCase: entries(title: "ai IN THE newsroom") { title }
          notAny: entries(section: "news", slug: ["not", "welcome-to-the-demo", "five-typescript-tips"]) { title }
          oneItemNotSplit: entries(title: "Five TypeScript tips, AI in the newsroom") { title }
        }`),
      ).toEqual({
        notWelcome: [FIVE_TIPS, PHOTOGRAPHY, AI, CRAFT_DOCS, GRAPHQL],
        wildcards: [FIVE_TIPS, WELCOME],
        // Newest first across sections: the single was posted 2024-01-01.
        contains: [WELCOME, 'About this demo'],
        anyCase: [AI],
        notAny: [PHOTOGRAPHY, AI, CRAFT_DOCS, GRAPHQL],
        // A list item is one value, commas included (Craft does not split list items).
        oneItemNotSplit: [],
      });
    });

    it('comparison operators, and/or lists, :empty: and :notempty: on a number field', async () => {
      expect(
        await publicTitles(`{
          atLeast4: entries(section: "news", rating: ">= 4") { title }
          range: entries(section: "news", rating: ["and", ">= 4", "< 5"]) { title }
          either: entries(section: "news", rating: ["or", "< 4", "5"]) { title }
          notEqual: entries(section: "news", rating: "!= 4") { title }
          empty: entries(section: "news", rating: ":empty:") { title }
          notEmpty: entries(section: "news", rating: ":notempty:") { title }
        }`),
      ).toEqual({
        atLeast4: [FIVE_TIPS, PHOTOGRAPHY, GRAPHQL, WELCOME],
        range: [PHOTOGRAPHY, GRAPHQL, WELCOME],
        either: [FIVE_TIPS, AI],
        // A comparison leaves out entries without a rating (the link), as SQL does in Craft.
        notEqual: [FIVE_TIPS, PHOTOGRAPHY, AI, WELCOME],
        empty: [CRAFT_DOCS],
        notEmpty: [FIVE_TIPS, PHOTOGRAPHY, AI, GRAPHQL, WELCOME],
      });
    });

    it('ids: lists, not-lists and operators', async () => {
      const welcome = id('entry:welcome-to-the-demo');
      const graphql = id('entry:graphql-for-content-teams');
      expect(
        await publicTitles(`{
          list: entries(id: [${welcome}, ${graphql}]) { title }
          notList: entries(section: "news", id: ["not", ${welcome}, ${graphql}]) { title }
          operator: entries(section: "news", id: "<= ${graphql}") { title }
          one: entry(id: ${graphql}) { title }
        }`),
      ).toEqual({
        list: [GRAPHQL, WELCOME],
        notList: [FIVE_TIPS, PHOTOGRAPHY, AI, CRAFT_DOCS],
        // The seed wrote Welcome first, then GraphQL for content teams.
        operator: [GRAPHQL, WELCOME],
        one: GRAPHQL,
      });
    });

    it('reports values that are not numbers or dates, and unknown orderBy columns', async () => {
      const answer = await world.publicClient.post({
        query: `{
          badId: entries(id: "abc") { title }
          badDate: entries(postDate: ">= last tuesday") { title }
          badOrder: entries(orderBy: "popularity DESC") { title }
          fine: entryCount(section: "about")
        }`,
      });
      expect(answer.status).toBe(200);
      const body = answer.body as { data: unknown; errors: { message: string; path: string[] }[] };
      expect(body.data).toEqual({ badId: null, badDate: null, badOrder: null, fine: 1 });
      expect(body.errors.map(({ message, path }) => ({ message, path }))).toEqual([
        { message: 'Invalid numeric value "abc"', path: ['badId'] },
        { message: 'Invalid date value "last tuesday"', path: ['badDate'] },
        { message: 'Invalid orderBy column "popularity"', path: ['badOrder'] },
      ]);
    });
  });

  describe('element and entry arguments', () => {
    it('uid, slug, uri and siteSettingsId', async () => {
      const { entry } = await world.data<{ entry: { uid: string; siteSettingsId: string } }>(
        world.publicClient,
        '{ entry(slug: "team") { uid siteSettingsId } }',
      );
      expect(
        await publicTitles(`{
          uid: entry(uid: "${entry.uid}") { title }
          slug: entries(slug: ["team", "contact"]) { title }
          uri: entries(uri: "about-us/*") { title }
          home: entry(uri: "__home__") { title }
          siteSettings: entries(siteSettingsId: "${entry.siteSettingsId}") { title }
        }`),
      ).toEqual({
        uid: 'Team',
        slug: ['Contact', 'Team'],
        uri: ['Leadership', 'Team'],
        home: 'Welcome',
        siteSettings: ['Team'],
      });
      expect(entry.siteSettingsId).toBe(`${id('entry:team')}-${ids.en}`);
    });

    it('section, sectionId, type and typeId', async () => {
      expect(
        await publicTitles(`{
          sections: entries(section: ["about", "homepage"]) { title }
          notNews: entries(section: "not news", level: 1) { title }
          sectionId: entries(sectionId: ${ids.news}, limit: 2) { title }
          type: entries(type: "link") { title }
          typeId: entries(typeId: ${ids.link}) { title }
          notType: entries(section: "news", type: "not article") { title }
          unknown: entries(section: "blog") { title }
        }`),
      ).toEqual({
        sections: ['About this demo', 'Welcome'],
        // Several sections: newest first; only the pages have a level.
        notNews: ['Contact', 'Services', 'About us'],
        sectionId: [FIVE_TIPS, PHOTOGRAPHY],
        type: [CRAFT_DOCS],
        typeId: [CRAFT_DOCS],
        notType: [CRAFT_DOCS],
        unknown: [],
      });
    });

    it('dates: postDate, before, after, dateCreated, dateUpdated', async () => {
      expect(
        await publicTitles(`{
          year2024: entries(section: "news", postDate: ["and", ">= 2024-01-01", "< 2025-01-01"]) { title }
          before: entries(section: "news", before: "2024-07-01") { title }
          after: entries(section: "news", after: "2025-01-20T08:15:00Z") { title }
          created: entries(section: "news", dateCreated: "< 2024-06-12") { title }
          updated: entries(section: "news", dateUpdated: ">= 2025-01-21") { title }
          timestamp: entries(section: "news", postDate: "> 1735689600") { title }
        }`),
      ).toEqual({
        year2024: [CRAFT_DOCS, GRAPHQL, WELCOME],
        before: [GRAPHQL, WELCOME],
        // `after` includes the instant itself.
        after: [FIVE_TIPS, PHOTOGRAPHY, AI],
        created: [GRAPHQL, WELCOME],
        updated: [FIVE_TIPS, PHOTOGRAPHY, AI],
        // 1735689600 = 2025-01-01T00:00:00Z.
        timestamp: [FIVE_TIPS, PHOTOGRAPHY, AI],
      });
    });

    it('authors: authorId, authorGroup, authorGroupId (schemas that read users)', async () => {
      const bob = id('user:bob');
      expect(
        await editorialTitles(`{
          bob: entries(section: "news", authorId: ${bob}) { title }
          notBob: entries(section: "news", authorId: ["not", ${bob}]) { title }
          editors: entries(authorGroup: "editors") { title }
          authors: entries(authorGroup: ["authors"]) { title }
          unknownGroup: entries(authorGroupId: 999999) { title }
        }`),
      ).toEqual({
        bob: [FIVE_TIPS, PHOTOGRAPHY, GRAPHQL],
        notBob: [AI, CRAFT_DOCS, WELCOME],
        editors: [AI, CRAFT_DOCS, WELCOME],
        authors: [FIVE_TIPS, PHOTOGRAPHY, GRAPHQL],
        unknownGroup: [],
      });
    });

    it('status, expiryDate, archived and trashed with elements.inactive', async () => {
      expect(
        await editorialTitles(`{
          pending: entries(section: "news", status: "pending") { title }
          expired: entries(section: "news", status: "expired") { title }
          disabled: entries(section: "news", status: "disabled") { title }
          notLive: entries(section: "news", status: ["not", "live"]) { title }
          liveOrPending: entries(section: "news", status: ["live", "pending"], limit: 3) { title }
          any: entries(section: "news", status: null) { title }
          expires: entries(expiryDate: ":notempty:", status: null) { title }
          archived: entries(archived: true, status: null) { title }
          trashed: entries(trashed: true, status: null) { title }
          pendingBySlug: entry(slug: "the-2099-roadmap", status: "pending") { title }
          liveBySlug: entry(slug: "the-2099-roadmap") { title }
        }`),
      ).toEqual({
        pending: ['The 2099 roadmap'],
        expired: ['Conference recap 2024'],
        disabled: ['Ideas for next quarter'],
        notLive: ['The 2099 roadmap', 'Ideas for next quarter', 'Conference recap 2024'],
        liveOrPending: ['The 2099 roadmap', FIVE_TIPS, PHOTOGRAPHY],
        any: [
          'The 2099 roadmap',
          FIVE_TIPS,
          'Ideas for next quarter',
          PHOTOGRAPHY,
          AI,
          CRAFT_DOCS,
          GRAPHQL,
          WELCOME,
          'Conference recap 2024',
        ],
        expires: ['Conference recap 2024'],
        archived: [],
        trashed: [],
        pendingBySlug: 'The 2099 roadmap',
        // Without status, the default is live.
        liveBySlug: null,
      });
      // Each entry reports its own status.
      const { entries } = await world.data<{ entries: { slug: string; status: string }[] }>(
        world.editorial,
        '{ entries(section: "news", status: ["not", "live"]) { slug status } }',
      );
      expect(entries).toEqual([
        { slug: 'the-2099-roadmap', status: 'pending' },
        { slug: 'ideas-for-next-quarter', status: 'disabled' },
        { slug: 'conference-recap-2024', status: 'expired' },
      ]);
    });

    it('limit and offset: pages, a negative limit, offset without limit', async () => {
      expect(
        await publicTitles(`{
          page2: entries(section: "news", limit: 2, offset: 2) { title }
          negative: entries(section: "news", limit: -1) { title }
          zero: entries(section: "news", limit: 0) { title }
          offsetOnly: entries(section: "news", offset: 4) { title }
          nullLimit: entries(section: "news", limit: null) { title }
          offsetOne: entry(section: "news", offset: 2) { title }
        }`),
      ).toEqual({
        page2: [AI, CRAFT_DOCS],
        negative: [],
        zero: [],
        offsetOnly: [GRAPHQL, WELCOME],
        nullLimit: LIVE_NEWS,
        offsetOne: AI,
      });
    });

    it('editable finds nothing without a signed-in user; withStructure, withTransforms change nothing', async () => {
      expect(
        await world.data(
          world.publicClient,
          `{
            editable: entryCount(editable: true)
            editableCategories: categoryCount(editable: true)
            notEditable: entryCount(editable: false)
          }`,
        ),
      ).toEqual({ editable: 0, editableCategories: 0, notEditable: 13 });
      expect(
        await publicTitles(`{
          withStructure: entries(section: "pages", withStructure: true) { title }
          withTransforms: assets(withTransforms: ["thumb"]) { title }
        }`),
      ).toEqual({
        withStructure: ['About us', 'Team', 'Leadership', 'Services', 'Contact'],
        withTransforms: [
          'Content model diagram',
          'Editor portrait',
          'Mountain lake',
          'Harbour at dusk',
        ],
      });
    });

    it('ref: section/slug references', async () => {
      expect(
        await publicTitles(`{
          bySectionSlug: entries(ref: "news/welcome-to-the-demo") { title }
          several: entries(ref: ["pages/team", "news/ai-in-the-newsroom"]) { title }
          unknown: entries(ref: "news/nothing-here") { title }
        }`),
      ).toEqual({
        bySectionSlug: [WELCOME],
        several: ['Team', AI],
        unknown: [],
      });
    });
  });

  describe('custom field arguments', () => {
    it('lightswitch, relation, text, dropdown, checkboxes, colour, date and email fields', async () => {
      const harbour = id('asset:harbour-at-dusk.jpg');
      const graphqlTag = id('tag:graphql');
      const craftTag = id('tag:craft-cms');
      expect(
        await publicTitles(`{
          featured: entries(section: "news", featured: true) { title }
          notFeatured: entries(section: "news", featured: false) { title }
          withHero: entries(section: "news", heroImage: ":notempty:") { title }
          withoutHero: entries(section: "news", heroImage: ":empty:") { title }
          harbour: entries(heroImage: ${harbour}) { title }
          bothTags: entries(section: "news", keywords: ["and", ${graphqlTag}, ${craftTag}]) { title }
          summary: entries(summary: "*the camera*") { title }
          website: entries(website: "https://craftcms.com/*") { title }
          wide: entries(section: "pages", layout: "wide") { title }
          narrow: entries(section: "pages", layout: "narrow") { title }
          developers: entries(section: "pages", audiences: "developers") { title }
          editorsAndDesigners: entries(section: "pages", audiences: ["and", "editors", "designers"]) { title }
          noColour: entries(section: "pages", accentColor: ":empty:") { title }
          colour: entries(accentColor: "#336699") { title }
          eventAfter: entries(eventDate: ">= 2025-10-15") { title }
          eventBefore: entries(eventDate: "< 2025-10-15") { title }
          email: entries(contactEmail: "HELLO@example.com") { title }
        }`),
      ).toEqual({
        featured: [FIVE_TIPS, AI, WELCOME],
        // Off is also "not set": the link has no featured field.
        notFeatured: [PHOTOGRAPHY, CRAFT_DOCS, GRAPHQL],
        withHero: [PHOTOGRAPHY, GRAPHQL, WELCOME],
        withoutHero: [FIVE_TIPS, AI, CRAFT_DOCS],
        // Newest first: the homepage (2024-01-01) after the articles.
        harbour: [PHOTOGRAPHY, WELCOME, 'Welcome'],
        bothTags: [GRAPHQL],
        summary: [PHOTOGRAPHY],
        website: [CRAFT_DOCS],
        wide: ['About us', 'Services'],
        // Pages without a layout hold the dropdown's default, narrow.
        narrow: ['Team', 'Leadership', 'Contact'],
        developers: ['Services', 'Contact'],
        editorsAndDesigners: ['About us', 'Contact'],
        noColour: ['Team', 'Leadership'],
        colour: ['About us'],
        eventAfter: ['About this demo'],
        eventBefore: [],
        email: ['About this demo'],
      });
    });
  });

  describe('relations', () => {
    it('relatedTo: ids (any of them), and-lists, relatedToAll', async () => {
      const web = id('category:web');
      const graphqlTag = id('tag:graphql');
      const craftTag = id('tag:craft-cms');
      const headless = id('tag:headless');
      const welcome = id('entry:welcome-to-the-demo');
      expect(
        await publicTitles(`{
          category: entries(relatedTo: ${web}) { title }
          anyTag: entries(relatedTo: [${graphqlTag}, ${headless}]) { title }
          allTags: entries(relatedTo: ["and", ${graphqlTag}, ${craftTag}]) { title }
          relatedToAll: entries(relatedToAll: [${graphqlTag}, ${craftTag}]) { title }
          eitherDirection: entries(relatedTo: ${welcome}) { title }
          categoriesOfAnEntry: categories(relatedTo: ${id('entry:five-typescript-tips')}) { title }
          tagsOfAnEntry: tags(relatedTo: [${id('entry:five-typescript-tips')}]) { title }
        }`),
      ).toEqual({
        category: [FIVE_TIPS, GRAPHQL],
        anyTag: [FIVE_TIPS, AI, GRAPHQL, WELCOME],
        allTags: [GRAPHQL],
        relatedToAll: [GRAPHQL],
        // AI and GraphQL point at Welcome (relatedArticles); Welcome points at no entry.
        eitherDirection: [AI, GRAPHQL],
        categoriesOfAnEntry: ['Web'],
        tagsOfAnEntry: ['GraphQL', 'TypeScript'],
      });
    });

    it('relatedTo<Kind>: criteria objects with the target kind arguments, all required', async () => {
      expect(
        await editorialTitles(`{
          categories: entries(relatedToCategories: [{ slug: "web" }]) { title }
          subtree: entries(relatedToCategories: [{ group: "topics", descendantOf: ${id('category:technology')} }]) { title }
          entries: entries(relatedToEntries: [{ section: "news", slug: "welcome-to-the-demo" }]) { title }
          assets: entries(relatedToAssets: [{ filename: "harbour*" }]) { title }
          users: entries(relatedToUsers: [{ username: "bob" }]) { title }
          tagsAndCategory: entries(relatedToTags: [{ title: "GraphQL" }], relatedToCategories: [{ slug: "web" }]) { title }
          tagAndCategory: entries(relatedToTags: [{ title: "Photography" }], relatedToCategories: [{ slug: "web" }]) { title }
          idsAndTags: entries(relatedTo: ${id('category:culture')}, relatedToTags: [{ slug: "craft-cms" }]) { title }
          nothingMatches: entries(relatedToCategories: [{ slug: "no-such-category" }]) { title }
          categoriesOfNews: categories(relatedToEntries: [{ section: "news", slug: "welcome-to-the-demo" }]) { title }
        }`),
      ).toEqual({
        categories: [FIVE_TIPS, GRAPHQL],
        // Below Technology: AI and Web.
        subtree: [FIVE_TIPS, AI, GRAPHQL],
        entries: [AI, GRAPHQL],
        // The pages' gallery, the articles' and the homepage's hero image.
        assets: ['About us', PHOTOGRAPHY, WELCOME, 'Welcome'],
        // Reviewers.
        users: [FIVE_TIPS],
        tagsAndCategory: [FIVE_TIPS, GRAPHQL],
        tagAndCategory: [],
        idsAndTags: [WELCOME],
        nothingMatches: [],
        categoriesOfNews: ['Culture'],
      });
    });
  });

  describe('order', () => {
    it('orderBy: several columns and directions, custom fields, Craft table prefixes', async () => {
      expect(
        await publicTitles(`{
          rating: entries(section: "news", orderBy: "rating DESC, title ASC") { title }
          typeThenDate: entries(section: "news", orderBy: "typeId DESC, postDate ASC") { title }
          title: entries(section: "news", orderBy: "title") { title }
          prefixed: entries(section: "news", orderBy: "elements.dateCreated desc", limit: 2) { title }
          structure: entries(section: "pages", orderBy: "level DESC, lft ASC") { title }
          assets: assets(orderBy: "width DESC") { title }
          tags: tags(orderBy: "dateCreated DESC", limit: 2) { title }
        }`),
      ).toEqual({
        // No rating sorts as the smallest value: last when descending.
        rating: [FIVE_TIPS, WELCOME, PHOTOGRAPHY, GRAPHQL, AI, CRAFT_DOCS],
        // The link type was declared after the article type.
        typeThenDate: [CRAFT_DOCS, WELCOME, GRAPHQL, AI, PHOTOGRAPHY, FIVE_TIPS],
        title: [AI, CRAFT_DOCS, FIVE_TIPS, GRAPHQL, PHOTOGRAPHY, WELCOME],
        prefixed: [FIVE_TIPS, PHOTOGRAPHY],
        structure: ['Leadership', 'Team', 'About us', 'Services', 'Contact'],
        // 800, 640, 600, then the portrait's width.
        assets: ['Mountain lake', 'Harbour at dusk', 'Content model diagram', 'Editor portrait'],
        tags: ['Photography', 'TypeScript'],
      });
    });

    it('fixedOrder follows the id list; inReverse flips any order', async () => {
      const [a, b, c] = ['five-typescript-tips', 'welcome-to-the-demo', 'ai-in-the-newsroom'].map(
        (slug) => id(`entry:${slug}`),
      );
      expect(
        await publicTitles(`{
          fixed: entries(id: [${a}, ${b}, ${c}], fixedOrder: true) { title }
          fixedReversed: entries(id: [${a}, ${b}, ${c}], fixedOrder: true, inReverse: true) { title }
          reversed: entries(section: "news", inReverse: true, limit: 2) { title }
          reversedTitle: entries(section: "news", orderBy: "title", inReverse: true, limit: 2) { title }
          reversedStructure: entries(section: "pages", inReverse: true) { title }
        }`),
      ).toEqual({
        fixed: [FIVE_TIPS, WELCOME, AI],
        fixedReversed: [AI, WELCOME, FIVE_TIPS],
        reversed: [WELCOME, GRAPHQL],
        reversedTitle: [WELCOME, PHOTOGRAPHY],
        reversedStructure: ['Contact', 'Services', 'Leadership', 'Team', 'About us'],
      });
    });
  });

  describe('sites', () => {
    it('site and siteId: a handle, an id, *, a not-list, several; language', async () => {
      expect(
        await publicTitles(`{
          german: entries(section: "pages", site: "de") { title }
          byId: entries(section: "pages", siteId: ${ids.de}, level: 1) { title }
          all: entries(section: "pages", site: "*", level: 1) { title }
          allIds: entries(section: "pages", siteId: "*", level: 3) { title }
          notEnglish: entries(section: "pages", site: ["not", "en"], level: 1) { title }
          several: entries(section: "pages", site: ["de", "en"], level: 3) { title }
          unknown: entries(site: "fr") { title }
          language: entries(section: "pages", language: "de-DE", level: 1) { title }
          categories: categories(site: "de") { title }
          assets: assets(site: "de") { title }
        }`),
      ).toEqual({
        german: ['Über uns', 'Team', 'Führung', 'Leistungen', 'Kontakt'],
        byId: ['Über uns', 'Leistungen', 'Kontakt'],
        // Every site: one row per element and site, the element's sites in site order.
        all: ['About us', 'Über uns', 'Services', 'Leistungen', 'Contact', 'Kontakt'],
        allIds: ['Leadership', 'Führung'],
        notEnglish: ['Über uns', 'Leistungen', 'Kontakt'],
        // The sites named first come first.
        several: ['Führung', 'Leadership'],
        unknown: [],
        language: ['Über uns', 'Leistungen', 'Kontakt'],
        categories: ['Technik', 'Künstliche Intelligenz', 'Web', 'Kultur'],
        assets: [
          'Diagramm des Inhaltsmodells',
          'Editor portrait',
          'Bergsee',
          'Hafen in der Abenddämmerung',
        ],
      });
    });

    it('unique keeps one row per element, from preferSites or the first site named', async () => {
      const rows = async (args: string) =>
        (
          await world.data<{ entries: { title: string; siteHandle: string }[] }>(
            world.publicClient,
            `{ entries(section: "pages", level: 1, ${args}) { title siteHandle } }`,
          )
        ).entries.map(({ title, siteHandle }) => `${siteHandle}:${title}`);
      expect(await rows('site: "*", unique: true')).toEqual([
        'en:About us',
        'en:Services',
        'en:Contact',
      ]);
      expect(await rows('site: "*", unique: true, preferSites: ["de"]')).toEqual([
        'de:Über uns',
        'de:Leistungen',
        'de:Kontakt',
      ]);
      expect(await rows('site: ["de", "en"], unique: true')).toEqual([
        'de:Über uns',
        'de:Leistungen',
        'de:Kontakt',
      ]);
      expect(await rows(`siteId: "*", unique: true, preferSites: [${ids.en}]`)).toEqual([
        'en:About us',
        'en:Services',
        'en:Contact',
      ]);
    });
  });

  describe('search', () => {
    it("Craft's search syntax over titles, fields and attributes", async () => {
      expect(
        await publicTitles(`{
          word: entries(search: "graphql") { title }
          prefix: entries(search: "sugg") { title }
          both: entries(search: "graphql typescript") { title }
          either: entries(search: "typescript OR photography") { title }
          excluded: entries(section: "news", search: "-graphql") { title }
          phrase: entries(search: "\\"demo content\\"") { title }
          wildcardLeft: entries(search: "*script") { title }
          inTitle: entries(search: "title:graphql") { title }
          wholeTitle: entries(search: "title::\\"graphql for content teams\\"") { title }
          inField: entries(search: "summary:editors") { title }
          fieldHasValue: entries(section: "news", search: "-body:*") { title }
          slug: entries(search: "slug:typescript") { title }
          assets: assets(search: "extension:png") { title }
          categories: categories(search: "machine") { title }
          tags: tags(search: "type") { title }
        }`),
      ).toEqual({
        word: ['Services', FIVE_TIPS, GRAPHQL, WELCOME],
        // "Tools that *suggest* beat tools that *decide*."
        prefix: [AI],
        both: [FIVE_TIPS],
        either: [FIVE_TIPS, PHOTOGRAPHY],
        excluded: [PHOTOGRAPHY, AI, CRAFT_DOCS],
        phrase: ['About us', WELCOME, 'Welcome'],
        wildcardLeft: [FIVE_TIPS],
        inTitle: [GRAPHQL],
        wholeTitle: [GRAPHQL],
        inField: [AI, GRAPHQL],
        fieldHasValue: [CRAFT_DOCS],
        slug: [FIVE_TIPS],
        assets: ['Content model diagram'],
        categories: ['Technology', 'Artificial intelligence'],
        tags: ['TypeScript'],
      });
    });

    it('searchScore: an integer for matches (title hits weigh more), orderBy score', async () => {
      type Scored = { title: string; searchScore: number | null };
      const { scored, unsearched } = await world.data<{ scored: Scored[]; unsearched: Scored[] }>(
        world.publicClient,
        `{
          scored: entries(search: "graphql", orderBy: "score") { title searchScore }
          unsearched: entries(section: "news", limit: 1) { title searchScore }
        }`,
      );
      expect(scored.map((entry) => entry.title)).toEqual([GRAPHQL, WELCOME, FIVE_TIPS, 'Services']);
      for (const entry of scored) {
        expect(Number.isInteger(entry.searchScore)).toBe(true);
        expect(entry.searchScore).toBeGreaterThan(0);
      }
      // Only the first has the word in its title; the others tie (then the id decides).
      expect(scored[0].searchScore).toBeGreaterThan(scored[1].searchScore!);
      expect(new Set(scored.slice(1).map((entry) => entry.searchScore)).size).toBe(1);
      expect(unsearched).toEqual([{ title: FIVE_TIPS, searchScore: null }]);
      const ascending = await world.data<{ entries: Scored[] }>(
        world.publicClient,
        '{ entries(search: "graphql", orderBy: "score ASC") { title } }',
      );
      expect(ascending.entries.map((entry) => entry.title)).toEqual([
        WELCOME,
        FIVE_TIPS,
        'Services',
        GRAPHQL,
      ]);
    });

    it('searchTermOptions set what every term does', async () => {
      expect(
        await publicTitles(`{
          wholeWords: entries(search: "sugg", searchTermOptions: { subRight: false }) { title }
          inWords: entries(search: "script", searchTermOptions: { subLeft: true }) { title }
          excluded: entries(section: "news", search: "graphql", searchTermOptions: { exclude: true }) { title }
          exact: entries(search: "title:graphql", searchTermOptions: { exact: true }) { title }
          exactTitle: entries(search: "title:team", searchTermOptions: { exact: true }) { title }
        }`),
      ).toEqual({
        wholeWords: [],
        inWords: [FIVE_TIPS],
        excluded: [PHOTOGRAPHY, AI, CRAFT_DOCS],
        exact: [],
        exactTitle: ['Team'],
      });
    });
  });

  describe('structures', () => {
    it('level, ancestors, descendants, siblings, leaves and positions', async () => {
      const aboutUs = id('entry:about-us');
      const team = id('entry:team');
      const leadership = id('entry:leadership');
      const services = id('entry:services');
      const contact = id('entry:contact');
      expect(
        await publicTitles(`{
          level1: entries(section: "pages", level: 1) { title }
          level2: entries(section: "pages", level: 2) { title }
          descendants: entries(section: "pages", descendantOf: ${aboutUs}) { title }
          children: entries(section: "pages", descendantOf: ${aboutUs}, descendantDist: 1) { title }
          ancestors: entries(section: "pages", ancestorOf: ${leadership}) { title }
          parent: entries(section: "pages", ancestorOf: ${leadership}, ancestorDist: 1) { title }
          leaves: entries(section: "pages", leaves: true) { title }
          withChildren: entries(section: "pages", hasDescendants: true) { title }
          withoutChildren: entries(section: "pages", hasDescendants: false) { title }
          next: entries(section: "pages", nextSiblingOf: ${aboutUs}) { title }
          prev: entries(section: "pages", prevSiblingOf: ${contact}) { title }
          noSibling: entries(section: "pages", nextSiblingOf: ${team}) { title }
          after: entries(section: "pages", positionedAfter: ${aboutUs}) { title }
          before: entries(section: "pages", positionedBefore: ${services}) { title }
          structureId: entries(structureId: ${ids.pages}, level: 1) { title }
          otherStructure: entries(structureId: ${ids.news}) { title }
          channelEntry: entries(section: "news", descendantOf: ${aboutUs}) { title }
        }`),
      ).toEqual({
        level1: ['About us', 'Services', 'Contact'],
        level2: ['Team'],
        descendants: ['Team', 'Leadership'],
        children: ['Team'],
        ancestors: ['About us', 'Team'],
        parent: ['Team'],
        leaves: ['Leadership', 'Services', 'Contact'],
        withChildren: ['About us', 'Team'],
        withoutChildren: ['Leadership', 'Services', 'Contact'],
        next: ['Services'],
        prev: ['Services'],
        noSibling: [],
        after: ['Services', 'Contact'],
        before: ['About us', 'Team', 'Leadership'],
        // A structure is identified by its section's id.
        structureId: ['About us', 'Services', 'Contact'],
        otherStructure: [],
        channelEntry: [],
      });
    });

    it('the same arguments on categories', async () => {
      const technology = id('category:technology');
      const ai = id('category:ai');
      expect(
        await publicTitles(`{
          level2: categories(level: 2) { title }
          descendants: categories(descendantOf: ${technology}) { title }
          ancestors: categories(ancestorOf: ${ai}) { title }
          leaves: categories(leaves: true) { title }
          next: categories(nextSiblingOf: ${ai}) { title }
          group: categories(group: "topics", level: 1) { title }
          groupId: categories(groupId: ${ids.topics}, hasDescendants: true) { title }
          unknownGroup: categories(group: "places") { title }
        }`),
      ).toEqual({
        level2: ['Artificial intelligence', 'Web'],
        descendants: ['Artificial intelligence', 'Web'],
        ancestors: ['Technology'],
        leaves: ['Artificial intelligence', 'Web', 'Culture'],
        next: ['Web'],
        group: ['Technology', 'Culture'],
        groupId: ['Technology'],
        unknownGroup: [],
      });
    });
  });

  describe('assets, users, tags and global sets', () => {
    it('asset arguments', async () => {
      expect(
        await editorialTitles(`{
          volume: assets(volume: "images", limit: 1) { title }
          volumeId: assets(volumeId: ${ids.images}, limit: 1) { title }
          unknownVolume: assets(volume: "videos") { title }
          rootFolder: assets(folderId: ${ids.rootFolder}) { title }
          withSubfolders: assets(folderId: ${ids.rootFolder}, includeSubfolders: true) { title }
          teamFolder: assets(folderId: ${ids.teamFolder}) { title }
          filename: assets(filename: "*-lake.jpg") { title }
          kind: assets(kind: "image", filename: "*.png") { title }
          notImage: assets(kind: "not image") { title }
          wide: assets(width: "> 640") { title }
          tall: assets(height: ["and", ">= 480", "< 500"]) { title }
          size: assets(size: ["and", "> 5000", "< 6300"]) { title }
          modified: assets(dateModified: ">= 2024-02-01") { title }
          hasAlt: assets(hasAlt: true, limit: 1) { title }
          noAlt: assets(hasAlt: false) { title }
          uploader: assets(uploader: ${id('user:bob')}) { title }
        }`),
      ).toEqual({
        volume: ['Content model diagram'],
        volumeId: ['Content model diagram'],
        unknownVolume: [],
        rootFolder: ['Content model diagram', 'Mountain lake', 'Harbour at dusk'],
        withSubfolders: [
          'Content model diagram',
          'Editor portrait',
          'Mountain lake',
          'Harbour at dusk',
        ],
        teamFolder: ['Editor portrait'],
        filename: ['Mountain lake'],
        kind: ['Content model diagram'],
        notImage: [],
        wide: ['Mountain lake'],
        tall: ['Harbour at dusk'],
        size: ['Mountain lake', 'Harbour at dusk'],
        modified: ['Content model diagram', 'Editor portrait'],
        hasAlt: ['Content model diagram'],
        noAlt: [],
        uploader: ['Content model diagram', 'Editor portrait'],
      });
    });

    it('user arguments', async () => {
      const users = async (args: string) =>
        (
          await world.data<{ users: { username: string }[] }>(
            world.editorial,
            `{ users(${args}) { username } }`,
          )
        ).users.map((user) => user.username);
      expect(await users('username: "ALICE"')).toEqual(['alice']);
      expect(await users('email: "*@example.com"')).toEqual(['alice', 'bob']);
      expect(await users('fullName: "Bob*"')).toEqual(['bob']);
      expect(await users('firstName: "Alice"')).toEqual(['alice']);
      expect(await users('lastName: "baker"')).toEqual(['bob']);
      expect(await users('hasPhoto: true')).toEqual(['alice']);
      expect(await users('group: "authors"')).toEqual(['bob']);
      expect(await users('group: ["editors", "authors"]')).toEqual(['alice', 'bob']);
      expect(await users('group: "nobody"')).toEqual([]);
      // Authors of entries and uploaders of assets: not the admin.
      expect(await users('authors: true')).toEqual(['alice', 'bob']);
      expect(await users('assetUploaders: true')).toEqual(['alice', 'bob']);
      expect(await users('search: "email:@example.com"')).toEqual(['alice', 'bob']);
      expect(await users('orderBy: "email DESC", limit: 1')).toEqual(['bob']);
      expect(await users('status: "suspended"')).toEqual([]);
    });

    it('tag and global set arguments', async () => {
      expect(
        await publicTitles(`{
          group: tags(group: "keywords", title: ["GraphQL", "Headless"]) { title }
          groupId: tags(groupId: ${ids.keywords}, slug: "t*") { title }
          unknownGroup: tags(group: "colours") { title }
          handle: globalSets(handle: "siteInfo") { title }
          unknownHandle: globalSets(handle: "footer") { title }
        }`),
      ).toEqual({
        group: ['GraphQL', 'Headless'],
        groupId: ['TypeScript'],
        unknownGroup: [],
        handle: ['Site information'],
        unknownHandle: [],
      });
    });
  });
});
