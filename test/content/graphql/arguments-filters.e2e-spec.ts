import { DATABASE_KINDS } from '../../support/content-queries-world';
import {
  AI,
  argumentsSuite,
  CRAFT_DOCS,
  FIVE_TIPS,
  GRAPHQL,
  LIVE_NEWS,
  PHOTOGRAPHY,
  WELCOME,
} from '../fixtures/arguments-world';

/**
 * The filtering arguments of the element queries (spec §3.3, §3.4) with Craft's parameter syntax,
 * over HTTP against the demo content on PGlite and PostgreSQL: the syntax itself, element and
 * entry arguments, custom field arguments and relations. Expected results are read off
 * config/content/seed (see fixtures/arguments-world.ts).
 */
describe.each(DATABASE_KINDS)('content GraphQL arguments (%s)', (kind) => {
  const suite = argumentsSuite(kind);
  const { id, publicTitles, editorialTitles } = suite;

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
      const answer = await suite.world.publicClient.post({
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
      const { entry } = await suite.world.data<{ entry: { uid: string; siteSettingsId: string } }>(
        suite.world.publicClient,
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
      expect(entry.siteSettingsId).toBe(`${id('entry:team')}-${suite.ids.en}`);
    });

    it('section, sectionId, type and typeId', async () => {
      expect(
        await publicTitles(`{
          sections: entries(section: ["about", "homepage"]) { title }
          notNews: entries(section: "not news", level: 1) { title }
          sectionId: entries(sectionId: ${suite.ids.news}, limit: 2) { title }
          type: entries(type: "link") { title }
          typeId: entries(typeId: ${suite.ids.link}) { title }
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
      const { entries } = await suite.world.data<{ entries: { slug: string; status: string }[] }>(
        suite.world.editorial,
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
        await suite.world.data(
          suite.world.publicClient,
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
});
