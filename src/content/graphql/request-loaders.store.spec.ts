import { sql } from 'drizzle-orm';
import { graphql } from 'graphql';
import { ManualClock } from '../../infra/clock/clock';
import { Database } from '../../infra/database/database';
import type { DrizzleExecutor } from '../../infra/database/database.types';
import { MIGRATIONS } from '../../infra/database/migrations';
import { runMigrations } from '../../infra/database/migrations/migration-runner';
import { freshPostgresDatabase } from '../../infra/database/postgres.fixtures';
import { StatsRegistry } from '../../infra/stats/registry';
import type { Field, Volume } from '../model/content-model';
import { ContentModelIndex } from '../model/content-model.index';
import type { ElementRecord } from '../store/element-record';
import {
  E,
  FIELD,
  fixtureModel,
  type FixtureUsers,
  GLOBAL_SET,
  GROUP,
  insertFixture,
  NOW,
  SECTION,
  SITE,
  StaticModelSource,
  VOLUME,
} from '../store/read/elements.fixtures';
import { ElementsRepository, STORE_QUERIES_STAT } from '../store/read/elements.repository';
import { AssetFiles } from '../transforms/asset-files';
import type { TransformedImage } from '../transforms/asset-files';
import { createReferenceResolver } from './reference-resolver';
import { RequestLoaders } from './request-loaders';
import { loaderTestSchema } from './request-loaders.test-schema.fixtures';
import { ScopeGrants } from './scope-grants';

/**
 * The request loaders against the real element store (ElementsRepository over PostgreSQL, the
 * store's own fixture plus 60 bulk articles): results come from real SQL, and the number of SQL
 * queries of a list query is counted with the store's statistic.
 */

const BULK = 60;
const FIRST_BULK = 1000;

function copyright(): Field {
  const summary = fixtureModel().fields.handle('summary')!;
  return { ...summary, id: 96, uid: 'field-copyright', handle: 'copyright', name: 'Copyright' };
}

/** The store fixture's model, plus the containers its rows use (volumes, groups, global sets). */
function model(): ContentModelIndex {
  const base = fixtureModel().model;
  const volume: Volume = {
    id: VOLUME.images,
    uid: 'volume-images',
    handle: 'images',
    name: 'Images',
    path: '/tmp/images',
    baseUrl: '/volumes/images',
    fields: [],
  };
  return new ContentModelIndex({
    ...base,
    volumes: [volume],
    categoryGroups: [
      {
        id: GROUP.topics,
        uid: 'group-topics',
        handle: 'topics',
        name: 'Topics',
        maxLevels: null,
        siteSettings: [],
        fields: [],
      },
    ],
    tagGroups: [
      {
        id: GROUP.keywords,
        uid: 'group-keywords',
        handle: 'keywords',
        name: 'Keywords',
        fields: [],
      },
    ],
    globalSets: [
      {
        id: GLOBAL_SET.siteInfo,
        uid: 'set-site-info',
        handle: 'siteInfo',
        name: 'Site info',
        fields: [copyright()],
      },
    ],
  });
}

class UrlOnlyAssetFiles extends AssetFiles {
  url(asset: ElementRecord, volume: Volume): string {
    return `${volume.baseUrl}/${asset.asset?.folderPath ?? ''}${asset.asset?.filename ?? ''}`;
  }

  transform(): Promise<TransformedImage | null> {
    return Promise.resolve(null);
  }

  srcset(): Promise<string | null> {
    return Promise.resolve(null);
  }
}

async function insertBulkArticles(db: DrizzleExecutor, users: FixtureUsers): Promise<void> {
  const last = FIRST_BULK + BULK - 1;
  await db.execute(sql`INSERT INTO content_elements
      (id, uid, kind, container_id, type_id, author_id, post_date, date_created, date_updated)
    SELECT g, 'uid-bulk-' || g, 'entry', ${SECTION.news}, 20,
      CASE WHEN g % 2 = 0 THEN ${users.alice}::bigint ELSE ${users.bob}::bigint END,
      '2024-04-01T00:00:00Z'::timestamptz + (g - ${FIRST_BULK}) * interval '1 minute', now(), now()
    FROM generate_series(${FIRST_BULK}::int, ${last}::int) AS g`);
  await db.execute(sql`INSERT INTO content_element_sites (element_id, site_id, title, slug, uri, fields, search_text)
    SELECT g, ${SITE.en}, 'Bulk ' || g, 'bulk-' || g, 'news/bulk-' || g, '{}'::jsonb, 'bulk'
    FROM generate_series(${FIRST_BULK}::int, ${last}::int) AS g`);
  const relations: [number, number][] = [
    [FIELD.newsCategories, E.ai],
    [FIELD.newsCategories, E.web],
    [FIELD.relatedArticles, E.hello],
    [FIELD.heroImage, E.hero],
  ];
  for (const [fieldId, target] of relations) {
    await db.execute(sql`INSERT INTO content_relations (field_id, source_id, source_site_id, target_id, sort_order, source_post_date)
      SELECT ${fieldId}, g, NULL, ${target}, ${target}, (SELECT post_date FROM content_elements WHERE id = g)
      FROM generate_series(${FIRST_BULK}::int, ${last}::int) AS g`);
  }
}

const EVERYTHING = [
  'sections.*:read',
  'volumes.*:read',
  'categorygroups.*:read',
  'taggroups.*:read',
  'globalsets.*:read',
  'usergroups.everyone:read',
];

describe('RequestLoaders over the real element store (PostgreSQL)', () => {
  const index = model();
  const grants = new ScopeGrants(
    {
      id: 1,
      uid: 'schema-all',
      handle: 'all',
      name: 'All',
      isPublic: false,
      scope: EVERYTHING,
      enabled: true,
      expiryDate: null,
    },
    index,
  );
  const fields = {
    heroImage: index.fields.id(FIELD.heroImage)!,
    newsCategories: index.fields.id(FIELD.newsCategories)!,
    relatedArticles: index.fields.id(FIELD.relatedArticles)!,
    contentBlocks: index.fields.id(FIELD.contentBlocks)!,
  };
  const schema = loaderTestSchema(fields);
  let drop: () => Promise<void>;
  let store: ElementsRepository;
  let stats: StatsRegistry;
  let users: FixtureUsers;

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    await runMigrations(fresh.db, MIGRATIONS);
    users = await insertFixture(fresh.db);
    await insertBulkArticles(fresh.db, users);
    stats = new StatsRegistry();
    store = new ElementsRepository(
      new Database(fresh.db),
      new ManualClock(NOW.getTime()),
      new StaticModelSource(index),
      stats,
    );
  });

  afterAll(async () => {
    await drop();
  });

  const queries = () => stats.counter(STORE_QUERIES_STAT).value;
  const loaders = () => new RequestLoaders({ model: index, grants, reader: store, maxResults: 0 });

  async function run(source: string): Promise<{ data: Record<string, unknown>; queries: number }> {
    const before = queries();
    const result = await graphql({ schema, source, contextValue: loaders() });
    expect(result.errors).toBeUndefined();
    return { data: result.data as Record<string, unknown>, queries: queries() - before };
  }

  const LIST = `entries(section: ["news"], limit: LIMIT) {
    id title categoryCount author { id } heroImage { id } newsCategories { id }
    contentBlocks { id } relatedArticles { id title author { id } heroImage { id } }
  }`;

  it('a list query costs a fixed number of SQL queries, for 5 entries as for 60', async () => {
    const small = await run(`{ ${LIST.replace('LIMIT', '5')} }`);
    const large = await run(`{ ${LIST.replace('LIMIT', '100')} }`);
    expect((small.data.entries as unknown[]).length).toBe(5);
    expect((large.data.entries as unknown[]).length).toBeGreaterThan(BULK);
    // The entries, then one query each: authors, hero images, categories (the count shares it),
    // blocks, related articles; the nested level is answered from the loaders' caches, except the
    // related articles' hero images when the list does not contain them (the small list).
    expect(large.queries).toBe(6);
    expect(small.queries).toBe(7);
  });

  it('answers with the store data: relations in order, live targets only, blocks, authors, counts', async () => {
    const { data } = await run(`{ ${LIST.replace('LIMIT', '100')} }`);
    const hello = (data.entries as Record<string, unknown>[]).find((entry) => entry.id === E.hello);
    expect(hello).toEqual({
      id: E.hello,
      title: 'Hello World',
      categoryCount: 2,
      author: { id: users.alice },
      heroImage: [{ id: E.hero }],
      newsCategories: [{ id: E.ai }, { id: E.technology }],
      contentBlocks: [{ id: E.blockA }, { id: E.blockB }],
      // The pending article is related too, but not live.
      relatedArticles: [
        { id: E.second, title: 'Second Post', author: { id: users.bob }, heroImage: [] },
      ],
    });
    const bulk = (data.entries as Record<string, unknown>[])[0];
    expect(bulk).toMatchObject({
      id: FIRST_BULK + BULK - 1,
      newsCategories: [{ id: E.ai }, { id: E.web }],
      relatedArticles: [{ id: E.hello, author: { id: users.alice } }],
    });
  });

  it('follows the source site, the structure and the other sites', async () => {
    const de = await run(
      '{ entries(section: ["news"], site: ["de"], limit: 100) { id title heroImage { id } localized { id title siteId } } }',
    );
    const hallo = (de.data.entries as Record<string, unknown>[]).find(
      (entry) => entry.id === E.hello,
    );
    expect(hallo).toEqual({
      id: E.hello,
      title: 'Hallo Welt',
      heroImage: [{ id: E.photo }],
      localized: [{ id: E.hello, title: 'Hello World', siteId: SITE.en }],
    });
    const pages = await run('{ entries(section: ["pages"]) { id children { id } parent { id } } }');
    const byId = new Map(
      (pages.data.entries as Record<string, unknown>[]).map((entry) => [entry.id, entry]),
    );
    expect(byId.get(E.about)).toEqual({ id: E.about, children: [{ id: E.team }], parent: null });
    expect(byId.get(E.leadership)).toEqual({
      id: E.leadership,
      children: [],
      parent: { id: E.team },
    });
    // One query for the pages, one for the children, one for the parents.
    expect(pages.queries).toBe(3);
  });

  it('resolves relatedTo criteria inputs to ids with the store', async () => {
    const context = loaders();
    const related = await context.all('entry', {
      section: ['news'],
      relatedToCategories: [{ slug: ['technology'] }],
    });
    expect(related.map((entry) => entry.id)).toEqual([E.hello]);
    const both = await context.all('entry', {
      section: ['news'],
      relatedToCategories: [{ slug: ['ai'] }, { slug: ['web'] }],
      limit: 3,
    });
    expect(both.map((entry) => entry.id)).toEqual([
      FIRST_BULK + BULK - 1,
      FIRST_BULK + BULK - 2,
      FIRST_BULK + BULK - 3,
    ]);
    expect(await context.count('entry', { section: ['news'], relatedTo: [E.ai] })).toBe(BULK + 1);
  });

  it('resolves reference tags with the store', async () => {
    const resolve = createReferenceResolver({
      model: index,
      grants,
      reader: store,
      assetFiles: new UrlOnlyAssetFiles(),
    });
    const before = queries();
    expect(
      await resolve([
        { kind: 'entry', identifier: 'news/hello-world', site: null, property: 'title' },
        { kind: 'entry', identifier: String(E.hello), site: 'de', property: null },
        { kind: 'user', identifier: 'bob', site: null, property: 'email' },
        { kind: 'asset', identifier: String(E.photo), site: null, property: null },
        { kind: 'globalset', identifier: 'siteInfo', site: 'de', property: 'copyright' },
        { kind: 'entry', identifier: 'news/future-post', site: null, property: 'title' },
      ]),
    ).toEqual([
      'Hello World',
      '/de/news/hallo-welt',
      'bob@craftcms.test',
      '/volumes/images/sub/photo.png',
      'ACME GmbH',
      null,
    ]);
    expect(queries() - before).toBe(5);
  });
});
