import { ContentDemoWorld } from '../../support/content-demo-world';
import {
  argumentNames,
  argumentPlaces,
  introspectServedSchema,
  ownTypeNames,
  queryFieldNames,
  typeFieldNames,
} from '../../support/content-introspection';
import { GraphqlClient } from '../../support/graphql-client';
import { data, startScopesWorld } from '../fixtures/scopes-world';

/**
 * What introspection shows each GraphQL schema: its types, fields and arguments, and only
 * those its scope grants. The world: fixtures/scopes-world.ts.
 */
describe('GraphQL scopes, introspection and tokens (PGlite, demo content)', () => {
  let world: ContentDemoWorld;
  let pub: GraphqlClient;
  let partner: GraphqlClient;
  let editorial: GraphqlClient;
  let editorsOnly: GraphqlClient;
  let german: GraphqlClient;
  let linksOnly: GraphqlClient;
  let archive: GraphqlClient;

  beforeAll(async () => {
    ({ world, pub, partner, editorial, editorsOnly, german, linksOnly, archive } =
      await startScopesWorld());
  });
  afterAll(async () => {
    await world?.stop();
  });

  describe('introspection', () => {
    const ELEMENT_BASE = [
      'DateTime',
      'ElementInterface',
      'EntryCriteriaInput',
      'EntryInterface',
      'Mutation',
      'Query',
      'QueryArgument',
      'SearchTermOptions',
    ];
    const CONTENT_BLOCKS = [
      'MatrixBlockInterface',
      'contentBlocks_MatrixField',
      'contentBlocks_image_BlockType',
      'contentBlocks_quote_BlockType',
      'contentBlocks_text_BlockType',
    ];
    const PUBLIC_TYPES = [
      ...ELEMENT_BASE,
      ...CONTENT_BLOCKS,
      'AssetCriteriaInput',
      'AssetInterface',
      'CategoryCriteriaInput',
      'CategoryInterface',
      'GlobalSetInterface',
      'Number',
      'TagCriteriaInput',
      'TagInterface',
      'aboutSectionEntryUnion',
      'about_about_Entry',
      'homepageSectionEntryUnion',
      'homepage_homepage_Entry',
      'images_Asset',
      'keywords_Tag',
      'newsSectionEntryUnion',
      'news_article_Entry',
      'news_link_Entry',
      'pagesSectionEntryUnion',
      'pages_page_Entry',
      'siteInfo_GlobalSet',
      'specs_TableRow',
      'topics_Category',
    ];
    const ENTRY_ROOTS = ['entries', 'entry', 'entryCount', 'queryEntries', 'queryEntry'];
    const ASSET_ROOTS = ['asset', 'assetCount', 'assets', 'queryAsset', 'queryAssets'];
    const USER_ROOTS = ['queryUser', 'queryUsers', 'user', 'userCount', 'users'];
    const sorted = (names: string[]) => [...names].sort();

    it('partner sees exactly news articles, the images and what they need', async () => {
      const schema = await introspectServedSchema(partner);
      expect(ownTypeNames(schema)).toEqual(
        sorted([
          ...ELEMENT_BASE,
          ...CONTENT_BLOCKS,
          'AssetCriteriaInput',
          'AssetInterface',
          'Number',
          'images_Asset',
          'newsSectionEntryUnion',
          'news_article_Entry',
        ]),
      );
      expect(queryFieldNames(schema)).toEqual(
        sorted(['ping', 'newsEntries', ...ENTRY_ROOTS, ...ASSET_ROOTS]),
      );
      expect(schema.getType('pages_page_Entry')).toBeUndefined();
      expect(schema.getType('news_link_Entry')).toBeUndefined();
      // Relation fields to categories, tags and users are left out with their kinds.
      const article = typeFieldNames(schema, 'news_article_Entry') ?? [];
      expect(article).toEqual(
        expect.arrayContaining(['summary', 'body', 'heroImage', 'relatedArticles', 'rating']),
      );
      for (const absent of ['newsCategories', 'keywords', 'reviewers', 'author', 'authorId']) {
        expect(article).not.toContain(absent);
      }
      expect(typeFieldNames(schema, 'images_Asset')).not.toContain('uploader');
      expect(argumentNames(schema, 'Query.entries')).toEqual(
        sorted([
          ...['id', 'uid', 'site', 'siteId', 'siteSettingsId', 'unique', 'preferSites', 'title'],
          ...['slug', 'uri', 'search', 'searchTermOptions', 'relatedTo', 'relatedToAssets'],
          ...['relatedToEntries', 'relatedToAll', 'ref', 'fixedOrder', 'inReverse'],
          ...['dateCreated', 'dateUpdated', 'offset', 'limit', 'orderBy', 'language', 'editable'],
          ...['section', 'sectionId', 'type', 'typeId', 'postDate', 'before', 'after'],
          ...['expiryDate', 'withStructure', 'structureId', 'level', 'hasDescendants'],
          ...['ancestorOf', 'ancestorDist', 'descendantOf', 'descendantDist', 'leaves'],
          ...['nextSiblingOf', 'prevSiblingOf', 'positionedAfter', 'positionedBefore'],
          // The custom fields of news articles that the scope can filter by.
          ...['summary', 'body', 'heroImage', 'relatedArticles', 'rating', 'featured'],
        ]),
      );
      for (const name of ['status', 'archived', 'trashed', 'authorId', 'authorGroup']) {
        expect(argumentPlaces(schema, name)).toEqual([]);
      }
      for (const name of ['relatedToCategories', 'relatedToTags', 'relatedToUsers']) {
        expect(argumentPlaces(schema, name)).toEqual([]);
      }
      // __type agrees with the type list.
      const types = await data(
        partner,
        '{ page: __type(name: "pages_page_Entry") { name } article: __type(name: "news_article_Entry") { name } user: __type(name: "User") { name } }',
      );
      expect(types).toEqual({ page: null, article: { name: 'news_article_Entry' }, user: null });
    });

    it('the public schema names nothing about users and has no status arguments', async () => {
      const schema = await introspectServedSchema(pub);
      expect(ownTypeNames(schema)).toEqual(sorted(PUBLIC_TYPES));
      expect(queryFieldNames(schema)).toEqual(
        sorted([
          'ping',
          ...ENTRY_ROOTS,
          ...ASSET_ROOTS,
          ...['aboutEntries', 'homepageEntries', 'newsEntries', 'pagesEntries'],
          ...['categories', 'category', 'categoryCount', 'queryCategories', 'queryCategory'],
          ...['tags', 'tag', 'tagCount', 'queryTags', 'queryTag'],
          ...['globalSet', 'globalSets', 'queryGlobalSet', 'queryGlobalSets'],
        ]),
      );
      expect(typeFieldNames(schema, 'EntryInterface')).not.toContain('author');
      expect(typeFieldNames(schema, 'news_article_Entry')).not.toContain('reviewers');
      expect(typeFieldNames(schema, 'AssetInterface')).not.toContain('uploader');
      for (const name of ['status', 'archived', 'trashed', 'authorId', 'authorGroup', 'uploader']) {
        expect(argumentPlaces(schema, name)).toEqual([]);
      }
      expect(argumentPlaces(schema, 'relatedToUsers')).toEqual([]);
      expect(argumentPlaces(schema, 'relatedToCategories')).toContain(
        'Query.entries(relatedToCategories)',
      );
    });

    it('editorial adds the users and the status, archived and trashed arguments', async () => {
      const schema = await introspectServedSchema(editorial);
      expect(ownTypeNames(schema)).toEqual(
        sorted([
          ...PUBLIC_TYPES,
          'User',
          'UserCriteriaInput',
          'UserInterface',
          // the input types of the mutations editorial may run (docs/content-mutations.md)
          'FileInput',
          'contentBlocks_MatrixInput',
          'contentBlocks_MatrixBlockContainerInput',
          'contentBlocks_text_MatrixBlockInput',
          'contentBlocks_quote_MatrixBlockInput',
          'contentBlocks_image_MatrixBlockInput',
          'specs_TableRowInput',
        ]),
      );
      expect(queryFieldNames(schema)).toEqual(expect.arrayContaining(USER_ROOTS));
      expect(typeFieldNames(schema, 'EntryInterface')).toEqual(
        expect.arrayContaining(['author', 'authorId']),
      );
      expect(typeFieldNames(schema, 'news_article_Entry')).toContain('reviewers');
      for (const name of ['status', 'archived', 'trashed']) {
        expect(argumentPlaces(schema, name)).toEqual(
          expect.arrayContaining([
            `Query.entries(${name})`,
            `Query.users(${name})`,
            `news_article_Entry.relatedArticles(${name})`,
            `EntryInterface.children(${name})`,
            `EntryCriteriaInput.${name}`,
          ]),
        );
      }
      expect(argumentNames(schema, 'Query.entries')).toEqual(
        expect.arrayContaining(['authorId', 'authorGroup', 'authorGroupId', 'relatedToUsers']),
      );
    });

    it('narrow schemas show only their types and root fields', async () => {
      const links = await introspectServedSchema(linksOnly);
      expect(ownTypeNames(links)).toEqual(
        sorted([...ELEMENT_BASE, 'newsSectionEntryUnion', 'news_link_Entry']),
      );
      expect(queryFieldNames(links)).toEqual(sorted(['ping', 'newsEntries', ...ENTRY_ROOTS]));

      const pages = await introspectServedSchema(german);
      expect(ownTypeNames(pages)).toEqual(
        sorted([
          ...ELEMENT_BASE,
          'Number',
          'pagesSectionEntryUnion',
          'pages_page_Entry',
          'specs_TableRow',
        ]),
      );
      // No assets in the scope: the gallery field and its argument go.
      expect(typeFieldNames(pages, 'pages_page_Entry')).not.toContain('gallery');
      expect(argumentNames(pages, 'Query.entries')).not.toContain('gallery');

      const editors = await introspectServedSchema(editorsOnly);
      expect(queryFieldNames(editors)).toEqual(
        sorted(['ping', 'newsEntries', ...ENTRY_ROOTS, ...USER_ROOTS]),
      );
      expect(ownTypeNames(editors)).toEqual(expect.arrayContaining(['User', 'UserInterface']));
      for (const absent of [
        'AssetInterface',
        'images_Asset',
        'CategoryInterface',
        'TagInterface',
      ]) {
        expect(ownTypeNames(editors)).not.toContain(absent);
      }
      // User photo is an asset: not without a volume.
      expect(typeFieldNames(editors, 'User')).not.toContain('photo');

      const files = await introspectServedSchema(archive);
      expect(ownTypeNames(files)).toEqual(
        expect.arrayContaining(['documents_Asset', 'images_Asset', 'pages_page_Entry']),
      );
      expect(ownTypeNames(files)).not.toContain('news_article_Entry');
    });
  });
});
