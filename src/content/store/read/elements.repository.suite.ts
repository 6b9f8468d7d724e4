import { sql } from 'drizzle-orm';
import { ManualClock } from '../../../infra/clock/clock';
import { Database } from '../../../infra/database/database';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { MIGRATIONS } from '../../../infra/database/migrations';
import { runMigrations } from '../../../infra/database/migrations/migration-runner';
import { rawRows } from '../../../infra/database/raw-rows';
import { StatsRegistry } from '../../../infra/stats/stats-registry';
import type { ElementCriteria } from '../element-criteria';
import { ElementQueryError } from './element-query-error';
import type { ElementRecord, KeyedElementRecord } from '../element-record';
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
  TYPE,
  VOLUME,
} from './elements.fixtures';
import { ElementsRepository, STORE_QUERIES_STAT } from './elements.repository';

export interface OpenedDatabase {
  readonly db: DrizzleExecutor;
  close(): Promise<void>;
}

const ids = (records: readonly ElementRecord[]) => records.map((record) => record.id);
const titles = (records: readonly ElementRecord[]) => records.map((record) => record.title);
/** Keyed rows as `{ key: [ids...] }` in row order. */
const byKey = (rows: readonly KeyedElementRecord[]) => {
  const grouped: Record<number, number[]> = {};
  for (const row of rows) (grouped[row.key] ??= []).push(row.element.id);
  return grouped;
};

const news = (extra: Partial<ElementCriteria> = {}): ElementCriteria => ({
  kind: 'entry',
  siteIds: [SITE.en],
  containerIds: [SECTION.news],
  ...extra,
});
const pages = (extra: Partial<ElementCriteria> = {}): ElementCriteria => ({
  kind: 'entry',
  siteIds: [SITE.en],
  containerIds: [SECTION.pages],
  ...extra,
});

/** The live news entries of the English site, newest first. */
const LIVE_NEWS = [E.link, E.second, E.disabledInDe, E.hello];

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

  describe('parameters', () => {
    it('takes siteSettingsId, the element id and the site id', async () => {
      expect(ids(await store.find(news({ siteSettingsId: `${E.hello}-${SITE.en}` })))).toEqual([
        E.hello,
      ]);
      expect(await store.find(news({ siteSettingsId: `${E.hello}-${SITE.de}` }))).toEqual([]);
      expect(
        ids(await store.find(news({ siteSettingsId: ['not', `${E.hello}-${SITE.en}`] }))),
      ).toEqual(LIVE_NEWS.filter((id) => id !== E.hello));
    });

    it('takes ids, uids and their negations', async () => {
      expect(ids(await store.find(news({ id: [E.hello, E.second] })))).toEqual([E.second, E.hello]);
      expect(ids(await store.find(news({ id: `${E.hello}, ${E.link}` })))).toEqual([
        E.link,
        E.hello,
      ]);
      expect(ids(await store.find(news({ id: ['not', E.hello, E.second] })))).toEqual([
        E.link,
        E.disabledInDe,
      ]);
      expect(ids(await store.find(news({ id: `> ${E.disabledInDe}` })))).toEqual([E.link]);
      expect(ids(await store.find(news({ uid: `uid-${E.second}` })))).toEqual([E.second]);
    });

    it('matches titles case-insensitively, with wildcards, slugs and URIs exactly', async () => {
      expect(ids(await store.find(news({ title: 'hello world' })))).toEqual([E.hello]);
      expect(ids(await store.find(news({ title: 'HELLO*' })))).toEqual([E.hello]);
      expect(ids(await store.find(news({ title: '*post' })))).toEqual([E.second]);
      expect(ids(await store.find(news({ title: 'not *o*' })))).toEqual([E.link]);
      expect(ids(await store.find(news({ slug: 'hello-world' })))).toEqual([E.hello]);
      expect(await store.find(news({ slug: 'Hello-World' }))).toEqual([]);
      expect(ids(await store.find(news({ uri: ['news/second-post', 'news/a-link'] })))).toEqual([
        E.link,
        E.second,
      ]);
      expect(ids(await store.find(news({ slug: ['not', 'hello-world', 'a-link'] })))).toEqual([
        E.second,
        E.disabledInDe,
      ]);
    });

    it('takes text literally: quotes, LIKE metacharacters and escaped commas', async () => {
      expect(await store.find(news({ title: "x'; DROP TABLE content_elements; --" }))).toEqual([]);
      const [table] = await rawRows<{ n: string | number }>(
        opened.db,
        sql`SELECT count(*) AS n FROM content_elements`,
      );
      expect(Number(table.n)).toBeGreaterThan(30);
      expect(ids(await store.find(news({ fields: [summary('*50%*')] })))).toEqual([E.hello]);
      expect(await store.find(news({ fields: [summary('*5_%*')] }))).toEqual([]);
      expect(ids(await store.find(news({ fields: [summary('databases\\, again')] })))).toEqual([
        E.second,
      ]);
      expect(await store.find(news({ fields: [summary('databases, again')] }))).toEqual([]);
    });

    it('tests emptiness with :empty:, :notempty: and null list items', async () => {
      expect(ids(await store.find(news({ fields: [rating(':empty:')] })))).toEqual([
        E.link,
        E.disabledInDe,
      ]);
      expect(ids(await store.find(news({ fields: [rating(':notempty:')] })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(ids(await store.find(news({ fields: [rating([4.5, null])] })))).toEqual([
        E.link,
        E.disabledInDe,
        E.hello,
      ]);
      expect(ids(await store.find(news({ fields: [summary('not :empty:')] })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(ids(await store.find(pages({ title: ':notempty:', level: 3 })))).toEqual([
        E.leadership,
      ]);
    });

    it('compares custom fields by their type', async () => {
      expect(ids(await store.find(news({ fields: [rating('>= 4')] })))).toEqual([E.hello]);
      expect(ids(await store.find(news({ fields: [rating(['and', '> 2', '< 4'])] })))).toEqual([
        E.second,
      ]);
      // 10 > 9 numerically (as text "10" < "9").
      expect(ids(await store.find(news({ fields: [rating('< 10')] })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(ids(await store.find(news({ fields: [featured(true)] })))).toEqual([E.hello]);
      expect(ids(await store.find(news({ fields: [featured(false)] })))).toEqual([
        E.link,
        E.second,
        E.disabledInDe,
      ]);
      expect(ids(await store.find(news({ fields: [featured('not 1')] })))).toEqual([
        E.link,
        E.second,
        E.disabledInDe,
      ]);
      expect(ids(await store.find(news({ fields: [audiences('editors')] })))).toEqual([E.hello]);
      expect(
        ids(await store.find(news({ fields: [audiences(['designers', 'editors'])] }))),
      ).toEqual([E.second, E.hello]);
      expect(
        ids(await store.find(news({ fields: [audiences(['and', 'developers', 'editors'])] }))),
      ).toEqual([E.hello]);
      expect(ids(await store.find(news({ fields: [audiences('design*')] })))).toEqual([E.second]);
      expect(ids(await store.find(news({ fields: [audiences(':empty:')] })))).toEqual([
        E.link,
        E.disabledInDe,
      ]);
      expect(ids(await store.find(news({ fields: [eventDate('>= 2024-02-01')] })))).toEqual([
        E.hello,
      ]);
    });

    it('filters relation fields by target ids', async () => {
      const categories = (param: ElementCriteria['id']) => ({
        fieldHandle: 'newsCategories',
        fieldType: 'categories',
        param: param ?? null,
      });
      expect(ids(await store.find(news({ fields: [categories(E.ai)] })))).toEqual([E.hello]);
      expect(ids(await store.find(news({ fields: [categories([E.ai, E.web])] })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(ids(await store.find(news({ fields: [categories(['and', E.ai, E.web])] })))).toEqual(
        [],
      );
      expect(ids(await store.find(news({ fields: [categories(':empty:')] })))).toEqual([
        E.link,
        E.disabledInDe,
      ]);
      expect(ids(await store.find(news({ fields: [categories(`not ${E.ai}`)] })))).toEqual([
        E.link,
        E.second,
        E.disabledInDe,
      ]);
    });

    it('filters dates with operators, ranges, before and after', async () => {
      expect(
        ids(await store.find(news({ postDate: ['and', '>= 2024-01-01', '< 2024-02-01'] }))),
      ).toEqual([E.disabledInDe, E.hello]);
      expect(ids(await store.find(news({ before: '2024-02-01', after: '2024-01-15' })))).toEqual([
        E.disabledInDe,
      ]);
      expect(ids(await store.find(news({ dateCreated: '>= 2024-02-01' })))).toEqual([E.second]);
      expect(ids(await store.find(news({ expiryDate: ':notempty:', status: null })))).toEqual([
        E.expired,
      ]);
      expect(ids(await store.find(news({ postDate: '> now', status: null })))).toEqual([E.pending]);
    });

    it('filters by author and author group', async () => {
      expect(ids(await store.find(news({ authorIds: users.bob })))).toEqual([E.link, E.second]);
      expect(ids(await store.find(news({ authorGroupIds: [GROUP.editors] })))).toEqual([E.hello]);
      expect(ids(await store.find(news({ authorGroupIds: [GROUP.authors] })))).toEqual([
        E.link,
        E.second,
        E.hello,
      ]);
    });

    it('reports what cannot be a number or a date', async () => {
      await expect(store.find(news({ id: 'abc' }))).rejects.toThrow(
        new ElementQueryError('Invalid numeric value "abc"'),
      );
      await expect(store.find(news({ id: '1*' }))).rejects.toThrow('Invalid numeric value "1*"');
      await expect(store.find(news({ postDate: '>= soon' }))).rejects.toThrow(
        'Invalid date value "soon"',
      );
    });
  });

  describe('order, paging and counting', () => {
    it('orders by columns and fields, nulls as the smallest values', async () => {
      expect(titles(await store.find(news({ orderBy: 'title ASC' })))).toEqual([
        'a Link',
        'English Only',
        'Hello World',
        'Second Post',
      ]);
      expect(ids(await store.find(news({ orderBy: 'rating DESC' })))).toEqual([
        E.hello,
        E.second,
        E.disabledInDe,
        E.link,
      ]);
      expect(ids(await store.find(news({ orderBy: 'field_rating, id desc' })))).toEqual([
        E.link,
        E.disabledInDe,
        E.second,
        E.hello,
      ]);
      expect(ids(await store.find(news({ orderBy: 'entries.postDate' })))).toEqual(
        [...LIVE_NEWS].reverse(),
      );
      expect(ids(await store.find(news({ orderBy: 'elements.dateCreated desc, id' })))).toEqual([
        E.second,
        E.hello,
        E.disabledInDe,
        E.link,
      ]);
    });

    it('reverses any order with inReverse, and keeps the id order with fixedOrder', async () => {
      expect(ids(await store.find(news({ inReverse: true })))).toEqual([...LIVE_NEWS].reverse());
      const list = [E.second, E.link, E.hello];
      expect(ids(await store.find(news({ id: list, fixedOrder: true })))).toEqual(list);
      expect(ids(await store.find(news({ id: list, fixedOrder: true, inReverse: true })))).toEqual(
        [...list].reverse(),
      );
      expect(ids(await store.find(news({ id: list, fixedOrder: true, orderBy: 'title' })))).toEqual(
        list,
      );
    });

    it('rejects columns the kind does not have, with a message for the client', async () => {
      await expect(store.find(news({ orderBy: 'bogus' }))).rejects.toThrow(
        new ElementQueryError('Invalid orderBy column "bogus"'),
      );
      await expect(store.find(news({ orderBy: 'filename' }))).rejects.toThrow(
        'Invalid orderBy column "filename"',
      );
      await expect(store.find(news({ orderBy: 'contentBlocks' }))).rejects.toThrow(
        'Invalid orderBy column "contentBlocks"',
      );
      await expect(store.find(news({ orderBy: 'constructor' }))).rejects.toThrow(
        'Invalid orderBy column "constructor"',
      );
    });

    it('pages with offset and limit, and counts every match', async () => {
      expect(ids(await store.find(news({ offset: 1, limit: 2 })))).toEqual([
        E.second,
        E.disabledInDe,
      ]);
      expect(ids(await store.find(news({ offset: 3 })))).toEqual([E.hello]);
      expect(await store.find(news({ limit: 0 }))).toEqual([]);
      expect(await store.count(news())).toBe(4);
      // Craft's count() ignores offset and limit (Yii drops them from scalar queries).
      expect(await store.count(news({ limit: 2 }))).toBe(4);
      expect(await store.count(news({ offset: 3, limit: 0 }))).toBe(4);
      expect(await store.count(news({ status: null }))).toBe(7);
    });

    it('reads several sites: one row per site, or one per element with unique', async () => {
      const both = news({ siteIds: [SITE.en, SITE.de], id: E.hello });
      expect(titles(await store.find(both))).toEqual(['Hello World', 'Hallo Welt']);
      expect(titles(await store.find({ ...both, unique: true }))).toEqual(['Hello World']);
      expect(titles(await store.find({ ...both, unique: true, preferSites: [SITE.de] }))).toEqual([
        'Hallo Welt',
      ]);
      // Disabled in the preferred site: the row of the other site still counts.
      const mixed = news({
        siteIds: [SITE.en, SITE.de],
        id: E.disabledInDe,
        unique: true,
        preferSites: [SITE.de],
      });
      expect((await store.find(mixed)).map((record) => record.siteId)).toEqual([SITE.en]);
      // 4 live in English, 2 in German (one has no German row, one is disabled there).
      expect(await store.count(news({ siteIds: [SITE.en, SITE.de] }))).toBe(6);
      expect(await store.count(news({ siteIds: [SITE.en, SITE.de], unique: true }))).toBe(4);
    });
  });

  describe('search', () => {
    it('matches words and the words they begin, with an integer score', async () => {
      const found = await store.find(news({ search: 'databases' }));
      expect(ids(found)).toEqual([E.second]);
      expect(Number.isInteger(found[0].searchScore)).toBe(true);
      expect(found[0].searchScore).toBeGreaterThan(0);
      expect(ids(await store.find(news({ search: 'sal' })))).toEqual([E.hello]);
      expect(ids(await store.find(news({ search: 'hello second' })))).toEqual([]);
      expect(ids(await store.find(news({ search: 'hello OR second' })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(ids(await store.find(news({ search: 'post -second' })))).toEqual([E.hello]);
      expect(ids(await store.find(news({ search: '"first post"' })))).toEqual([E.hello]);
      expect(await store.find(news({ search: '"post first"' }))).toEqual([]);
      expect(ids(await store.find(news({ search: '*gres' })))).toEqual([E.second]);
    });

    it('takes searchTermOptions as the defaults of every term', async () => {
      expect(
        await store.find(news({ search: 'sal', searchTermOptions: { subRight: false } })),
      ).toEqual([]);
      expect(
        ids(await store.find(news({ search: 'gres', searchTermOptions: { subLeft: true } }))),
      ).toEqual([E.second]);
      expect(
        ids(await store.find(news({ search: 'second', searchTermOptions: { exclude: true } }))),
      ).toEqual([E.link, E.disabledInDe, E.hello]);
      expect(
        await store.find(news({ search: 'title:hello', searchTermOptions: { exact: true } })),
      ).toEqual([]);
    });

    it("reads Craft's attribute forms", async () => {
      expect(ids(await store.find(news({ search: 'title:second' })))).toEqual([E.second]);
      expect(ids(await store.find(news({ search: 'title::"hello world"' })))).toEqual([E.hello]);
      expect(await store.find(news({ search: 'title::hello' }))).toEqual([]);
      expect(ids(await store.find(news({ search: 'slug:world' })))).toEqual([E.hello]);
      expect(ids(await store.find(news({ search: 'summary:databases' })))).toEqual([E.second]);
      expect(ids(await store.find(news({ search: 'summary:*' })))).toEqual([E.second, E.hello]);
      expect(ids(await store.find(news({ search: '-summary:*' })))).toEqual([
        E.link,
        E.disabledInDe,
      ]);
    });

    it('orders by score, best first', async () => {
      const found = await store.find(
        news({ search: 'databases OR hello OR post', orderBy: 'score' }),
      );
      const scores = found.map((record) => record.searchScore ?? 0);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(found[0].id).toBe(E.second);
      // Without a search, score orders nothing and the default order stays.
      expect(ids(await store.find(news({ orderBy: 'score' })))).toEqual(LIVE_NEWS);
    });
  });

  describe('relations', () => {
    it('finds elements related in either direction, by field, and with and/or', async () => {
      const related = (conditions: ElementCriteria['relatedTo']) => news({ relatedTo: conditions });
      expect(
        ids(await store.find(related({ operator: 'or', conditions: [{ element: [E.ai] }] }))),
      ).toEqual([E.hello]);
      expect(
        ids(await store.find(related({ operator: 'or', conditions: [{ element: [E.hello] }] }))),
      ).toEqual([E.second]);
      expect(
        ids(
          await store.find(related({ operator: 'or', conditions: [{ sourceElement: [E.hello] }] })),
        ),
      ).toEqual([E.second]);
      expect(
        ids(
          await store.find(
            related({
              operator: 'and',
              conditions: [{ element: [E.ai] }, { element: [E.second] }],
            }),
          ),
        ),
      ).toEqual([E.hello]);
      expect(
        ids(
          await store.find(
            related({
              operator: 'or',
              conditions: [{ element: [E.web] }, { element: [E.ai] }],
            }),
          ),
        ),
      ).toEqual([E.second, E.hello]);
      expect(
        ids(
          await store.find(
            related({
              operator: 'or',
              conditions: [{ element: [E.ai, E.web], fieldIds: [FIELD.relatedArticles] }],
            }),
          ),
        ),
      ).toEqual([]);
      expect(await store.find(related({ operator: 'or', conditions: [{ element: [] }] }))).toEqual(
        [],
      );
      expect(
        ids(
          await store.find(
            news({ notRelatedTo: { operator: 'or', conditions: [{ element: [E.ai] }] } }),
          ),
        ),
      ).toEqual([E.link, E.second, E.disabledInDe]);
      const categories = await store.find({
        kind: 'category',
        siteIds: [SITE.en],
        containerIds: [GROUP.topics],
        relatedTo: {
          operator: 'or',
          conditions: [{ targetElement: [] }, { sourceElement: [E.hello] }],
        },
      });
      expect(ids(categories)).toEqual([E.technology, E.ai]);
    });

    it('holds per-site relations only in their site', async () => {
      const pointsAtHero = (siteId: number) =>
        news({
          siteIds: [siteId],
          relatedTo: { operator: 'or', conditions: [{ targetElement: [E.hero] }] },
        });
      expect(ids(await store.find(pointsAtHero(SITE.en)))).toEqual([E.hello]);
      expect(await store.find(pointsAtHero(SITE.de))).toEqual([]);
    });

    it('loads the targets of many sources in one query, in relation order, paged per source', async () => {
      const before = queries();
      const live = news({ siteIds: [SITE.en] });
      const related = await store.findRelated(
        FIELD.relatedArticles,
        [E.hello, E.second, E.link],
        SITE.en,
        live,
      );
      expect(byKey(related)).toEqual({ [E.hello]: [E.second], [E.second]: [E.hello] });
      expect(queries()).toBe(before + 1);
      const topics = {
        kind: 'category' as const,
        siteIds: [SITE.en],
        containerIds: [GROUP.topics],
      };
      expect(
        byKey(await store.findRelated(FIELD.newsCategories, [E.hello, E.second], SITE.en, topics)),
      ).toEqual({ [E.hello]: [E.ai, E.technology], [E.second]: [E.web] });
      expect(
        byKey(
          await store.findRelated(FIELD.newsCategories, [E.hello, E.second], SITE.en, {
            ...topics,
            limit: 1,
            offset: 1,
          }),
        ),
      ).toEqual({ [E.hello]: [E.technology] });
      expect(
        byKey(
          await store.findRelated(FIELD.newsCategories, [E.hello], SITE.en, {
            ...topics,
            orderBy: 'title desc',
          }),
        ),
      ).toEqual({ [E.hello]: [E.technology, E.ai] });
      const images = { kind: 'asset' as const, siteIds: [SITE.de], containerIds: [VOLUME.images] };
      expect(byKey(await store.findRelated(FIELD.heroImage, [E.hello], SITE.de, images))).toEqual({
        [E.hello]: [E.photo],
      });
      const people = { kind: 'user' as const, siteIds: [SITE.en] };
      expect(byKey(await store.findRelated(FIELD.reviewers, [E.hello], SITE.en, people))).toEqual({
        [E.hello]: [users.alice],
      });
      expect(
        byKey(
          await store.findRelated(FIELD.reviewers, [E.hello], SITE.en, { ...people, status: null }),
        ),
      ).toEqual({ [E.hello]: [users.alice, users.carol] });
    });

    it('counts targets per source', async () => {
      const before = queries();
      const counts = await store.countRelated(
        FIELD.relatedArticles,
        [E.hello, E.second, E.link],
        SITE.en,
      );
      expect(counts).toEqual(
        new Map([
          [E.hello, 1],
          [E.second, 1],
          [E.link, 0],
        ]),
      );
      expect(queries()).toBe(before + 1);
      expect(
        await store.countRelated(FIELD.relatedArticles, [E.hello], SITE.en, news({ status: null })),
      ).toEqual(new Map([[E.hello, 2]]));
      expect(await store.countRelated(FIELD.reviewers, [E.hello], SITE.en)).toEqual(
        new Map([[E.hello, 1]]),
      );
      expect(await store.countRelated(FIELD.heroImage, [E.hello], SITE.de)).toEqual(
        new Map([[E.hello, 1]]),
      );
    });
  });

  describe('structures', () => {
    const pageIds = async (extra: Partial<ElementCriteria>) => ids(await store.find(pages(extra)));

    it('lists a structure section in structure order, a mix of sections newest first', async () => {
      expect(await pageIds({})).toEqual([E.about, E.team, E.leadership, E.services, E.contact]);
      const mixed = await store.find(news({ containerIds: [SECTION.news, SECTION.pages] }));
      expect(ids(mixed).slice(0, 4)).toEqual(LIVE_NEWS);
      const [about] = await store.find(pages({ id: E.about }));
      expect(about.structure).toEqual({
        structureId: SECTION.pages,
        lft: 1,
        rgt: 6,
        level: 1,
        root: E.about,
      });
    });

    it('takes every structure argument', async () => {
      expect(await pageIds({ descendantOf: E.about })).toEqual([E.team, E.leadership]);
      expect(await pageIds({ descendantOf: E.about, descendantDist: 1 })).toEqual([E.team]);
      expect(await pageIds({ ancestorOf: E.leadership })).toEqual([E.about, E.team]);
      expect(await pageIds({ ancestorOf: E.leadership, ancestorDist: 1 })).toEqual([E.team]);
      expect(await pageIds({ level: 1 })).toEqual([E.about, E.services, E.contact]);
      expect(await pageIds({ level: '>= 2' })).toEqual([E.team, E.leadership]);
      expect(await pageIds({ leaves: true })).toEqual([E.leadership, E.services, E.contact]);
      expect(await pageIds({ hasDescendants: true })).toEqual([E.about, E.team]);
      expect(await pageIds({ hasDescendants: false })).toEqual([
        E.leadership,
        E.services,
        E.contact,
      ]);
      expect(await pageIds({ nextSiblingOf: E.about })).toEqual([E.services]);
      expect(await pageIds({ nextSiblingOf: E.team })).toEqual([]);
      expect(await pageIds({ prevSiblingOf: E.contact })).toEqual([E.services]);
      expect(await pageIds({ positionedAfter: E.about })).toEqual([E.services, E.contact]);
      expect(await pageIds({ positionedBefore: E.services })).toEqual([
        E.about,
        E.team,
        E.leadership,
      ]);
      expect(await pageIds({ descendantOf: 999_999 })).toEqual([]);
      // A channel has no structure: structure arguments match nothing there.
      expect(await store.find(news({ level: 1 }))).toEqual([]);
    });

    it('loads descendants and ancestors of many nodes in one query each', async () => {
      const before = queries();
      expect(byKey(await store.findDescendants([E.about, E.services], pages(), true))).toEqual({
        [E.about]: [E.team],
      });
      expect(byKey(await store.findDescendants([E.about, E.team], pages(), false))).toEqual({
        [E.about]: [E.team, E.leadership],
        [E.team]: [E.leadership],
      });
      expect(
        byKey(await store.findDescendants([E.about, E.team], pages({ limit: 1 }), false)),
      ).toEqual({ [E.about]: [E.team], [E.team]: [E.leadership] });
      expect(byKey(await store.findAncestors([E.leadership, E.team], pages(), false))).toEqual({
        [E.leadership]: [E.about, E.team],
        [E.team]: [E.about],
      });
      expect(byKey(await store.findAncestors([E.leadership, E.about], pages(), true))).toEqual({
        [E.leadership]: [E.team],
      });
      expect(queries()).toBe(before + 5);
      const topics = {
        kind: 'category' as const,
        siteIds: [SITE.en],
        containerIds: [GROUP.topics],
      };
      expect(byKey(await store.findDescendants([E.technology], topics, true))).toEqual({
        [E.technology]: [E.ai, E.web],
      });
    });
  });

  describe('element kinds', () => {
    it('orders categories in structure order and tags by title', async () => {
      expect(
        ids(
          await store.find({ kind: 'category', siteIds: [SITE.en], containerIds: [GROUP.topics] }),
        ),
      ).toEqual([E.technology, E.ai, E.web, E.culture]);
      expect(
        titles(
          await store.find({ kind: 'tag', siteIds: [SITE.en], containerIds: [GROUP.keywords] }),
        ),
      ).toEqual(['Alpha', 'beta', 'zeta']);
    });

    it('reads assets with their file properties and filters', async () => {
      const images = (extra: Partial<ElementCriteria> = {}): ElementCriteria => ({
        kind: 'asset',
        siteIds: [SITE.en],
        containerIds: [VOLUME.images],
        ...extra,
      });
      expect(ids(await store.find(images()))).toEqual([E.photo, E.doc, E.hero]);
      const [photo] = await store.find(images({ id: E.photo }));
      expect(photo.asset).toEqual({
        folderId: expect.any(Number) as unknown,
        folderPath: 'sub/',
        filename: 'photo.png',
        kind: 'image',
        mimeType: 'image/png',
        size: 3000,
        width: 800,
        height: 600,
        focalPoint: [0.25, 0.75],
        alt: 'A photo',
        dateModified: new Date('2024-01-01T00:00:00Z'),
        uploaderId: users.alice,
      });
      expect(ids(await store.find(images({ fileKind: 'image', orderBy: 'filename' })))).toEqual([
        E.hero,
        E.photo,
      ]);
      expect(ids(await store.find(images({ width: '> 700' })))).toEqual([E.photo]);
      expect(ids(await store.find(images({ filename: 'HERO.jpg' })))).toEqual([E.hero]);
      expect(ids(await store.find(images({ filename: '*.p*' })))).toEqual([E.photo, E.doc]);
      expect(ids(await store.find(images({ hasAlt: true })))).toEqual([E.photo]);
      expect(ids(await store.find(images({ folderId: photo.asset!.folderId })))).toEqual([E.photo]);
      const [hero] = await store.find(images({ id: E.hero }));
      const root = hero.asset!.folderId;
      expect(ids(await store.find(images({ folderId: root })))).toEqual([E.doc, E.hero]);
      expect(ids(await store.find(images({ folderId: root, includeSubfolders: true })))).toEqual([
        E.photo,
        E.doc,
        E.hero,
      ]);
      expect(
        ids(await store.find(images({ folderId: photo.asset!.folderId, includeSubfolders: true }))),
      ).toEqual([E.photo]);
      expect(ids(await store.find(images({ size: '>= 3000', orderBy: 'size desc' })))).toEqual([
        E.doc,
        E.photo,
      ]);
      expect(ids(await store.find(images({ uploaderIds: users.alice })))).toEqual([E.photo]);
      expect(ids(await store.find(images({ search: 'kind:pdf' })))).toEqual([E.doc]);
      expect(ids(await store.find(images({ search: 'extension:png' })))).toEqual([E.photo]);
    });

    it('reads users from the identity store: active by default, never service accounts', async () => {
      const people = (extra: Partial<ElementCriteria> = {}): ElementCriteria => ({
        kind: 'user',
        siteIds: [SITE.en],
        ...extra,
      });
      expect(ids(await store.find(people()))).toEqual([users.alice, users.bob]);
      expect(ids(await store.find(people({ status: 'suspended' })))).toEqual([users.carol]);
      expect(ids(await store.find(people({ status: null })))).toEqual([
        users.alice,
        users.bob,
        users.carol,
      ]);
      const [alice] = await store.find(people({ siteIds: [SITE.de], username: 'ALICE' }));
      expect(alice).toMatchObject({
        kind: 'user',
        siteId: SITE.de,
        containerId: null,
        status: 'active',
        fields: { summary: 'Editor in chief' },
        user: {
          identityUserId: expect.any(Number) as unknown,
          username: 'alice',
          email: 'alice@example.com',
          fullName: 'Alice Archer',
          firstName: 'Alice',
          lastName: 'Archer',
          groupIds: [GROUP.editors, GROUP.authors],
          photoId: E.photo,
          preferences: {},
          suspended: false,
        },
      });
      const [carol] = await store.find(people({ username: 'carol', status: null }));
      expect(carol).toMatchObject({
        status: 'suspended',
        fields: {},
        user: { firstName: 'Carol', lastName: null, groupIds: [], suspended: true },
      });
      expect(ids(await store.find(people({ userGroupIds: [GROUP.editors] })))).toEqual([
        users.alice,
      ]);
      expect(await store.find(people({ userGroupIds: [] }))).toEqual([]);
      expect(ids(await store.find(people({ email: '*@craftcms.test' })))).toEqual([users.bob]);
      expect(ids(await store.find(people({ lastName: 'baker' })))).toEqual([users.bob]);
      expect(
        ids(await store.find(people({ firstName: 'Alice', fullName: 'alice archer' }))),
      ).toEqual([users.alice]);
      expect(ids(await store.find(people({ hasPhoto: true })))).toEqual([users.alice]);
      // Authors of entries (any status) and uploaders of assets; false sets no condition.
      expect(ids(await store.find(people({ authors: true, status: null })))).toEqual([
        users.alice,
        users.bob,
      ]);
      expect(ids(await store.find(people({ assetUploaders: true })))).toEqual([users.alice]);
      expect(ids(await store.find(people({ assetUploaders: false })))).toEqual([
        users.alice,
        users.bob,
      ]);
      expect(ids(await store.find(people({ search: 'email:@craftcms.test' })))).toEqual([
        users.bob,
      ]);
      expect(ids(await store.find(people({ search: 'archer' })))).toEqual([users.alice]);
      expect(ids(await store.find(people({ orderBy: 'email desc' })))).toEqual([
        users.bob,
        users.alice,
      ]);
      expect(await store.count(people({ status: null }))).toBe(3);
    });

    it('reads global sets per site and matrix blocks per owner', async () => {
      const [info] = await store.find({
        kind: 'globalset',
        siteIds: [SITE.de],
        containerIds: [GLOBAL_SET.siteInfo],
      });
      expect(info).toMatchObject({ id: E.siteInfo, fields: { copyright: 'ACME GmbH' } });
      const blocks = {
        kind: 'matrixblock' as const,
        siteIds: [SITE.en],
        containerIds: [FIELD.contentBlocks],
      };
      const before = queries();
      expect(
        byKey(await store.findBlocks(FIELD.contentBlocks, [E.hello, E.second], blocks)),
      ).toEqual({
        [E.hello]: [E.blockA, E.blockB],
        [E.second]: [E.blockC],
      });
      expect(queries()).toBe(before + 1);
      const [first] = await store.findBlocks(FIELD.contentBlocks, [E.hello], blocks);
      expect(first.element).toMatchObject({
        ownerId: E.hello,
        sortOrder: 1,
        typeId: TYPE.quoteBlock,
      });
      expect(
        byKey(
          await store.findBlocks(FIELD.contentBlocks, [E.hello], {
            ...blocks,
            typeIds: [TYPE.textBlock],
          }),
        ),
      ).toEqual({ [E.hello]: [E.blockB] });
      expect(ids(await store.find({ ...blocks, ownerIds: [E.hello, E.second] }))).toEqual([
        E.blockA,
        E.blockB,
        E.blockC,
      ]);
    });
  });

  describe('queries', () => {
    it('asks the database nothing when the criteria cannot match', async () => {
      const before = queries();
      expect(await store.find(news({ containerIds: [] }))).toEqual([]);
      expect(await store.find(news({ typeIds: [] }))).toEqual([]);
      expect(await store.count(news({ siteIds: [] }))).toBe(0);
      expect(await store.findRelated(FIELD.relatedArticles, [], SITE.en, news())).toEqual([]);
      expect(await store.findBlocks(FIELD.contentBlocks, [E.hello], news({ limit: 0 }))).toEqual(
        [],
      );
      expect(queries()).toBe(before);
      await store.find(news());
      expect(queries()).toBe(before + 1);
    });
  });
}

function summary(param: ElementCriteria['id']) {
  return { fieldHandle: 'summary', fieldType: 'plainText', param: param ?? null };
}
function rating(param: ElementCriteria['id']) {
  return { fieldHandle: 'rating', fieldType: 'number', param: param ?? null };
}
function featured(param: ElementCriteria['id']) {
  return { fieldHandle: 'featured', fieldType: 'lightswitch', param: param ?? null };
}
function audiences(param: ElementCriteria['id']) {
  return { fieldHandle: 'audiences', fieldType: 'checkboxes', param: param ?? null };
}
function eventDate(param: ElementCriteria['id']) {
  return { fieldHandle: 'eventDate', fieldType: 'date', param: param ?? null };
}
