import {
  getIntrospectionQuery,
  getNamedType,
  graphqlSync,
  isInterfaceType,
  isObjectType,
  isUnionType,
} from 'graphql';
import type { GraphQLField, GraphQLSchema, IntrospectionQuery } from 'graphql';
import { resolve } from 'node:path';
import type { GqlSchemaDefinition } from '../../model/content-model';
import { buildContentModel } from '../../model/store/content-model.builder';
import { ContentModelIndex } from '../../model/content-model.index';
import { loadContentModel } from '../../model/yaml/project.loader';
import { fullSchema } from '../../schemas/full-schema';
import { demoModel, SCHEMAS, schemaWithScope } from '../scope-grants.fixtures';
import { validContentSchema } from './content-schema.fixtures';

const model = demoModel();

function build(definition: GqlSchemaDefinition): GraphQLSchema {
  return validContentSchema(model, definition);
}

function objectField(
  schema: GraphQLSchema,
  type: string,
  field: string,
): GraphQLField<unknown, unknown> {
  const named = schema.getType(type);
  if (!isObjectType(named) && !isInterfaceType(named)) throw new Error(`${type} is not an object`);
  const found = named.getFields()[field];
  if (found === undefined) throw new Error(`${type}.${field} does not exist`);
  return found;
}

function fieldNames(schema: GraphQLSchema, type: string): string[] {
  const named = schema.getType(type);
  if (!isObjectType(named) && !isInterfaceType(named)) return [];
  return Object.keys(named.getFields());
}

function argNames(schema: GraphQLSchema, type: string, field: string): string[] {
  return objectField(schema, type, field).args.map((arg) => arg.name);
}

/** Every name introspection shows: types, fields, arguments, input fields, enum values. */
function introspectedNames(schema: GraphQLSchema): Set<string> {
  const result = graphqlSync({ schema, source: getIntrospectionQuery() });
  expect(result.errors).toBeUndefined();
  const data = result.data as unknown as IntrospectionQuery;
  const names = new Set<string>();
  for (const type of data.__schema.types) {
    names.add(type.name);
    const { fields, inputFields } = type as {
      fields?: { name: string; args: { name: string }[] }[] | null;
      inputFields?: { name: string }[] | null;
    };
    for (const field of fields ?? []) {
      names.add(`${type.name}.${field.name}`);
      for (const arg of field.args) names.add(`${type.name}.${field.name}(${arg.name})`);
    }
    for (const field of inputFields ?? []) names.add(`${type.name}.${field.name}`);
  }
  return names;
}

describe('buildContentSchema', () => {
  it('builds valid schemas for the demo scopes, the full schema and an empty scope', () => {
    for (const definition of [
      SCHEMAS.public,
      SCHEMAS.editorial,
      SCHEMAS.partner,
      fullSchema(model),
      schemaWithScope([]),
    ]) {
      expect(() => build(definition)).not.toThrow();
    }
  });

  it('names types as Craft 4 does', () => {
    const schema = build(SCHEMAS.editorial);
    for (const name of [
      'ElementInterface',
      'EntryInterface',
      'AssetInterface',
      'UserInterface',
      'CategoryInterface',
      'TagInterface',
      'GlobalSetInterface',
      'MatrixBlockInterface',
      'news_article_Entry',
      'news_link_Entry',
      'pages_page_Entry',
      'homepage_homepage_Entry',
      'about_about_Entry',
      'images_Asset',
      'topics_Category',
      'keywords_Tag',
      'siteInfo_GlobalSet',
      'User',
      'contentBlocks_text_BlockType',
      'contentBlocks_quote_BlockType',
      'contentBlocks_image_BlockType',
      'contentBlocks_MatrixField',
      'specs_TableRow',
      'newsSectionEntryUnion',
      'EntryCriteriaInput',
      'AssetCriteriaInput',
      'UserCriteriaInput',
      'CategoryCriteriaInput',
      'TagCriteriaInput',
      'DateTime',
      'QueryArgument',
      'Number',
    ]) {
      expect(schema.getType(name)).toBeDefined();
    }
    const union = schema.getType('newsSectionEntryUnion');
    expect(isUnionType(union) && union.getTypes().map((t) => t.name)).toEqual([
      'news_article_Entry',
      'news_link_Entry',
    ]);
    const article = schema.getType('news_article_Entry');
    expect(isObjectType(article) && article.getInterfaces().map((i) => i.name)).toEqual([
      'ElementInterface',
      'EntryInterface',
    ]);
  });

  it('has the root fields of every kind the scope can query, with deprecated 3.3 aliases', () => {
    const editorial = build(SCHEMAS.editorial);
    expect(fieldNames(editorial, 'Query')).toEqual(
      expect.arrayContaining([
        'ping',
        'entries',
        'entry',
        'entryCount',
        'newsEntries',
        'pagesEntries',
        'homepageEntries',
        'aboutEntries',
        'assets',
        'asset',
        'assetCount',
        'users',
        'user',
        'userCount',
        'globalSets',
        'globalSet',
        'categories',
        'category',
        'categoryCount',
        'tags',
        'tag',
        'tagCount',
        'queryEntries',
        'queryAssets',
        'queryUsers',
        'queryGlobalSets',
        'queryCategories',
        'queryTags',
      ]),
    );
    expect(fieldNames(editorial, 'Query')).not.toContain('globalSetCount');
    expect(objectField(editorial, 'Query', 'queryEntries').deprecationReason).toContain('entries');
    expect(objectField(editorial, 'Query', 'entries').deprecationReason).toBeUndefined();
    expect(String(objectField(editorial, 'Query', 'entries').type)).toBe('[EntryInterface]');
    expect(String(objectField(editorial, 'Query', 'entryCount').type)).toBe('Int!');
    expect(String(objectField(editorial, 'Query', 'newsEntries').type)).toBe(
      '[newsSectionEntryUnion]',
    );
    expect(argNames(editorial, 'Query', 'newsEntries')).not.toContain('section');
    expect(argNames(editorial, 'Query', 'newsEntries')).not.toContain('sectionId');
    expect(argNames(editorial, 'Query', 'newsEntries')).toContain('type');

    const publicSchema = build(SCHEMAS.public);
    expect(fieldNames(publicSchema, 'Query')).not.toContain('users');
    expect(fieldNames(build(schemaWithScope([])), 'Query')).toEqual(['ping']);
  });

  it('has the element arguments of docs/content-store.md, status ones only with elements.inactive', () => {
    const editorial = build(SCHEMAS.editorial);
    const entryArgs = argNames(editorial, 'Query', 'entries');
    expect(entryArgs).toEqual(
      expect.arrayContaining([
        'id',
        'uid',
        'site',
        'siteId',
        'unique',
        'preferSites',
        'title',
        'slug',
        'uri',
        'search',
        'relatedTo',
        'relatedToAssets',
        'relatedToEntries',
        'relatedToUsers',
        'relatedToCategories',
        'relatedToTags',
        'relatedToAll',
        'ref',
        'fixedOrder',
        'inReverse',
        'dateCreated',
        'dateUpdated',
        'offset',
        'limit',
        'orderBy',
        'status',
        'archived',
        'trashed',
        'section',
        'sectionId',
        'type',
        'typeId',
        'authorId',
        'authorGroup',
        'authorGroupId',
        'postDate',
        'before',
        'after',
        'expiryDate',
        'level',
        'ancestorOf',
        'descendantOf',
        'leaves',
        // custom fields of the readable layouts
        'summary',
        'rating',
        'featured',
        'relatedArticles',
        'layout',
      ]),
    );
    expect(entryArgs).not.toContain('contentBlocks');
    expect(entryArgs).not.toContain('specs');
    const types = (name: string) =>
      String(objectField(editorial, 'Query', 'entries').args.find((a) => a.name === name)?.type);
    expect(types('id')).toBe('[QueryArgument]');
    expect(types('featured')).toBe('Boolean');
    expect(types('relatedToEntries')).toBe('[EntryCriteriaInput]');
    expect(types('limit')).toBe('Int');
    expect(argNames(editorial, 'Query', 'assets')).toEqual(
      expect.arrayContaining(['volume', 'volumeId', 'filename', 'kind', 'width', 'uploader']),
    );
    expect(argNames(editorial, 'Query', 'users')).toEqual(
      expect.arrayContaining(['email', 'username', 'group', 'groupId', 'hasPhoto']),
    );
    expect(argNames(editorial, 'Query', 'globalSets')).toContain('handle');
    expect(argNames(editorial, 'Query', 'categories')).toEqual(
      expect.arrayContaining(['group', 'groupId', 'level', 'summary']),
    );
    expect(argNames(editorial, 'Query', 'tags')).toEqual(
      expect.arrayContaining(['group', 'groupId']),
    );
    expect(argNames(build(SCHEMAS.public), 'Query', 'entries')).not.toContain('status');
    expect(
      objectField(editorial, 'Query', 'entries').args.find((a) => a.name === 'relatedToAll')
        ?.deprecationReason,
    ).toBeDefined();
  });

  it('types custom fields as Craft does, with relation and matrix arguments', () => {
    const schema = build(SCHEMAS.editorial);
    const type = (owner: string, field: string) => String(objectField(schema, owner, field).type);
    expect(type('news_article_Entry', 'summary')).toBe('String');
    expect(type('news_article_Entry', 'rating')).toBe('Number');
    expect(type('news_article_Entry', 'featured')).toBe('Boolean');
    expect(type('about_about_Entry', 'eventDate')).toBe('DateTime');
    expect(type('pages_page_Entry', 'layout')).toBe('String');
    expect(argNames(schema, 'pages_page_Entry', 'layout')).toEqual(['label']);
    expect(type('pages_page_Entry', 'audiences')).toBe('[String]');
    expect(type('pages_page_Entry', 'specs')).toBe('[specs_TableRow]');
    expect(fieldNames(schema, 'specs_TableRow')).toEqual(['col1', 'label', 'col2', 'value']);
    expect(type('specs_TableRow', 'value')).toBe('Number');
    expect(type('news_article_Entry', 'heroImage')).toBe('[AssetInterface]!');
    expect(type('news_article_Entry', 'relatedArticles')).toBe('[EntryInterface]!');
    expect(type('news_article_Entry', 'newsCategories')).toBe('[CategoryInterface]!');
    expect(type('news_article_Entry', 'keywords')).toBe('[TagInterface]!');
    expect(type('news_article_Entry', 'reviewers')).toBe('[UserInterface]!');
    expect(type('news_article_Entry', 'contentBlocks')).toBe('[contentBlocks_MatrixField]!');
    expect(argNames(schema, 'news_article_Entry', 'heroImage')).toEqual(
      expect.arrayContaining(['volume', 'filename', 'limit']),
    );
    expect(argNames(schema, 'news_article_Entry', 'contentBlocks')).toEqual(
      expect.arrayContaining(['type', 'typeId', 'limit']),
    );
    expect(type('contentBlocks_quote_BlockType', 'attribution')).toBe('String');
    expect(type('contentBlocks_image_BlockType', 'image')).toBe('[AssetInterface]!');
    expect(type('contentBlocks_text_BlockType', 'typeHandle')).toBe('String!');
    // custom fields exist on concrete types only
    expect(fieldNames(schema, 'EntryInterface')).not.toContain('summary');
  });

  it('has the interface fields of docs/content-graphql.md#fields, with transform arguments on asset url/width/height', () => {
    const schema = build(SCHEMAS.editorial);
    expect(fieldNames(schema, 'EntryInterface')).toEqual(
      expect.arrayContaining([
        'id',
        '_count',
        'siteHandle',
        'language',
        'searchScore',
        'sectionHandle',
        'typeHandle',
        'author',
        'authorId',
        'children',
        'descendants',
        'ancestors',
        'parent',
        'url',
        'localized',
        'prev',
        'next',
        'postDate',
        'lft',
        'level',
      ]),
    );
    expect(String(objectField(schema, 'EntryInterface', 'children').type)).toBe(
      '[EntryInterface!]!',
    );
    expect(argNames(schema, 'EntryInterface', 'children')).toContain('section');
    for (const field of ['url', 'width', 'height', 'format']) {
      expect(argNames(schema, 'images_Asset', field)).toEqual([
        'handle',
        'transform',
        'width',
        'height',
        'mode',
        'position',
        'interlace',
        'quality',
        'format',
        'immediately',
      ]);
    }
    expect(fieldNames(schema, 'AssetInterface')).toEqual(
      expect.arrayContaining([
        'uploader',
        'alt',
        'volumeId',
        'folderId',
        'filename',
        'extension',
        'hasFocalPoint',
        'focalPoint',
        'kind',
        'size',
        'img',
        'srcset',
        'mimeType',
        'path',
        'dateModified',
      ]),
    );
    expect(fieldNames(schema, 'UserInterface')).toEqual(
      expect.arrayContaining([
        'photo',
        'friendlyName',
        'fullName',
        'name',
        'preferences',
        'preferredLanguage',
        'username',
        'firstName',
        'lastName',
        'email',
      ]),
    );
    expect(fieldNames(schema, 'CategoryInterface')).toEqual(
      expect.arrayContaining(['groupId', 'groupHandle', 'children', 'parent', 'url']),
    );
    expect(fieldNames(schema, 'TagInterface')).toEqual(
      expect.arrayContaining(['groupId', 'groupHandle']),
    );
    expect(fieldNames(schema, 'GlobalSetInterface')).toEqual(
      expect.arrayContaining(['name', 'handle']),
    );
    expect(fieldNames(schema, 'MatrixBlockInterface')).toEqual(
      expect.arrayContaining([
        'fieldId',
        'ownerId',
        'primaryOwnerId',
        'typeId',
        'typeHandle',
        'sortOrder',
      ]),
    );
  });

  it('declares the content directives on FIELD', () => {
    const schema = build(SCHEMAS.public);
    const directive = (name: string) => schema.getDirective(name);
    for (const name of [
      'formatDateTime',
      'transform',
      'markdown',
      'parseRefs',
      'stripTags',
      'trim',
      'money',
    ]) {
      expect(directive(name)?.locations).toEqual(['FIELD']);
    }
    expect(directive('money')?.args.map((a) => a.name)).toEqual(['format', 'locale']);
    expect(directive('formatDateTime')?.args.map((a) => a.name)).toEqual([
      'format',
      'timezone',
      'locale',
    ]);
    expect(directive('transform')?.args.map((a) => a.name)).toEqual([
      'handle',
      'transform',
      'width',
      'height',
      'mode',
      'position',
      'interlace',
      'quality',
      'format',
      'immediately',
    ]);
    expect(directive('markdown')?.args.map((a) => a.name)).toEqual(['flavor', 'inlineOnly']);
    expect(directive('stripTags')?.args.map((a) => a.name)).toEqual(['allowed']);
  });

  it('shows a narrow scope nothing it does not grant, in introspection', () => {
    const names = introspectedNames(build(SCHEMAS.partner));
    const unscoped = [...names].filter((name) =>
      /User|Categor|Tag|GlobalSet|news_link|pages|homepage|about|newsCategories|keywords|reviewers|authorId|authorGroup|uploader|\(status\)|\(archived\)|\(trashed\)|photo|specs|layout|audiences|accentColor|eventDate|contactEmail|website|intro/.test(
        name,
      ),
    );
    expect(unscoped).toEqual([]);
    // what it grants is there
    for (const name of [
      'news_article_Entry',
      'images_Asset',
      'newsSectionEntryUnion',
      'Query.entries',
      'Query.assets',
      'news_article_Entry.heroImage',
      'news_article_Entry.relatedArticles',
      'news_article_Entry.contentBlocks',
      'Query.entries(relatedToEntries)',
      'Query.entries(relatedToAssets)',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('leaves out relation fields whose target kind the scope cannot read', () => {
    const schema = build(SCHEMAS.public);
    expect(fieldNames(schema, 'news_article_Entry')).not.toContain('reviewers');
    expect(fieldNames(schema, 'news_article_Entry')).toContain('newsCategories');
    expect(fieldNames(schema, 'EntryInterface')).not.toContain('author');
    expect(fieldNames(schema, 'AssetInterface')).not.toContain('uploader');
    const relationTypes = Object.values(
      (
        schema.getType('news_article_Entry') as ReturnType<typeof schema.getQueryType> & object
      ).getFields(),
    ).map((field) => getNamedType(field.type).name);
    expect(relationTypes).not.toContain('UserInterface');
  });

  it('builds valid schemas for every GraphQL schema of the demo project YAML', () => {
    const directory = resolve(__dirname, '../../../../config/content/project');
    const { model: normalised } = loadContentModel(directory, { volumesDir: '/srv', cwd: '/srv' });
    // The database assigns ids when the model is applied: any distinct numbers do here.
    class SequentialIds extends Map<string, number> {
      override get(uid: string): number {
        if (!this.has(uid)) this.set(uid, this.size + 1);
        return super.get(uid)!;
      }
    }
    const demo = new ContentModelIndex(buildContentModel(normalised, new SequentialIds()));
    expect(demo.model.schemas.map((s) => s.handle)).toEqual(
      expect.arrayContaining(['public', 'editorial', 'partner']),
    );
    for (const definition of demo.model.schemas) {
      const schema = validContentSchema(demo, definition);
      if (definition.handle === 'partner') {
        expect(
          Object.keys(schema.getTypeMap()).filter((name) => /_(Entry|Asset)$/.test(name)),
        ).toEqual(['news_article_Entry', 'images_Asset']);
      }
    }
  });
});
