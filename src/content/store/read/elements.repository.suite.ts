import { ManualClock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/database/database';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { MIGRATIONS } from '../../../infra/database/migrations';
import { runMigrations } from '../../../infra/database/migrations/migration-runner';
import { StatsRegistry } from '../../../infra/stats/registry';
import {
  E,
  fixtureModel,
  type FixtureUsers,
  insertFixture,
  NOW,
  SECTION,
  SITE,
  StaticModelSource,
  TYPE,
} from './elements.fixtures';
import { ElementsRepository, STORE_QUERIES_STAT } from './elements.repository';

import { ids, news, LIVE_NEWS, type StoreSuiteContext } from './repository-suite/helpers.fixtures';
import { parameterSuites } from './repository-suite/parameters.suite';
import { elementKindSuites } from './repository-suite/element-kinds.suite';
import { relationSuites } from './repository-suite/relations.suite';

export interface OpenedDatabase {
  readonly db: DrizzleExecutor;
  close(): Promise<void>;
}

/**
 * The element store against real SQL: the same suite runs on PostgreSQL and on PGlite (the two
 * databases the service runs on), over the fixture of elements.fixtures.ts.
 */
export function elementStoreSuite(open: () => Promise<OpenedDatabase>): void {
  let opened: OpenedDatabase;
  let store: ElementsRepository;
  let stats: StatsRegistry;
  let users: FixtureUsers;

  beforeAll(async () => {
    opened = await open();
    await runMigrations(opened.db, MIGRATIONS);
    users = await insertFixture(opened.db);
    stats = new StatsRegistry();
    store = new ElementsRepository(
      new Database(opened.db),
      new ManualClock(NOW.getTime()),
      new StaticModelSource(fixtureModel()),
      stats,
    );
  });
  afterAll(async () => {
    await opened.close();
  });

  const queries = () => stats.counter(STORE_QUERIES_STAT).value;

  describe('statuses', () => {
    it('finds live entries by default, newest first, without trashed or archived ones', async () => {
      expect(ids(await store.find(news()))).toEqual(LIVE_NEWS);
    });

    it('filters by each status, lists of them, their negation, and any status with null', async () => {
      expect(ids(await store.find(news({ status: 'pending' })))).toEqual([E.pending]);
      expect(ids(await store.find(news({ status: 'expired' })))).toEqual([E.expired]);
      expect(ids(await store.find(news({ status: 'disabled' })))).toEqual([E.disabled]);
      expect(ids(await store.find(news({ status: ['live', 'pending'] })))).toEqual([
        E.pending,
        ...LIVE_NEWS,
      ]);
      expect(ids(await store.find(news({ status: 'not live' })))).toEqual([
        E.pending,
        E.disabled,
        E.expired,
      ]);
      expect(ids(await store.find(news({ status: null })))).toEqual([
        E.pending,
        E.link,
        E.second,
        E.disabledInDe,
        E.disabled,
        E.hello,
        E.expired,
      ]);
      expect(await store.find(news({ status: 'unheard-of' }))).toEqual([]);
    });

    it('applies the per-site switch: an entry disabled in one site is live in the other', async () => {
      expect(ids(await store.find(news({ siteIds: [SITE.de] })))).toEqual([E.second, E.hello]);
      const [inDe] = await store.find(
        news({ siteIds: [SITE.de], id: E.disabledInDe, status: null }),
      );
      expect(inDe).toMatchObject({ enabled: true, enabledForSite: false, status: 'disabled' });
    });

    it('reads trashed and archived elements only when asked', async () => {
      expect(ids(await store.find(news({ trashed: true, status: null })))).toEqual([E.trashed]);
      expect(ids(await store.find(news({ archived: true })))).toEqual([E.archived]);
    });
  });

  describe('records', () => {
    it('maps an entry with its per-site content', async () => {
      const [hello] = await store.find(news({ id: E.hello }));
      expect(hello).toEqual({
        id: E.hello,
        uid: `uid-${E.hello}`,
        kind: 'entry',
        siteId: SITE.en,
        containerId: SECTION.news,
        typeId: TYPE.article,
        title: 'Hello World',
        slug: 'hello-world',
        uri: 'news/hello-world',
        enabled: true,
        enabledForSite: true,
        archived: false,
        status: 'live',
        dateCreated: new Date('2024-01-10T09:00:00Z'),
        dateUpdated: new Date('2024-06-01T00:00:00Z'),
        dateDeleted: null,
        fields: {
          rating: 4.5,
          featured: true,
          audiences: ['developers', 'editors'],
          eventDate: '2024-03-01T00:00:00.000Z',
          summary: 'First post about the 50% sale',
        },
        postDate: new Date('2024-01-10T09:00:00Z'),
        expiryDate: null,
        authorId: users.alice,
        structure: null,
        asset: null,
        user: null,
        ownerId: null,
        sortOrder: null,
        searchScore: null,
      });
      const [hallo] = await store.find(news({ id: E.hello, siteIds: [SITE.de] }));
      expect(hallo).toMatchObject({ siteId: SITE.de, title: 'Hallo Welt', uri: 'news/hallo-welt' });
    });

    it('reports pending and expired statuses', async () => {
      const found = await store.find(news({ id: [E.pending, E.expired], status: null }));
      expect(found.map((record) => record.status)).toEqual(['pending', 'expired']);
    });
  });

  const ctx: StoreSuiteContext = {
    get store() {
      return store;
    },
    get users() {
      return users;
    },
    get db() {
      return opened.db;
    },
    queries,
  };
  parameterSuites(ctx);
  relationSuites(ctx);
  elementKindSuites(ctx);
}
