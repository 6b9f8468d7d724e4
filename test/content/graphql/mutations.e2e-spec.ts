import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { type ContentDemoWorld, startContentDemo } from '../../support/content-demo-world';
import type { GraphqlClient } from '../../support/graphql-client';
import { PROJECT_ROOT } from '../../support/service-process';

/**
 * Craft-style mutations over real HTTP against the built service on PGlite, with the demo model
 * and content: which tokens see which mutations, what they write (read back with queries, and
 * through the public schema's cached results), what they refuse, and an asset upload whose file
 * is then served by the volume route.
 */

/** A schema for the "wrong section" cases: writes news, deletes pages, reads news only. */
const NEWSDESK = `
  - handle: newsdesk
    name: Newsdesk
    scope:
      - sections.news:read
      - sections.news:create
      - sections.news:save
      - sections.pages:delete
`;

interface Answer<T> {
  readonly data?: T;
  readonly errors?: readonly { message: string }[];
}

let world: ContentDemoWorld;
let editorial: GraphqlClient;
let partner: GraphqlClient;
let newsdesk: GraphqlClient;

async function post<T = Record<string, unknown>>(
  client: GraphqlClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Answer<T>> {
  const answer = await client.post<Answer<T>>({ query, variables });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The data of an answer that must have no errors. */
async function data<T = Record<string, unknown>>(
  client: GraphqlClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const body = await post<T>(client, query, variables);
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** The error messages of an answer that must fail. */
async function errors(
  client: GraphqlClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<string[]> {
  const body = await post(client, query, variables);
  expect(body.errors).toBeDefined();
  return body.errors!.map((error) => error.message);
}

async function mutationNames(client: GraphqlClient): Promise<string[]> {
  const result = await data<{ __type: { fields: { name: string }[] } }>(
    client,
    '{ __type(name: "Mutation") { fields { name } } }',
  );
  return result.__type.fields.map((field) => field.name).sort();
}

async function newsCount(): Promise<number> {
  const result = await data<{ entryCount: number }>(
    editorial,
    '{ entryCount(section: "news", status: null) }',
  );
  return result.entryCount;
}

async function idOf(client: GraphqlClient, section: string, slug: string): Promise<string> {
  const result = await data<{ entry: { id: string } | null }>(
    client,
    'query ($section: [String], $slug: [String]) { entry(section: $section, slug: $slug) { id } }',
    { section: [section], slug: [slug] },
  );
  expect(result.entry).not.toBeNull();
  return result.entry!.id;
}

beforeAll(async () => {
  const demoSchemas = readFileSync(
    join(PROJECT_ROOT, 'config', 'content', 'project', 'graphql.yaml'),
    'utf8',
  );
  world = await startContentDemo({ projectFiles: { 'graphql.yaml': demoSchemas + NEWSDESK } });
  editorial = await world.clientFor('editorial');
  partner = await world.clientFor('partner');
  newsdesk = await world.clientFor('newsdesk');
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

describe('which tokens see which mutations', () => {
  it('a token without save scopes sees only ping, and its mutation writes nothing', async () => {
    expect(await mutationNames(partner)).toEqual(['ping']);
    const before = await newsCount();
    // Outside devMode a field the schema lacks is left out, as Craft does.
    expect(
      await post(partner, 'mutation { save_news_article_Entry(title: "Sneaky") { id } }'),
    ).toEqual({ data: {} });
    expect(await data(partner, 'mutation { ping }')).toEqual({ ping: 'pong' });
    expect(await newsCount()).toBe(before);
  });

  it('editorial and newsdesk see the save and delete mutations of their scopes', async () => {
    expect(await mutationNames(editorial)).toEqual([
      'deleteAsset',
      'deleteCategory',
      'deleteEntry',
      'deleteTag',
      'ping',
      'save_about_about_Entry',
      'save_homepage_homepage_Entry',
      'save_images_Asset',
      'save_keywords_Tag',
      'save_news_article_Entry',
      'save_news_link_Entry',
      'save_pages_page_Entry',
      'save_siteInfo_GlobalSet',
      'save_topics_Category',
    ]);
    expect(await mutationNames(newsdesk)).toEqual([
      'deleteEntry',
      'ping',
      'save_news_article_Entry',
      'save_news_link_Entry',
    ]);
  });
});

describe('entries', () => {
  const SAVE_ARTICLE = `mutation SaveArticle(
    $id: ID, $uid: String, $title: String, $slug: String, $summary: String, $rating: Number,
    $related: [Int], $categories: [Int], $heroImage: [Int], $blocks: contentBlocks_MatrixInput
  ) {
    save_news_article_Entry(
      id: $id, uid: $uid, title: $title, slug: $slug, summary: $summary, rating: $rating,
      relatedArticles: $related, newsCategories: $categories, heroImage: $heroImage,
      contentBlocks: $blocks
    ) {
      id uid title slug url sectionHandle typeHandle
    }
  }`;
  type Saved = {
    save_news_article_Entry: {
      id: string;
      uid: string;
      title: string;
      slug: string;
      url: string;
      sectionHandle: string;
      typeHandle: string;
    };
  };

  it('creates an article with fields, relations and blocks; queries see it at once', async () => {
    // Cached by the public schema before the write, fresh after it.
    const LIST = '{ entries(section: "news", orderBy: "title") { title } }';
    const listed = (await data<{ entries: { title: string }[] }>(world.gql, LIST)).entries;
    const related = await idOf(editorial, 'news', 'graphql-for-content-teams');
    const topic = await data<{ categories: { id: string }[] }>(
      editorial,
      '{ categories(group: "topics", limit: 1) { id } }',
    );
    const created = await data<Saved>(editorial, SAVE_ARTICLE, {
      title: 'Mutations are here',
      summary: 'Content goes in through GraphQL.',
      rating: 4.5,
      related: [Number(related)],
      categories: [Number(topic.categories[0].id)],
      blocks: {
        sortOrder: ['new1', 'new2'],
        blocks: [
          { text: { id: 'new1', text: '<p>First block</p>' } },
          { quote: { id: 'new2', quote: 'Write once.', attribution: 'The desk' } },
        ],
      },
    });
    expect(created.save_news_article_Entry).toMatchObject({
      title: 'Mutations are here',
      slug: 'mutations-are-here',
      url: 'http://localhost:8080/news/mutations-are-here',
      sectionHandle: 'news',
      typeHandle: 'article',
    });

    const read = await data<{ entry: Record<string, unknown> }>(
      world.gql,
      `{ entry(section: "news", slug: "mutations-are-here") {
        title
        ... on news_article_Entry {
          summary rating
          relatedArticles { id }
          newsCategories { id }
          contentBlocks {
            ... on contentBlocks_text_BlockType { text }
            ... on contentBlocks_quote_BlockType { quote attribution }
          }
        }
      } }`,
    );
    expect(read.entry).toEqual({
      title: 'Mutations are here',
      summary: 'Content goes in through GraphQL.',
      rating: 4.5,
      relatedArticles: [{ id: related }],
      newsCategories: [{ id: topic.categories[0].id }],
      contentBlocks: [
        { text: '<p>First block</p>' },
        { quote: 'Write once.', attribution: 'The desk' },
      ],
    });
    const relisted = (await data<{ entries: { title: string }[] }>(world.gql, LIST)).entries;
    expect(relisted).toHaveLength(listed.length + 1);
    expect(relisted.map((entry) => entry.title)).toContain('Mutations are here');
  });

  it('updates by id and by uid, keeping what is not given', async () => {
    const created = await data<Saved>(editorial, SAVE_ARTICLE, {
      title: 'Draft headline',
      summary: 'Kept.',
    });
    const { id, uid } = created.save_news_article_Entry;
    await data(editorial, SAVE_ARTICLE, { id, title: 'Final headline' });
    const byUid = await data<Saved>(editorial, SAVE_ARTICLE, { uid, slug: 'final' });
    expect(byUid.save_news_article_Entry).toMatchObject({
      id,
      title: 'Final headline',
      slug: 'final',
    });
    const read = await data<{ entry: { title: string; summary: string } }>(
      world.gql,
      `query ($id: [QueryArgument]) {
        entry(id: $id) { title ... on news_article_Entry { summary } }
      }`,
      { id: [id] },
    );
    expect(read.entry).toEqual({ title: 'Final headline', summary: 'Kept.' });
  });

  it('places pages in the structure', async () => {
    const about = await idOf(editorial, 'pages', 'about-us');
    const saved = await data<{ save_pages_page_Entry: { uri: string; level: number } }>(
      editorial,
      `mutation ($parent: ID) {
        save_pages_page_Entry(title: "Careers", prependTo: $parent) { uri level }
      }`,
      { parent: about },
    );
    expect(saved.save_pages_page_Entry).toEqual({ uri: 'about-us/careers', level: 2 });
    const children = await data<{ entry: { children: { title: string }[] } }>(
      world.gql,
      `query ($id: [QueryArgument]) { entry(id: $id) { children { title } } }`,
      { id: [about] },
    );
    expect(children.entry.children[0].title).toBe('Careers');
  });

  it('answers validation errors naming the field, and writes nothing', async () => {
    const before = await newsCount();
    expect(
      await errors(
        editorial,
        'mutation { save_news_link_Entry(title: "Broken", website: "not a url") { id } }',
      ),
    ).toEqual(['field "website": "not a url" is not a valid URL (http, https, mailto or tel)']);
    expect(await errors(editorial, SAVE_ARTICLE, { title: 'Too many', heroImage: [1, 2] })).toEqual(
      ['field "heroImage": at most 1 related element allowed, got 2'],
    );
    expect(await errors(editorial, SAVE_ARTICLE, { summary: 'No title' })).toEqual([
      'site en: title is required\nsite de: title is required',
    ]);
    expect(await newsCount()).toBe(before);
  });

  it('refuses actions outside the scope and entries of another section', async () => {
    const page = await idOf(editorial, 'pages', 'about-us');
    const article = await idOf(editorial, 'news', 'graphql-for-content-teams');
    expect(
      await errors(
        newsdesk,
        'mutation ($id: ID) { save_news_article_Entry(id: $id, title: "Mine now") { id } }',
        { id: page },
      ),
    ).toEqual(['Impossible to change the section of an existing entry']);
    expect(
      await errors(newsdesk, 'mutation ($id: Int!) { deleteEntry(id: $id) }', {
        id: Number(article),
      }),
    ).toEqual(['Unable to perform the action.']);
    expect(await idOf(editorial, 'news', 'graphql-for-content-teams')).toBe(article);
  });

  it('soft-deletes an entry', async () => {
    const created = await data<Saved>(editorial, SAVE_ARTICLE, { title: 'Gone soon' });
    const id = Number(created.save_news_article_Entry.id);
    expect(await data(editorial, 'mutation ($id: Int!) { deleteEntry(id: $id) }', { id })).toEqual({
      deleteEntry: true,
    });
    const gone = await data(world.gql, 'query ($id: [QueryArgument]) { entry(id: $id) { id } }', {
      id: [String(id)],
    });
    expect(gone).toEqual({ entry: null });
    const trashed = await data(
      editorial,
      'query ($id: [QueryArgument]) { entry(id: $id, trashed: true) { id trashed } }',
      { id: [String(id)] },
    );
    expect(trashed).toEqual({ entry: { id: String(id), trashed: true } });
  });

  it('never runs a mutation sent with GET', async () => {
    const before = await newsCount();
    const answer = await editorial.get<Answer<unknown>>({
      query: 'mutation { save_news_article_Entry(title: "By link") { id } }',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      errors: [{ message: 'Can only perform a mutation operation from a POST request.' }],
    });
    expect(await newsCount()).toBe(before);
  });
});

describe('assets, categories, tags and global sets', () => {
  it('uploads an image that the volume route then serves', async () => {
    const image = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#2a6' },
    })
      .png()
      .toBuffer();
    const saved = await data<{
      save_images_Asset: {
        id: string;
        url: string;
        filename: string;
        width: number;
        height: number;
      };
    }>(
      editorial,
      `mutation ($file: FileInput) {
        save_images_Asset(_file: $file, newFolderPath: "uploads", title: "Green square") {
          id url filename width height
        }
      }`,
      {
        file: {
          fileData: `data:image/png;base64,${image.toString('base64')}`,
          filename: 'square.png',
        },
      },
    );
    expect(saved.save_images_Asset).toMatchObject({
      filename: 'square.png',
      width: 64,
      height: 48,
    });
    const url = saved.save_images_Asset.url;
    expect(url).toBe('/volumes/images/uploads/square.png');
    const served = await fetch(`${world.service.httpUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);

    // The public schema finds it, and an article can use it as its hero image.
    const found = await data<{ asset: { title: string } }>(
      world.gql,
      'query ($id: [QueryArgument]) { asset(id: $id) { title } }',
      { id: [saved.save_images_Asset.id] },
    );
    expect(found.asset.title).toBe('Green square');
    const article = await data<{ save_news_article_Entry: { heroImage: { url: string }[] } }>(
      editorial,
      `mutation ($image: [Int]) {
        save_news_article_Entry(title: "With a hero", heroImage: $image) {
          heroImage { url }
        }
      }`,
      { image: [Number(saved.save_images_Asset.id)] },
    );
    expect(article.save_news_article_Entry.heroImage).toEqual([{ url }]);
  });

  it('takes uploads beyond the 1 MiB body limit of the other APIs', async () => {
    // Noise does not compress: about 1.5 MB of PNG, 2 MB as base64.
    const noisy = await sharp({
      create: {
        width: 700,
        height: 700,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    const saved = await data<{ save_images_Asset: { size: string; width: number } }>(
      editorial,
      `mutation ($file: FileInput) { save_images_Asset(_file: $file) { size width } }`,
      {
        file: {
          fileData: `data:image/png;base64,${noisy.toString('base64')}`,
          filename: 'noise.png',
        },
      },
    );
    expect(saved.save_images_Asset).toEqual({ size: String(noisy.length), width: 700 });
  });

  it('saves categories, tags and the global set', async () => {
    const category = await data<{ save_topics_Category: { uri: string } }>(
      editorial,
      'mutation { save_topics_Category(title: "Mutations", summary: "Writing content") { uri } }',
    );
    expect(category.save_topics_Category.uri).toBe('topics/mutations');
    const tag = await data<{ save_keywords_Tag: { id: string; title: string } }>(
      editorial,
      'mutation { save_keywords_Tag(title: "write-api") { id title } }',
    );
    expect(tag.save_keywords_Tag.title).toBe('write-api');
    expect(
      await data(editorial, 'mutation ($id: Int!) { deleteTag(id: $id) }', {
        id: Number(tag.save_keywords_Tag.id),
      }),
    ).toEqual({ deleteTag: true });
    await data(
      editorial,
      'mutation { save_siteInfo_GlobalSet(copyright: "© Mutated") { handle } }',
    );
    const info = await data(
      world.gql,
      '{ globalSet(handle: "siteInfo") { ... on siteInfo_GlobalSet { copyright } } }',
    );
    expect(info).toEqual({ globalSet: { copyright: '© Mutated' } });
  });
});
