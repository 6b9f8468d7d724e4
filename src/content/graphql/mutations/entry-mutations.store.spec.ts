import { count, data, DE, EN, errors, m, mutationsSuite, run } from './mutations-harness.fixtures';
import { PERMISSION_DENIED } from './errors';
import { MUTATION_NEEDS_POST } from './method';

/**
 * Entry mutations: what they write in each site, matrix blocks, structure placement, deletes, and
 * what they refuse (validation, scope, GET requests).
 * Runs in-process against the real store: see mutations-harness.fixtures.ts.
 */
mutationsSuite('GraphQL mutations', () => {
  describe('entries', () => {
    const SAVE_ARTICLE = `mutation Save(
      $id: ID, $siteId: Int, $title: String, $slug: String, $enabled: Boolean,
      $summary: String, $rating: Number, $featured: Boolean, $postDate: DateTime,
      $related: [Int], $blocks: contentBlocks_MatrixInput
    ) {
      save_news_article_Entry(
        id: $id, siteId: $siteId, title: $title, slug: $slug, enabled: $enabled,
        summary: $summary, rating: $rating, featured: $featured, postDate: $postDate,
        relatedArticles: $related, contentBlocks: $blocks
      ) {
        __typename id title slug uri siteId enabled status postDate
        summary rating featured
        relatedArticles { id title }
        contentBlocks {
          __typename
          ... on contentBlocks_text_BlockType { id text }
          ... on contentBlocks_quote_BlockType { id quote attribution }
        }
      }
    }`;
    type Article = {
      id: string;
      title: string;
      slug: string;
      uri: string;
      siteId: number;
      enabled: boolean;
      enabledForSite?: boolean;
      status: string;
      summary: string | null;
      rating: number | null;
      relatedArticles: { id: string; title: string }[];
      contentBlocks: { __typename: string; id: string; text?: string; quote?: string }[];
    };
    const save = (variables: Record<string, unknown>) =>
      data<{ save_news_article_Entry: Article }>(SAVE_ARTICLE, variables).then(
        (result) => result.save_news_article_Entry,
      );
    const query = (id: string, site = 'en') =>
      data<{ entry: Article | null }>(
        `query ($id: [QueryArgument], $site: [String]) {
          entry(id: $id, site: $site, status: null) {
            id title slug siteId enabled enabledForSite summary rating
            contentBlocks {
              __typename
              ... on contentBlocks_text_BlockType { id text }
              ... on contentBlocks_quote_BlockType { id quote attribution }
            }
          }
        }`,
        { id: [id], site: [site] },
      ).then((result) => result.entry);

    it('creates an entry with its fields, relations and blocks, and returns it', async () => {
      const before = m.invalidations;
      const first = await save({ title: 'First story', summary: 'One.' });
      expect(first).toMatchObject({
        __typename: 'news_article_Entry',
        title: 'First story',
        slug: 'first-story',
        uri: 'news/first-story',
        siteId: EN,
        enabled: true,
        status: 'live',
        postDate: '2025-03-01T12:00:00+00:00',
      });
      expect(m.invalidations).toBe(before + 1);
      const second = await save({
        title: 'Second story',
        slug: 'second',
        summary: 'Two.',
        rating: 4.25,
        featured: true,
        postDate: '2025-02-01T08:00:00Z',
        related: [Number(first.id)],
        blocks: {
          blocks: [
            { text: { id: 'new1', text: '<p>Hello</p>' } },
            { quote: { id: 'new2', quote: 'Quoted', attribution: 'Ada' } },
          ],
          sortOrder: ['new1', 'new2'],
        },
      });
      expect(second).toMatchObject({
        slug: 'second',
        uri: 'news/second',
        rating: 4.3,
        featured: true,
        postDate: '2025-02-01T08:00:00+00:00',
        relatedArticles: [{ id: first.id, title: 'First story' }],
      });
      expect(second.contentBlocks).toEqual([
        {
          __typename: 'contentBlocks_text_BlockType',
          id: expect.any(String),
          text: '<p>Hello</p>',
        },
        {
          __typename: 'contentBlocks_quote_BlockType',
          id: expect.any(String),
          quote: 'Quoted',
          attribution: 'Ada',
        },
      ]);
      // A new entry is written in every site of its section.
      expect(await query(second.id, 'de')).toMatchObject({
        title: 'Second story',
        summary: 'Two.',
      });
    });

    it('updates in one site as Craft does: translatable values there, others everywhere', async () => {
      const entry = await save({ title: 'Bilingual', summary: 'English summary', rating: 1 });
      await save({
        id: entry.id,
        siteId: DE,
        title: 'Zweisprachig',
        slug: 'zweisprachig',
        summary: 'Deutsche Zusammenfassung',
        rating: 2,
        enabled: false,
      });
      expect(await query(entry.id, 'en')).toMatchObject({
        title: 'Bilingual',
        slug: 'bilingual',
        summary: 'English summary',
        rating: 2,
        enabled: true,
        enabledForSite: true,
      });
      expect(await query(entry.id, 'de')).toMatchObject({
        title: 'Zweisprachig',
        slug: 'zweisprachig',
        summary: 'Deutsche Zusammenfassung',
        rating: 2,
        enabled: true,
        enabledForSite: false,
      });
      // Without siteId: the primary site; `enabled` is the element's own.
      await save({ id: entry.id, title: 'Bilingual (updated)', enabled: false });
      expect(await query(entry.id, 'en')).toMatchObject({
        title: 'Bilingual (updated)',
        enabled: false,
      });
      expect((await query(entry.id, 'de'))!.title).toBe('Zweisprachig');
    });

    it('keeps, reorders, adds and deletes matrix blocks by sortOrder', async () => {
      const entry = await save({
        title: 'Blocks',
        blocks: {
          blocks: [
            { text: { id: 'new1', text: 'one' } },
            { text: { id: 'new2', text: 'two' } },
            { quote: { id: 'new3', quote: 'three' } },
          ],
        },
      });
      const [one, two, three] = entry.contentBlocks;
      const updated = await save({
        id: entry.id,
        blocks: {
          sortOrder: [three.id, 'new1', one.id],
          blocks: [
            { text: { id: 'new1', text: 'new one' } },
            { text: { id: one.id, text: 'one, edited' } },
          ],
        },
      });
      expect(updated.contentBlocks).toEqual([
        {
          __typename: 'contentBlocks_quote_BlockType',
          id: three.id,
          quote: 'three',
          attribution: null,
        },
        { __typename: 'contentBlocks_text_BlockType', id: expect.any(String), text: 'new one' },
        { __typename: 'contentBlocks_text_BlockType', id: one.id, text: 'one, edited' },
      ]);
      expect(updated.contentBlocks.map((block) => block.id)).not.toContain(two.id);
      expect(
        await errors(SAVE_ARTICLE, {
          id: entry.id,
          blocks: { blocks: [{ quote: { id: one.id, quote: 'wrong type' } }] },
        }),
      ).toEqual([`field "contentBlocks": block ${one.id} is a "text" block, not "quote"`]);
      expect(
        await errors(SAVE_ARTICLE, {
          id: entry.id,
          blocks: { sortOrder: ['new9'], blocks: [] },
        }),
      ).toEqual([
        'field "contentBlocks": sortOrder names "new9", which is neither a block of this field nor one of the given blocks',
      ]);
    });

    it('answers validation errors naming the fields, and writes nothing', async () => {
      const entries = await count('entry');
      const before = m.invalidations;
      expect(
        await errors(
          `mutation { save_news_link_Entry(title: "Link", website: "not a url", summary: "s") { id } }`,
        ),
      ).toEqual(['field "website": "not a url" is not a valid URL (http, https, mailto or tel)']);
      expect(
        await errors(
          `mutation { save_about_about_Entry(contactEmail: "nobody", eventDate: "2025-05-01") { id } }`,
        ),
      ).toEqual(['field "contactEmail": "nobody" is not a valid email address']);
      expect(await errors(SAVE_ARTICLE, { summary: 'No title' })).toEqual([
        'site en: title is required\nsite de: title is required',
      ]);
      expect(await errors(SAVE_ARTICLE, { title: 'Bad relation', related: [999999] })).toEqual([
        'field "relatedArticles": element 999999 does not exist',
      ]);
      expect(await count('entry')).toBe(entries);
      expect(m.invalidations).toBe(before);
    });

    it('refuses what the scope does not allow, and foreign or unknown entries', async () => {
      const page = await data<{ save_pages_page_Entry: { id: string } }>(
        `mutation { save_pages_page_Entry(title: "A page") { id } }`,
      );
      const pageId = page.save_pages_page_Entry.id;
      const article = await save({ title: 'Desk story' });
      // newsdesk creates articles but may not update them.
      const created = await data<{ save_news_article_Entry: { id: string; title: string } }>(
        `mutation { save_news_article_Entry(title: "From the desk") { id title } }`,
        {},
        { schema: 'newsdesk' },
      );
      expect(created.save_news_article_Entry.title).toBe('From the desk');
      expect(
        await errors(
          `mutation ($id: ID) { save_news_article_Entry(id: $id, title: "Edited") { id } }`,
          { id: article.id },
          { schema: 'newsdesk' },
        ),
      ).toEqual([PERMISSION_DENIED]);
      // It may delete pages, not news.
      expect(
        await errors(
          `mutation ($id: Int!) { deleteEntry(id: $id) }`,
          { id: Number(article.id) },
          {
            schema: 'newsdesk',
          },
        ),
      ).toEqual([PERMISSION_DENIED]);
      expect(
        await data(
          `mutation ($id: Int!) { deleteEntry(id: $id) }`,
          { id: Number(pageId) },
          {
            schema: 'newsdesk',
          },
        ),
      ).toEqual({ deleteEntry: true });
      // A mutation of another section cannot take over an entry.
      const other = await save({ title: 'Not a page' });
      expect(
        await errors(
          `mutation ($id: ID) { save_pages_page_Entry(id: $id, title: "Hijack") { id } }`,
          { id: other.id },
        ),
      ).toEqual(['Impossible to change the section of an existing entry']);
      expect(await errors(SAVE_ARTICLE, { id: '999999', title: 'Ghost' })).toEqual([
        'No such entry exists',
      ]);
      expect(await errors(SAVE_ARTICLE, { id: other.id, siteId: 99, title: 'Where' })).toEqual([
        'siteId 99 is not a site this schema can read',
      ]);
      // A read-only schema has no such field: outside devMode it is left out of the result.
      expect(
        await run(
          `mutation { save_news_article_Entry(title: "Nope") { id } }`,
          {},
          {
            schema: 'reader',
          },
        ),
      ).toEqual({ data: {} });
    });

    it('soft-deletes entries: gone from queries, found with trashed', async () => {
      const entry = await save({ title: 'Short-lived' });
      expect(
        await data(`mutation ($id: Int!) { deleteEntry(id: $id) }`, { id: Number(entry.id) }),
      ).toEqual({
        deleteEntry: true,
      });
      expect(await query(entry.id)).toBeNull();
      const trashed = await data<{ entries: { id: string; trashed: boolean }[] }>(
        `query ($id: [QueryArgument]) { entries(id: $id, trashed: true) { id trashed } }`,
        { id: [entry.id] },
      );
      expect(trashed.entries).toEqual([{ id: entry.id, trashed: true }]);
      expect(
        await data(`mutation ($id: Int!) { deleteEntry(id: $id) }`, { id: Number(entry.id) }),
      ).toEqual({
        deleteEntry: false,
      });
      expect(await errors(SAVE_ARTICLE, { id: entry.id, title: 'Back?' })).toEqual([
        'No such entry exists',
      ]);
    });

    it('places structure entries with Craft’s operations', async () => {
      const SAVE_PAGE = `mutation (
        $id: ID, $title: String, $prependTo: ID, $appendTo: ID, $prependToRoot: Boolean,
        $insertBefore: ID, $insertAfter: ID
      ) {
        save_pages_page_Entry(
          id: $id, title: $title, prependTo: $prependTo, appendTo: $appendTo,
          prependToRoot: $prependToRoot, insertBefore: $insertBefore, insertAfter: $insertAfter
        ) { id uri level parent { id } }
      }`;
      type Page = { id: string; uri: string; level: number; parent: { id: string } | null };
      const page = (variables: Record<string, unknown>) =>
        data<{ save_pages_page_Entry: Page }>(SAVE_PAGE, variables).then(
          (result) => result.save_pages_page_Entry,
        );
      const company = await page({ title: 'Company' });
      const team = await page({ title: 'Team', appendTo: company.id });
      expect(team).toMatchObject({ uri: 'company/team', level: 2, parent: { id: company.id } });
      const jobs = await page({ title: 'Jobs', prependTo: company.id });
      const press = await page({ title: 'Press', insertAfter: jobs.id });
      const children = await data<{ entry: { children: { title: string }[] } }>(
        `query ($id: [QueryArgument]) { entry(id: $id) { children { title } } }`,
        { id: [company.id] },
      );
      expect(children.entry.children.map((child) => child.title)).toEqual([
        'Jobs',
        'Press',
        'Team',
      ]);
      const moved = await page({ id: press.id, prependToRoot: true });
      expect(moved).toMatchObject({ uri: 'press', level: 1, parent: null });
      const top = await data<{ entries: { title: string }[] }>(
        `{ entries(section: "pages", level: 1) { title } }`,
      );
      expect(top.entries[0].title).toBe('Press');
      expect(await errors(SAVE_PAGE, { title: 'Lost', appendTo: '999999' })).toEqual([
        'Unable to move element in a structure',
      ]);
    });

    it('saves singles without an id', async () => {
      const about = await data<{ save_about_about_Entry: { title: string; contactEmail: string } }>(
        `mutation { save_about_about_Entry(title: "About us", contactEmail: "hello@example.com") {
          title contactEmail } }`,
      );
      expect(about.save_about_about_Entry).toEqual({
        title: 'About us',
        contactEmail: 'hello@example.com',
      });
      expect(await count('entry')).toBeGreaterThan(0);
    });

    it('never runs mutations for GET requests', async () => {
      const entries = await count('entry');
      expect(
        await errors(
          `mutation { save_news_article_Entry(title: "By link") { id } }`,
          {},
          {
            readOnly: true,
          },
        ),
      ).toEqual([MUTATION_NEEDS_POST]);
      expect(await count('entry')).toBe(entries);
      const result = await run('{ ping }', {}, { readOnly: true });
      expect(result).toEqual({ data: { ping: 'pong' } });
    });
  });
});
