import {
  CONTENT_BOOT_TIMEOUT_MS,
  ContentQueriesWorld,
  DATABASE_KINDS,
  startContentQueries,
} from '../../support/content-queries-world';

/**
 * No N+1 (issue 7): a list query with relations costs the same, small number of store queries
 * whether it lists 5 entries or 100. The demo content is loaded with a generated seed file of
 * 100 more articles, each with relations in every relation field, matrix blocks and an author;
 * `content.store.queries` (the debug listener's /stats) counts every query the store sends.
 */

const BULK = 100;
const AUTHORS = ['alice', 'bob'];
const IMAGES = ['images/harbour-at-dusk.jpg', 'images/mountain-lake.jpg'];
const CATEGORIES = ['topics/ai', 'topics/web', 'topics/culture'];
const TAGS = ['keywords/graphql', 'keywords/headless', 'keywords/typescript'];

const pad = (n: number) => String(n).padStart(3, '0');

/** 100 live articles, `bulk-001` (the newest) to `bulk-100`, in the seed file format. */
function bulkArticles(): string {
  const lines = ['entries:'];
  for (let n = 1; n <= BULK; n++) {
    // Older than every demo article, one minute apart: bulk-001 is the newest of them.
    const postDate = new Date(Date.UTC(2023, 0, 1) - n * 60_000).toISOString();
    lines.push(
      '  - section: news',
      '    type: article',
      `    slug: bulk-${pad(n)}`,
      `    title: Bulk article ${pad(n)}`,
      `    author: ${AUTHORS[n % 2]}`,
      `    postDate: ${postDate}`,
      '    fields:',
      `      summary: Generated article number ${n}.`,
      `      heroImage: [${IMAGES[n % 2]}]`,
      `      newsCategories: [${CATEGORIES[n % 3]}]`,
      `      keywords: [${TAGS[n % 3]}, keywords/craft-cms]`,
      '      relatedArticles: [news/welcome-to-the-demo]',
      `      reviewers: [${AUTHORS[(n + 1) % 2]}]`,
      `      rating: ${n % 5}`,
      '      contentBlocks:',
      '        - type: quote',
      `          fields: { quote: Quote ${n}, attribution: Generator }`,
      '        - type: image',
      `          fields: { image: [${IMAGES[(n + 1) % 2]}] }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The entry list with three relation fields (issue 7's measure). */
const THREE_RELATIONS = `query Bulk($limit: Int) {
  entries(section: "news", slug: "bulk-*", limit: $limit) {
    title
    ... on news_article_Entry {
      heroImage { url }
      newsCategories { title }
      keywords { title }
    }
  }
}`;

/** Every batched read at once: authors and their photos, relations of relations, blocks. */
const EVERYTHING = `query Bulk($limit: Int) {
  entries(section: "news", slug: "bulk-*", limit: $limit) {
    title
    author { username photo { title } }
    ... on news_article_Entry {
      heroImage { url width height }
      newsCategories { title parent { title } }
      keywords { title }
      keywordCount: _count(field: "keywords")
      relatedArticles { title }
      reviewers { username }
      contentBlocks {
        ... on contentBlocks_quote_BlockType { quote }
        ... on contentBlocks_image_BlockType { image { title } }
      }
    }
  }
}`;

interface BulkEntry {
  title: string;
  author?: { username: string; photo: { title: string } | null };
  heroImage: { url: string }[];
  newsCategories: { title: string; parent?: { title: string } | null }[];
  keywords: { title: string }[];
  keywordCount?: number;
  relatedArticles?: { title: string }[];
  reviewers?: { username: string }[];
  contentBlocks?: Record<string, unknown>[];
}

const CATEGORY_TITLES: Record<string, string> = {
  'topics/ai': 'Artificial intelligence',
  'topics/web': 'Web',
  'topics/culture': 'Culture',
};
const TAG_TITLES: Record<string, string> = {
  'keywords/graphql': 'GraphQL',
  'keywords/headless': 'Headless',
  'keywords/typescript': 'TypeScript',
};
const IMAGE_TITLES: Record<string, string> = {
  'images/harbour-at-dusk.jpg': 'Harbour at dusk',
  'images/mountain-lake.jpg': 'Mountain lake',
};

describe.each(DATABASE_KINDS)('content GraphQL store queries per list (%s)', (kind) => {
  let world: ContentQueriesWorld;

  // The boot seeds 100 more articles (with their blocks): allow it twice the usual time.
  beforeAll(async () => {
    world = await startContentQueries(kind, {
      extraSeedFiles: { '70-bulk.yaml': bulkArticles() },
      readyTimeoutMs: CONTENT_BOOT_TIMEOUT_MS * 1.5,
    });
  }, CONTENT_BOOT_TIMEOUT_MS * 2);
  afterAll(async () => {
    await world?.stop();
  });

  /** The list of `limit` entries and the store queries it cost. */
  async function measure(query: string, limit: number, token: 'public' | 'editorial') {
    const client = token === 'public' ? world.publicClient : world.editorial;
    const before = await world.storeQueries();
    const { entries } = await world.data<{ entries: BulkEntry[] }>(client, query, { limit });
    const queries = (await world.storeQueries()) - before;
    return { entries, queries };
  }

  it('three relation fields: one query for the list and one per relation field, for 5 or 100', async () => {
    const five = await measure(THREE_RELATIONS, 5, 'public');
    const hundred = await measure(THREE_RELATIONS, BULK, 'public');
    expect(five.entries).toHaveLength(5);
    expect(hundred.entries).toHaveLength(BULK);
    expect(five.queries).toBe(4);
    expect(hundred.queries).toBe(4);
    // The data is right for every entry, not just cheap.
    hundred.entries.forEach((entry, index) => {
      const n = index + 1;
      expect(entry).toEqual({
        title: `Bulk article ${pad(n)}`,
        heroImage: [{ url: `/volumes/${IMAGES[n % 2]}` }],
        newsCategories: [{ title: CATEGORY_TITLES[CATEGORIES[n % 3]] }],
        keywords: [{ title: TAG_TITLES[TAGS[n % 3]] }, { title: 'Craft CMS' }],
      });
    });
  });

  it('authors, photos, nested relations, counts and matrix blocks: the same count for 5 or 100', async () => {
    const five = await measure(EVERYTHING, 5, 'editorial');
    const hundred = await measure(EVERYTHING, BULK, 'editorial');
    expect(hundred.entries).toHaveLength(BULK);
    // list, author, photo, heroImage, newsCategories, their parents, keywords (the count shares
    // its batch), relatedArticles, reviewers, blocks, the blocks' images.
    expect(five.queries).toBe(11);
    expect(hundred.queries).toBe(five.queries);
    hundred.entries.forEach((entry, index) => {
      const n = index + 1;
      const author = AUTHORS[n % 2];
      const category = CATEGORIES[n % 3];
      expect(entry).toEqual({
        title: `Bulk article ${pad(n)}`,
        author: {
          username: author,
          photo: author === 'alice' ? { title: 'Editor portrait' } : null,
        },
        heroImage: [
          {
            url: `/volumes/${IMAGES[n % 2]}`,
            width: IMAGES[n % 2].includes('harbour') ? 640 : 800,
            height: IMAGES[n % 2].includes('harbour') ? 480 : 450,
          },
        ],
        newsCategories: [
          {
            title: CATEGORY_TITLES[category],
            parent: category === 'topics/culture' ? null : { title: 'Technology' },
          },
        ],
        keywords: [{ title: TAG_TITLES[TAGS[n % 3]] }, { title: 'Craft CMS' }],
        keywordCount: 2,
        relatedArticles: [{ title: 'Welcome to the demo' }],
        reviewers: [{ username: AUTHORS[(n + 1) % 2] }],
        contentBlocks: [
          { quote: `Quote ${n}` },
          { image: [{ title: IMAGE_TITLES[IMAGES[(n + 1) % 2]] }] },
        ],
      });
    });
  });

  it('counts and the per-section field cost one query whatever they match', async () => {
    const before = await world.storeQueries();
    const counted = await world.data<{ bulk: number; all: number; news: unknown[] }>(
      world.publicClient,
      `{
        bulk: entryCount(section: "news", slug: "bulk-*")
        all: entryCount
        news: newsEntries(slug: "bulk-*") { ... on news_article_Entry { title } }
      }`,
    );
    expect(counted.bulk).toBe(BULK);
    expect(counted.all).toBe(13 + BULK);
    expect(counted.news).toHaveLength(BULK);
    expect((await world.storeQueries()) - before).toBe(3);
  });
});
