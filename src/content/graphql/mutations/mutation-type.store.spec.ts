import { assertValidSchema, GraphQLList, GraphQLObjectType } from 'graphql';
import type { GraphQLInputObjectType } from 'graphql';
import { fullSchema } from '../../schemas/full-schema';
import { m, mutationFields, mutationsSuite, SCHEMAS } from './mutations-harness.fixtures';

/**
 * The generated Mutation type per scope: which mutations exist, their arguments and input types.
 * Runs in-process against the real store: see mutations-harness.fixtures.ts.
 */
mutationsSuite('GraphQL mutations', () => {
  describe('the Mutation type', () => {
    it('has the save and delete mutations the scope grants, and only those', () => {
      expect(mutationFields('editorial')).toEqual([
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
      expect(mutationFields('reader')).toEqual(['ping']);
      // Craft's full schema (X-Craft-Gql-Schema: *) has every mutation.
      const full = m.service.schemaFor(m.models.current, fullSchema(m.models.current));
      expect(Object.keys(full.getMutationType()!.getFields()).sort()).toEqual(
        mutationFields('editorial'),
      );
      // Create for one entry type; delete without read (a Boolean needs no type).
      expect(mutationFields('newsdesk')).toEqual([
        'deleteEntry',
        'ping',
        'save_news_article_Entry',
      ]);
    });

    it("declares Craft's arguments and input types", () => {
      const generated = m.service.schemaFor(m.models.current, SCHEMAS.editorial);
      assertValidSchema(generated);
      const fields = generated.getMutationType()!.getFields();
      const args = (name: string) =>
        Object.fromEntries(fields[name].args.map((arg) => [arg.name, String(arg.type)]));
      expect(args('save_news_article_Entry')).toMatchObject({
        id: 'ID',
        uid: 'String',
        title: 'String',
        enabled: 'Boolean',
        authorId: 'ID',
        postDate: 'DateTime',
        expiryDate: 'DateTime',
        slug: 'String',
        siteId: 'Int',
        summary: 'String',
        rating: 'Number',
        featured: 'Boolean',
        relatedArticles: '[Int]',
        heroImage: '[Int]',
        contentBlocks: 'contentBlocks_MatrixInput',
      });
      expect(args('save_news_article_Entry')).not.toHaveProperty('appendTo');
      expect(args('save_pages_page_Entry')).toMatchObject({
        prependTo: 'ID',
        appendTo: 'ID',
        prependToRoot: 'Boolean',
        appendToRoot: 'Boolean',
        insertBefore: 'ID',
        insertAfter: 'ID',
        specs: '[specs_TableRowInput]',
        audiences: '[String]',
      });
      // Singles: no id, uid or author.
      expect(Object.keys(args('save_homepage_homepage_Entry'))).not.toEqual(
        expect.arrayContaining(['id']),
      );
      expect(args('save_homepage_homepage_Entry')).not.toHaveProperty('authorId');
      expect(args('save_images_Asset')).toMatchObject({
        _file: 'FileInput',
        newFolderId: 'ID',
        uploaderId: 'ID',
      });
      expect(args('deleteEntry')).toEqual({ id: 'Int!', siteId: 'Int' });
      expect(args('deleteAsset')).toEqual({ id: 'Int!' });
      expect(String(fields.save_news_article_Entry.type)).toBe('news_article_Entry');
      expect(String(fields.deleteEntry.type)).toBe('Boolean');

      const matrix = generated.getType('contentBlocks_MatrixInput') as GraphQLInputObjectType;
      expect(Object.keys(matrix.getFields())).toEqual(['sortOrder', 'blocks']);
      expect(String(matrix.getFields().sortOrder.type)).toBe('[QueryArgument]');
      const container = generated.getType(
        'contentBlocks_MatrixBlockContainerInput',
      ) as GraphQLInputObjectType;
      expect(Object.keys(container.getFields())).toEqual(['text', 'quote', 'image']);
      const quote = generated.getType(
        'contentBlocks_quote_MatrixBlockInput',
      ) as GraphQLInputObjectType;
      expect(Object.keys(quote.getFields())).toEqual(['id', 'quote', 'attribution']);
      const row = generated.getType('specs_TableRowInput') as GraphQLInputObjectType;
      expect(
        Object.fromEntries(
          Object.values(row.getFields()).map((field) => [field.name, String(field.type)]),
        ),
      ).toEqual({ col1: 'String', label: 'String', col2: 'Number', value: 'Number' });
      expect(generated.getType('news_article_Entry')).toBeInstanceOf(GraphQLObjectType);
      expect(GraphQLList).toBeDefined();
    });
  });
});
