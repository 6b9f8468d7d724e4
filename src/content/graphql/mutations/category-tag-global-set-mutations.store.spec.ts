import { data, DE, EN, errors, mutationsSuite } from './mutations-harness.fixtures';

/**
 * Category, tag and global set mutations: categories in their structure, tags, and global set
 * values per site.
 * Runs in-process against the real store: see mutations-harness.fixtures.ts.
 */
mutationsSuite('GraphQL mutations', () => {
  describe('categories, tags and global sets', () => {
    it('saves categories in their structure and deletes them', async () => {
      const SAVE = `mutation ($id: ID, $title: String, $summary: String, $appendTo: ID, $siteId: Int) {
        save_topics_Category(id: $id, title: $title, summary: $summary, appendTo: $appendTo, siteId: $siteId) {
          __typename id title slug uri level summary parent { id }
        }
      }`;
      type Category = { id: string; title: string; uri: string; level: number; summary: string };
      const save = (variables: Record<string, unknown>) =>
        data<{ save_topics_Category: Category }>(SAVE, variables).then(
          (result) => result.save_topics_Category,
        );
      const science = await save({ title: 'Science', summary: 'All of it' });
      const physics = await save({ title: 'Physics', appendTo: science.id });
      expect(physics).toMatchObject({
        __typename: 'topics_Category',
        uri: 'topics/physics',
        level: 2,
        parent: { id: science.id },
      });
      const german = await save({
        id: science.id,
        siteId: DE,
        title: 'Wissenschaft',
        summary: 'Alles',
      });
      expect(german).toMatchObject({ title: 'Wissenschaft', summary: 'Alles' });
      expect(await save({ id: science.id, title: 'Science!' })).toMatchObject({
        title: 'Science!',
        summary: 'All of it',
      });
      const tag = await data<{ save_keywords_Tag: { id: string } }>(
        `mutation { save_keywords_Tag(title: "Not a category") { id } }`,
      );
      expect(await errors(SAVE, { id: tag.save_keywords_Tag.id, title: 'x' })).toEqual([
        'No such category exists',
      ]);
      expect(
        await data(`mutation ($id: Int!) { deleteCategory(id: $id) }`, { id: Number(science.id) }),
      ).toEqual({ deleteCategory: true });
      // Its child moves up into its place.
      expect(
        await data(`query ($id: [QueryArgument]) { category(id: $id) { level uri } }`, {
          id: [physics.id],
        }),
      ).toEqual({ category: { level: 1, uri: 'topics/physics' } });
    });

    it('saves and deletes tags, and global set values per site', async () => {
      const tag = await data<{
        save_keywords_Tag: { __typename: string; id: string; title: string; slug: string };
      }>(
        `mutation { save_keywords_Tag(title: "GraphQL APIs", slug: "graphql") { __typename id title slug } }`,
      );
      expect(tag.save_keywords_Tag).toMatchObject({
        __typename: 'keywords_Tag',
        title: 'GraphQL APIs',
        slug: 'graphql',
      });
      expect(
        await data(`mutation ($id: Int!) { deleteTag(id: $id) }`, {
          id: Number(tag.save_keywords_Tag.id),
        }),
      ).toEqual({ deleteTag: true });
      expect(
        await data(`mutation ($id: Int!) { deleteTag(id: $id) }`, {
          id: Number(tag.save_keywords_Tag.id),
        }),
      ).toEqual({ deleteTag: false });

      const SAVE = `mutation ($siteId: Int, $copyright: String, $contactEmail: String) {
        save_siteInfo_GlobalSet(siteId: $siteId, copyright: $copyright, contactEmail: $contactEmail) {
          __typename handle siteId copyright contactEmail
        }
      }`;
      expect(
        await data(SAVE, { copyright: '© Example', contactEmail: 'desk@example.com' }),
      ).toEqual({
        save_siteInfo_GlobalSet: {
          __typename: 'siteInfo_GlobalSet',
          handle: 'siteInfo',
          siteId: EN,
          copyright: '© Example',
          contactEmail: 'desk@example.com',
        },
      });
      await data(SAVE, { siteId: DE, copyright: '© Beispiel' });
      const both = await data<{
        en: { copyright: string };
        de: { copyright: string; contactEmail: string };
      }>(
        `{ en: globalSet(handle: "siteInfo", site: "en") { ... on siteInfo_GlobalSet { copyright } }
           de: globalSet(handle: "siteInfo", site: "de") { ... on siteInfo_GlobalSet { copyright contactEmail } } }`,
      );
      expect(both).toEqual({
        en: { copyright: '© Example' },
        de: { copyright: '© Beispiel', contactEmail: 'desk@example.com' },
      });
      expect(await errors(SAVE, { contactEmail: 'nope' })).toEqual([
        'field "contactEmail": "nope" is not a valid email address',
      ]);
    });
  });
});
