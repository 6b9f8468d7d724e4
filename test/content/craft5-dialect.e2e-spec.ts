import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { ContentDemoWorld, startContentDemo } from '../support/content-demo-world';
import { introspectServedSchema } from '../support/content-introspection';
import { GraphqlClient } from '../support/graphql-client';
import { PROJECT_ROOT } from '../support/service-process';

/**
 * GRAPHQL_CRAFT_VERSION=5 (docs/content-graphql.md, "Craft 4 → 5"): one service on PGlite serving
 * the demo project plus a `press` section whose entry types share their handles with news's
 * (`article`, `link`), so Craft 5's rename rule shows. The Craft 4 dialect of the same project is
 * held by schema-sdl.e2e-spec.ts and the other content suites (the default).
 *
 * The served schemas are introspected over HTTP and checked with graphql-js's buildClientSchema
 * and assertValidSchema; the public one (demo sections only) is compared with a fixture:
 * regenerate with `UPDATE_SDL_FIXTURES=1` after a deliberate change and review the diff.
 */

const FIXTURES = join(__dirname, 'fixtures', 'sdl');
const UPDATE = process.env.UPDATE_SDL_FIXTURES === '1';

const project = (name: string) =>
  readFileSync(join(PROJECT_ROOT, 'config', 'content', 'project', name), 'utf8');

const PRESS_SECTION = `
  - handle: press
    name: Press
    type: channel
    uriFormat: press/{slug}
    entryTypes:
      - handle: article
        name: Press article
        fields: [summary, heroImage, relatedArticles, pressLinks]
      - handle: link
        name: Press link
        fields: [website]
`;

const PRESS_LINKS_FIELD = `
  - handle: pressLinks
    name: Press links
    type: entries
    sources: [news]
    translatable: true
`;

const PRESS_SEED = {
  '70-e2e-press.yaml': `
entries:
  - section: press
    type: article
    slug: press-hero
    title: Press hero
    author: alice
    postDate: 2024-05-01T09:00:00Z
    fields:
      summary: A press article with relations.
      heroImage: [images/harbour-at-dusk.jpg]
      relatedArticles: [news/welcome-to-the-demo]
      pressLinks: [news/welcome-to-the-demo]
    sites:
      de:
        fields:
          pressLinks: [news/graphql-for-content-teams]
  - section: press
    type: link
    slug: press-link
    title: Press link
    author: bob
    postDate: 2024-05-02T09:00:00Z
    fields:
      website: https://example.com/press
`,
};

/** Craft 5.9's directive switches: this schema lists `directive:transform` only. */
const TRANSFORM_ONLY_SCHEMA = `
  - handle: transformOnly
    name: Transform only
    scope:
      - sections.news:read
      - volumes.images:read
      - directive:transform
`;

type Data = Record<string, unknown>;

let world: ContentDemoWorld;
let admin: GraphqlClient;

async function data(client: GraphqlClient, query: string, variables?: Data): Promise<Data> {
  const answer = await client.post<{ data?: Data; errors?: unknown }>({ query, variables });
  expect(answer.status).toBe(200);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data ?? {};
}

async function expectSdl(name: string, client: GraphqlClient): Promise<void> {
  // Throws unless buildClientSchema and assertValidSchema accept the introspection.
  const schema = await introspectServedSchema(client);
  const sdl = `${printSchema(lexicographicSortSchema(schema))}\n`;
  const file = join(FIXTURES, `${name}.graphql`);
  if (UPDATE) {
    mkdirSync(FIXTURES, { recursive: true });
    writeFileSync(file, sdl);
  }
  expect(sdl).toBe(readFileSync(file, 'utf8'));
}

beforeAll(async () => {
  world = await startContentDemo({
    env: { GRAPHQL_CRAFT_VERSION: '5' },
    projectFiles: {
      'sections.yaml': project('sections.yaml') + PRESS_SECTION,
      'fields.yaml': project('fields.yaml') + PRESS_LINKS_FIELD,
      'graphql.yaml': project('graphql.yaml') + TRANSFORM_ONLY_SCHEMA,
    },
    seedFiles: PRESS_SEED,
  });
  admin = world.fullSchemaClient();
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

describe('served schemas in the Craft 5 dialect', () => {
  it('the public schema passes graphql’s validation and matches its fixture', async () => {
    await expectSdl('public-craft5', world.gql);
  });

  it.each(['editorial', 'partner'])('the %s schema passes graphql’s validation', async (name) => {
    await introspectServedSchema(await world.clientFor(name));
  });

  it('the full schema passes graphql’s validation', async () => {
    await introspectServedSchema(admin);
  });
});

describe('entry type names', () => {
  it('drop the section; a handle already taken becomes <section>_<handle>', async () => {
    const { entries } = await data(
      admin,
      `{ entries(section: ["news", "press"], orderBy: "id", limit: 100) { __typename sectionHandle typeHandle } }`,
    );
    const seen = new Set(
      (entries as { __typename: string; sectionHandle: string; typeHandle: string }[]).map(
        (e) => `${e.sectionHandle}.${e.typeHandle}=${e.__typename}`,
      ),
    );
    expect([...seen].sort()).toEqual([
      'news.article=article_Entry',
      'news.link=link_Entry',
      'press.article=press_article_Entry',
      'press.link=press_link_Entry',
    ]);
  });

  it('select custom fields through fragments on the Craft 5 names', async () => {
    const result = await data(
      admin,
      `{ pressEntries { __typename ... on press_article_Entry { summary } ... on press_link_Entry { website } } }`,
    );
    expect(result.pressEntries).toEqual(
      expect.arrayContaining([
        { __typename: 'press_article_Entry', summary: 'A press article with relations.' },
        { __typename: 'press_link_Entry', website: 'https://example.com/press' },
      ]),
    );
  });

  it('keep the section in mutation names, which return the Craft 5 type', async () => {
    const { __schema } = await data(admin, '{ __schema { mutationType { fields { name } } } }');
    const names = (__schema as { mutationType: { fields: { name: string }[] } }).mutationType.fields
      .map((field) => field.name)
      .filter((name) => name.endsWith('_Entry'))
      .sort();
    expect(names).toEqual([
      'save_about_about_Entry',
      'save_homepage_homepage_Entry',
      'save_news_article_Entry',
      'save_news_link_Entry',
      'save_pages_page_Entry',
      'save_press_press_article_Entry',
      'save_press_press_link_Entry',
    ]);
    const saved = await data(
      admin,
      `mutation { save_press_press_link_Entry(title: "Saved in Craft 5", website: "https://example.com/saved") { __typename title } }`,
    );
    expect(saved).toEqual({
      save_press_press_link_Entry: { __typename: 'press_link_Entry', title: 'Saved in Craft 5' },
    });
  });
});

describe('Craft 5 arguments', () => {
  const slugs = async (query: string): Promise<string[]> => {
    const result = await data(admin, query);
    const list = Object.values(result)[0] as { slug?: string; filename?: string }[];
    return list.map((item) => item.slug ?? item.filename ?? '').sort();
  };
  const idOf = async (section: string, slug: string): Promise<string> => {
    const { entry } = await data(admin, `{ entry(section: "${section}", slug: "${slug}") { id } }`);
    return (entry as { id: string }).id;
  };

  it('notRelatedTo leaves out entries and assets related to the ids', async () => {
    const welcome = await idOf('news', 'welcome-to-the-demo');
    const hero = await idOf('press', 'press-hero');
    const press = await slugs('{ entries(section: "press") { slug } }');
    expect(press).toContain('press-hero');
    expect(
      await slugs(`{ entries(section: "press", notRelatedTo: [${welcome}]) { slug } }`),
    ).toEqual(press.filter((slug) => slug !== 'press-hero'));
    const images = await slugs('{ assets(volume: "images") { filename } }');
    expect(images).toContain('harbour-at-dusk.jpg');
    expect(
      await slugs(`{ assets(volume: "images", notRelatedTo: [${hero}]) { filename } }`),
    ).toEqual(images.filter((name) => name !== 'harbour-at-dusk.jpg'));
  });

  it('relatedViaField narrows a relatedTo<Kind> input to relations of those fields', async () => {
    const viaHero = (fields: string) =>
      slugs(
        `{ entries(section: "press", relatedToAssets: [{ filename: "harbour-at-dusk.jpg"${fields} }]) { slug } }`,
      );
    expect(await viaHero('')).toEqual(['press-hero']);
    expect(await viaHero(', relatedViaField: ["heroImage"]')).toEqual(['press-hero']);
    expect(await viaHero(', relatedViaField: ["relatedArticles"]')).toEqual([]);
    expect(await viaHero(', relatedViaField: ["noSuchField"]')).toEqual([]);
  });

  it('relatedViaSite narrows to relations made in those sites (or in every site)', async () => {
    const via = (site: string, target: string, narrowing: string) =>
      slugs(
        `{ entries(site: "${site}", section: "press", relatedToEntries: [{ section: "news", slug: "${target}"${narrowing} }]) { slug } }`,
      );
    // pressLinks is translatable: welcome in en, graphql-for-content-teams in de.
    const links = ', relatedViaField: ["pressLinks"]';
    expect(await via('en', 'welcome-to-the-demo', `${links}, relatedViaSite: ["en"]`)).toEqual([
      'press-hero',
    ]);
    expect(await via('en', 'welcome-to-the-demo', `${links}, relatedViaSite: ["de"]`)).toEqual([]);
    expect(
      await via('de', 'graphql-for-content-teams', `${links}, relatedViaSite: ["de"]`),
    ).toEqual(['press-hero']);
    expect(
      await via('de', 'graphql-for-content-teams', `${links}, relatedViaSite: ["en"]`),
    ).toEqual([]);
    // relatedArticles is not translatable: its relation holds whichever site is named.
    expect(
      await via(
        'en',
        'welcome-to-the-demo',
        ', relatedViaField: ["relatedArticles"], relatedViaSite: ["de"]',
      ),
    ).toEqual(['press-hero']);
  });
});

describe('per-schema @transform and @parseRefs (Craft 5.9)', () => {
  it('a schema listing directive:transform only has @transform and not @parseRefs', async () => {
    const client = await world.clientFor('transformOnly');
    const refused = await client.post<{ data?: Data; errors?: { message: string }[] }>({
      query: '{ entries(section: "news", limit: 1) { title @parseRefs } }',
    });
    expect(refused.status).toBe(200);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors?.map((error) => error.message)).toEqual([
      'Unknown directive "@parseRefs".',
    ]);
    const { assets } = await data(
      client,
      '{ assets(filename: "harbour-at-dusk.jpg") { width @transform(width: 120) file: width } }',
    );
    expect(assets).toEqual([{ width: 120, file: 640 }]);
  });

  it('schemas listing no directive component keep both', async () => {
    const query = `{ entries(section: "news", limit: 1) { title @parseRefs }
      assets(filename: "harbour-at-dusk.jpg") { width @transform(width: 120) } }`;
    expect(await data(world.gql, query)).toMatchObject({ assets: [{ width: 120 }] });
    expect(await data(admin, query)).toMatchObject({ assets: [{ width: 120 }] });
  });
});
