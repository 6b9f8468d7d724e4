import { DATABASE_KINDS } from '../../support/content-queries-world';
import {
  AI,
  argumentsSuite,
  CRAFT_DOCS,
  FIVE_TIPS,
  GRAPHQL,
  PHOTOGRAPHY,
  WELCOME,
} from '../fixtures/arguments-world';

/**
 * The element query arguments (spec §3.3, §3.4) for order, sites, search and structures, and
 * those of assets, users, tags and global sets, over HTTP against the demo content on PGlite and
 * PostgreSQL. Expected results are read off config/content/seed (see fixtures/arguments-world.ts).
 */
describe.each(DATABASE_KINDS)('content GraphQL arguments (%s)', (kind) => {
  const suite = argumentsSuite(kind);
  const { id, publicTitles, editorialTitles } = suite;

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
          byId: entries(section: "pages", siteId: ${suite.ids.de}, level: 1) { title }
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
          await suite.world.data<{ entries: { title: string; siteHandle: string }[] }>(
            suite.world.publicClient,
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
      expect(await rows(`siteId: "*", unique: true, preferSites: [${suite.ids.en}]`)).toEqual([
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
      const { scored, unsearched } = await suite.world.data<{
        scored: Scored[];
        unsearched: Scored[];
      }>(
        suite.world.publicClient,
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
      const ascending = await suite.world.data<{ entries: Scored[] }>(
        suite.world.publicClient,
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
          structureId: entries(structureId: ${suite.ids.pages}, level: 1) { title }
          otherStructure: entries(structureId: ${suite.ids.news}) { title }
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
          groupId: categories(groupId: ${suite.ids.topics}, hasDescendants: true) { title }
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
          volumeId: assets(volumeId: ${suite.ids.images}, limit: 1) { title }
          unknownVolume: assets(volume: "videos") { title }
          rootFolder: assets(folderId: ${suite.ids.rootFolder}) { title }
          withSubfolders: assets(folderId: ${suite.ids.rootFolder}, includeSubfolders: true) { title }
          teamFolder: assets(folderId: ${suite.ids.teamFolder}) { title }
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
          await suite.world.data<{ users: { username: string }[] }>(
            suite.world.editorial,
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
          groupId: tags(groupId: ${suite.ids.keywords}, slug: "t*") { title }
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
