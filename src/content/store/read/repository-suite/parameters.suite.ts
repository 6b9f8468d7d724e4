import { sql } from 'drizzle-orm';
import { rawRows } from '../../../../infra/database/raw-rows';
import type { ElementCriteria } from '../../element-criteria';
import { ElementQueryError } from '../element-query-error';
import { E, GROUP, SITE } from '../elements.fixtures';

import {
  ids,
  titles,
  news,
  pages,
  LIVE_NEWS,
  summary,
  rating,
  featured,
  audiences,
  eventDate,
  type StoreSuiteContext,
} from './helpers.fixtures';

/** The element store suite: parameters, order, paging, counting and search. */
export function parameterSuites(ctx: StoreSuiteContext): void {
  describe('parameters', () => {
    it('takes siteSettingsId, the element id and the site id', async () => {
      expect(ids(await ctx.store.find(news({ siteSettingsId: `${E.hello}-${SITE.en}` })))).toEqual([
        E.hello,
      ]);
      expect(await ctx.store.find(news({ siteSettingsId: `${E.hello}-${SITE.de}` }))).toEqual([]);
      expect(
        ids(await ctx.store.find(news({ siteSettingsId: ['not', `${E.hello}-${SITE.en}`] }))),
      ).toEqual(LIVE_NEWS.filter((id) => id !== E.hello));
    });

    it('takes ids, uids and their negations', async () => {
      expect(ids(await ctx.store.find(news({ id: [E.hello, E.second] })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(ids(await ctx.store.find(news({ id: `${E.hello}, ${E.link}` })))).toEqual([
        E.link,
        E.hello,
      ]);
      expect(ids(await ctx.store.find(news({ id: ['not', E.hello, E.second] })))).toEqual([
        E.link,
        E.disabledInDe,
      ]);
      expect(ids(await ctx.store.find(news({ id: `> ${E.disabledInDe}` })))).toEqual([E.link]);
      expect(ids(await ctx.store.find(news({ uid: `uid-${E.second}` })))).toEqual([E.second]);
    });

    it('matches titles case-insensitively, with wildcards, slugs and URIs exactly', async () => {
      expect(ids(await ctx.store.find(news({ title: 'hello world' })))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(news({ title: 'HELLO*' })))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(news({ title: '*post' })))).toEqual([E.second]);
      expect(ids(await ctx.store.find(news({ title: 'not *o*' })))).toEqual([E.link]);
      expect(ids(await ctx.store.find(news({ slug: 'hello-world' })))).toEqual([E.hello]);
      expect(await ctx.store.find(news({ slug: 'Hello-World' }))).toEqual([]);
      expect(ids(await ctx.store.find(news({ uri: ['news/second-post', 'news/a-link'] })))).toEqual(
        [E.link, E.second],
      );
      expect(ids(await ctx.store.find(news({ slug: ['not', 'hello-world', 'a-link'] })))).toEqual([
        E.second,
        E.disabledInDe,
      ]);
    });

    it('takes text literally: quotes, LIKE metacharacters and escaped commas', async () => {
      expect(await ctx.store.find(news({ title: "x'; DROP TABLE content_elements; --" }))).toEqual(
        [],
      );
      const [table] = await rawRows<{ n: string | number }>(
        ctx.db,
        sql`SELECT count(*) AS n FROM content_elements`,
      );
      expect(Number(table.n)).toBeGreaterThan(30);
      expect(ids(await ctx.store.find(news({ fields: [summary('*50%*')] })))).toEqual([E.hello]);
      expect(await ctx.store.find(news({ fields: [summary('*5_%*')] }))).toEqual([]);
      expect(ids(await ctx.store.find(news({ fields: [summary('databases\\, again')] })))).toEqual([
        E.second,
      ]);
      expect(await ctx.store.find(news({ fields: [summary('databases, again')] }))).toEqual([]);
    });

    it('tests emptiness with :empty:, :notempty: and null list items', async () => {
      expect(ids(await ctx.store.find(news({ fields: [rating(':empty:')] })))).toEqual([
        E.link,
        E.disabledInDe,
      ]);
      expect(ids(await ctx.store.find(news({ fields: [rating(':notempty:')] })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(ids(await ctx.store.find(news({ fields: [rating([4.5, null])] })))).toEqual([
        E.link,
        E.disabledInDe,
        E.hello,
      ]);
      expect(ids(await ctx.store.find(news({ fields: [summary('not :empty:')] })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(ids(await ctx.store.find(pages({ title: ':notempty:', level: 3 })))).toEqual([
        E.leadership,
      ]);
    });

    it('compares custom fields by their type', async () => {
      expect(ids(await ctx.store.find(news({ fields: [rating('>= 4')] })))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(news({ fields: [rating(['and', '> 2', '< 4'])] })))).toEqual([
        E.second,
      ]);
      // 10 > 9 numerically (as text "10" < "9").
      expect(ids(await ctx.store.find(news({ fields: [rating('< 10')] })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(ids(await ctx.store.find(news({ fields: [featured(true)] })))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(news({ fields: [featured(false)] })))).toEqual([
        E.link,
        E.second,
        E.disabledInDe,
      ]);
      expect(ids(await ctx.store.find(news({ fields: [featured('not 1')] })))).toEqual([
        E.link,
        E.second,
        E.disabledInDe,
      ]);
      expect(ids(await ctx.store.find(news({ fields: [audiences('editors')] })))).toEqual([
        E.hello,
      ]);
      expect(
        ids(await ctx.store.find(news({ fields: [audiences(['designers', 'editors'])] }))),
      ).toEqual([E.second, E.hello]);
      expect(
        ids(await ctx.store.find(news({ fields: [audiences(['and', 'developers', 'editors'])] }))),
      ).toEqual([E.hello]);
      expect(ids(await ctx.store.find(news({ fields: [audiences('design*')] })))).toEqual([
        E.second,
      ]);
      expect(ids(await ctx.store.find(news({ fields: [audiences(':empty:')] })))).toEqual([
        E.link,
        E.disabledInDe,
      ]);
      expect(ids(await ctx.store.find(news({ fields: [eventDate('>= 2024-02-01')] })))).toEqual([
        E.hello,
      ]);
    });

    it('filters relation fields by target ids', async () => {
      const categories = (param: ElementCriteria['id']) => ({
        fieldHandle: 'newsCategories',
        fieldType: 'categories',
        param: param ?? null,
      });
      expect(ids(await ctx.store.find(news({ fields: [categories(E.ai)] })))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(news({ fields: [categories([E.ai, E.web])] })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(
        ids(await ctx.store.find(news({ fields: [categories(['and', E.ai, E.web])] }))),
      ).toEqual([]);
      expect(ids(await ctx.store.find(news({ fields: [categories(':empty:')] })))).toEqual([
        E.link,
        E.disabledInDe,
      ]);
      expect(ids(await ctx.store.find(news({ fields: [categories(`not ${E.ai}`)] })))).toEqual([
        E.link,
        E.second,
        E.disabledInDe,
      ]);
    });

    it('filters dates with operators, ranges, before and after', async () => {
      expect(
        ids(await ctx.store.find(news({ postDate: ['and', '>= 2024-01-01', '< 2024-02-01'] }))),
      ).toEqual([E.disabledInDe, E.hello]);
      expect(
        ids(await ctx.store.find(news({ before: '2024-02-01', after: '2024-01-15' }))),
      ).toEqual([E.disabledInDe]);
      expect(ids(await ctx.store.find(news({ dateCreated: '>= 2024-02-01' })))).toEqual([E.second]);
      expect(ids(await ctx.store.find(news({ expiryDate: ':notempty:', status: null })))).toEqual([
        E.expired,
      ]);
      expect(ids(await ctx.store.find(news({ postDate: '> now', status: null })))).toEqual([
        E.pending,
      ]);
    });

    it('filters by author and author group', async () => {
      expect(ids(await ctx.store.find(news({ authorIds: ctx.users.bob })))).toEqual([
        E.link,
        E.second,
      ]);
      expect(ids(await ctx.store.find(news({ authorGroupIds: [GROUP.editors] })))).toEqual([
        E.hello,
      ]);
      expect(ids(await ctx.store.find(news({ authorGroupIds: [GROUP.authors] })))).toEqual([
        E.link,
        E.second,
        E.hello,
      ]);
    });

    it('reports what cannot be a number or a date', async () => {
      await expect(ctx.store.find(news({ id: 'abc' }))).rejects.toThrow(
        new ElementQueryError('Invalid numeric value "abc"'),
      );
      await expect(ctx.store.find(news({ id: '1*' }))).rejects.toThrow(
        'Invalid numeric value "1*"',
      );
      await expect(ctx.store.find(news({ postDate: '>= soon' }))).rejects.toThrow(
        'Invalid date value "soon"',
      );
    });
  });

  describe('order, paging and counting', () => {
    it('orders by columns and fields, nulls as the smallest values', async () => {
      expect(titles(await ctx.store.find(news({ orderBy: 'title ASC' })))).toEqual([
        'a Link',
        'English Only',
        'Hello World',
        'Second Post',
      ]);
      expect(ids(await ctx.store.find(news({ orderBy: 'rating DESC' })))).toEqual([
        E.hello,
        E.second,
        E.disabledInDe,
        E.link,
      ]);
      expect(ids(await ctx.store.find(news({ orderBy: 'field_rating, id desc' })))).toEqual([
        E.link,
        E.disabledInDe,
        E.second,
        E.hello,
      ]);
      expect(ids(await ctx.store.find(news({ orderBy: 'entries.postDate' })))).toEqual(
        [...LIVE_NEWS].reverse(),
      );
      expect(ids(await ctx.store.find(news({ orderBy: 'elements.dateCreated desc, id' })))).toEqual(
        [E.second, E.hello, E.disabledInDe, E.link],
      );
    });

    it('reverses any order with inReverse, and keeps the id order with fixedOrder', async () => {
      expect(ids(await ctx.store.find(news({ inReverse: true })))).toEqual(
        [...LIVE_NEWS].reverse(),
      );
      const list = [E.second, E.link, E.hello];
      expect(ids(await ctx.store.find(news({ id: list, fixedOrder: true })))).toEqual(list);
      expect(
        ids(await ctx.store.find(news({ id: list, fixedOrder: true, inReverse: true }))),
      ).toEqual([...list].reverse());
      expect(
        ids(await ctx.store.find(news({ id: list, fixedOrder: true, orderBy: 'title' }))),
      ).toEqual(list);
    });

    it('rejects columns the kind does not have, with a message for the client', async () => {
      await expect(ctx.store.find(news({ orderBy: 'bogus' }))).rejects.toThrow(
        new ElementQueryError('Invalid orderBy column "bogus"'),
      );
      await expect(ctx.store.find(news({ orderBy: 'filename' }))).rejects.toThrow(
        'Invalid orderBy column "filename"',
      );
      await expect(ctx.store.find(news({ orderBy: 'contentBlocks' }))).rejects.toThrow(
        'Invalid orderBy column "contentBlocks"',
      );
      await expect(ctx.store.find(news({ orderBy: 'constructor' }))).rejects.toThrow(
        'Invalid orderBy column "constructor"',
      );
    });

    it('pages with offset and limit, and counts every match', async () => {
      expect(ids(await ctx.store.find(news({ offset: 1, limit: 2 })))).toEqual([
        E.second,
        E.disabledInDe,
      ]);
      expect(ids(await ctx.store.find(news({ offset: 3 })))).toEqual([E.hello]);
      expect(await ctx.store.find(news({ limit: 0 }))).toEqual([]);
      expect(await ctx.store.count(news())).toBe(4);
      // Craft's count() ignores offset and limit (Yii drops them from scalar queries).
      expect(await ctx.store.count(news({ limit: 2 }))).toBe(4);
      expect(await ctx.store.count(news({ offset: 3, limit: 0 }))).toBe(4);
      expect(await ctx.store.count(news({ status: null }))).toBe(7);
    });

    it('reads several sites: one row per site, or one per element with unique', async () => {
      const both = news({ siteIds: [SITE.en, SITE.de], id: E.hello });
      expect(titles(await ctx.store.find(both))).toEqual(['Hello World', 'Hallo Welt']);
      expect(titles(await ctx.store.find({ ...both, unique: true }))).toEqual(['Hello World']);
      expect(
        titles(await ctx.store.find({ ...both, unique: true, preferSites: [SITE.de] })),
      ).toEqual(['Hallo Welt']);
      // Disabled in the preferred site: the row of the other site still counts.
      const mixed = news({
        siteIds: [SITE.en, SITE.de],
        id: E.disabledInDe,
        unique: true,
        preferSites: [SITE.de],
      });
      expect((await ctx.store.find(mixed)).map((record) => record.siteId)).toEqual([SITE.en]);
      // 4 live in English, 2 in German (one has no German row, one is disabled there).
      expect(await ctx.store.count(news({ siteIds: [SITE.en, SITE.de] }))).toBe(6);
      expect(await ctx.store.count(news({ siteIds: [SITE.en, SITE.de], unique: true }))).toBe(4);
    });
  });

  describe('search', () => {
    it('matches words and the words they begin, with an integer score', async () => {
      const found = await ctx.store.find(news({ search: 'databases' }));
      expect(ids(found)).toEqual([E.second]);
      expect(Number.isInteger(found[0].searchScore)).toBe(true);
      expect(found[0].searchScore).toBeGreaterThan(0);
      expect(ids(await ctx.store.find(news({ search: 'sal' })))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(news({ search: 'hello second' })))).toEqual([]);
      expect(ids(await ctx.store.find(news({ search: 'hello OR second' })))).toEqual([
        E.second,
        E.hello,
      ]);
      expect(ids(await ctx.store.find(news({ search: 'post -second' })))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(news({ search: '"first post"' })))).toEqual([E.hello]);
      expect(await ctx.store.find(news({ search: '"post first"' }))).toEqual([]);
      expect(ids(await ctx.store.find(news({ search: '*gres' })))).toEqual([E.second]);
    });

    it('takes searchTermOptions as the defaults of every term', async () => {
      expect(
        await ctx.store.find(news({ search: 'sal', searchTermOptions: { subRight: false } })),
      ).toEqual([]);
      expect(
        ids(await ctx.store.find(news({ search: 'gres', searchTermOptions: { subLeft: true } }))),
      ).toEqual([E.second]);
      expect(
        ids(await ctx.store.find(news({ search: 'second', searchTermOptions: { exclude: true } }))),
      ).toEqual([E.link, E.disabledInDe, E.hello]);
      expect(
        await ctx.store.find(news({ search: 'title:hello', searchTermOptions: { exact: true } })),
      ).toEqual([]);
    });

    it("reads Craft's attribute forms", async () => {
      expect(ids(await ctx.store.find(news({ search: 'title:second' })))).toEqual([E.second]);
      expect(ids(await ctx.store.find(news({ search: 'title::"hello world"' })))).toEqual([
        E.hello,
      ]);
      expect(await ctx.store.find(news({ search: 'title::hello' }))).toEqual([]);
      expect(ids(await ctx.store.find(news({ search: 'slug:world' })))).toEqual([E.hello]);
      expect(ids(await ctx.store.find(news({ search: 'summary:databases' })))).toEqual([E.second]);
      expect(ids(await ctx.store.find(news({ search: 'summary:*' })))).toEqual([E.second, E.hello]);
      expect(ids(await ctx.store.find(news({ search: '-summary:*' })))).toEqual([
        E.link,
        E.disabledInDe,
      ]);
    });

    it('orders by score, best first', async () => {
      const found = await ctx.store.find(
        news({ search: 'databases OR hello OR post', orderBy: 'score' }),
      );
      const scores = found.map((record) => record.searchScore ?? 0);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(found[0].id).toBe(E.second);
      // Without a search, score orders nothing and the default order stays.
      expect(ids(await ctx.store.find(news({ orderBy: 'score' })))).toEqual(LIVE_NEWS);
    });
  });
}
