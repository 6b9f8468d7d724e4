import { sql } from 'drizzle-orm';
import { assertValidSchema, GraphQLList, GraphQLObjectType } from 'graphql';
import type { GraphQLInputObjectType } from 'graphql';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ManualClock } from '../../../infra/clock/clock';
import type { DrizzleExecutor } from '../../../infra/database/database.types';
import { rawRows } from '../../../infra/database/raw-rows';
import { StatsRegistry } from '../../../infra/stats/stats-registry';
import { loadSettings } from '../../../settings/settings.loader';
import type { GraphqlResultCache } from '../../cache/graphql-result-cache';
import type { GqlSchemaDefinition } from '../../model/content-model';
import { ContentModelIndex } from '../../model/content-model.index';
import type { FixedModelSource } from '../../store/write/element-writer.fixtures';
import { writerTestDrivers, writerTestModel } from '../../store/write/element-writer.fixtures';
import { ElementsRepository } from '../../store/read/elements.repository';
import { fullSchema } from '../../schemas/full-schema';
import { LocalAssetFiles } from '../../transforms/local-asset-files';
import type { GraphqlResult } from '../content-graphql';
import { ContentGraphqlService } from '../content-graphql.service';
import { ContentGraphqlContextFactory } from '../graphql-context.factory';
import { ContentMutations } from './content-mutations.service';
import { PERMISSION_DENIED } from './errors';
import { MUTATION_NEEDS_POST } from './method';

/**
 * Mutations executed in-process against the real store (the writer's test model on PostgreSQL,
 * and PGlite with NODE_OPTIONS=--experimental-vm-modules): the generated Mutation type per scope,
 * what each mutation writes, read back through queries, and what it refuses.
 */

const NOW = Date.parse('2025-03-01T12:00:00Z');
const EN = 1;
const DE = 2;

const ALL_ACTIONS = ['read', 'create', 'save', 'delete'];
const scopeOf = (...components: string[]) => components;
const grant = (entity: string, handle: string, actions = ALL_ACTIONS) =>
  actions.map((action) => `${entity}.${handle}:${action}`);

function schema(handle: string, scope: string[]): GqlSchemaDefinition {
  return {
    id: 900 + handle.length,
    uid: `schema-${handle}`,
    handle,
    name: handle,
    isPublic: false,
    scope,
    enabled: true,
    expiryDate: null,
  };
}

const SCHEMAS = {
  editorial: schema(
    'editorial',
    scopeOf(
      ...grant('sections', 'news'),
      ...grant('sections', 'pages'),
      ...grant('sections', 'homepage', ['read', 'save']),
      ...grant('sections', 'about', ['read', 'save']),
      ...grant('volumes', 'images'),
      ...grant('categorygroups', 'topics', ['read', 'save', 'delete']),
      ...grant('taggroups', 'keywords', ['read', 'save', 'delete']),
      ...grant('globalsets', 'siteInfo', ['read', 'edit']),
      'usergroups.everyone:read',
      'elements.inactive:read',
    ),
  ),
  reader: schema(
    'reader',
    scopeOf(
      'sections.news:read',
      'sections.pages:read',
      'volumes.images:read',
      'globalsets.siteInfo:read',
    ),
  ),
  /** Creates news (not links), never updates or deletes; deletes pages it cannot read. */
  newsdesk: schema(
    'newsdesk',
    scopeOf(
      'sections.news:read',
      'entrytypes.news.article:read',
      'entrytypes.news.article:create',
      'sections.pages:delete',
      'sites.en:read',
    ),
  ),
};

let db: DrizzleExecutor;
let drop: () => Promise<void>;
let models: FixedModelSource;
let service: ContentGraphqlService;
let dir: string;
let volumeDir: string;
let invalidations = 0;
const clock = new ManualClock(NOW);

async function run(
  query: string,
  variables: Record<string, unknown> = {},
  options: { schema?: keyof typeof SCHEMAS; readOnly?: boolean } = {},
): Promise<GraphqlResult> {
  return service.execute(
    SCHEMAS[options.schema ?? 'editorial'],
    { query, variables, operationName: null },
    { readOnly: options.readOnly },
  );
}

/** The data of a result that must have no errors. */
async function data<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  options: { schema?: keyof typeof SCHEMAS } = {},
): Promise<T> {
  const result = await run(query, variables, options);
  expect(result.errors).toBeUndefined();
  return result.data as T;
}

/** The messages of a result that must fail. */
async function errors(
  query: string,
  variables: Record<string, unknown> = {},
  options: { schema?: keyof typeof SCHEMAS; readOnly?: boolean } = {},
): Promise<string[]> {
  const result = await run(query, variables, options);
  expect(result.errors).toBeDefined();
  return result.errors!.map((error) => error.message);
}

async function count(kind: string): Promise<number> {
  const [row] = await rawRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM content_elements WHERE kind = ${kind}`,
  );
  return Number(row.n);
}

function mutationFields(schemaHandle: keyof typeof SCHEMAS): string[] {
  const generated = service.schemaFor(models.current, SCHEMAS[schemaHandle]);
  return Object.keys(generated.getMutationType()!.getFields()).sort();
}

async function png(width: number, height: number): Promise<string> {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: '#3a7' },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${buffer.toString('base64')}`;
}

describe.each(writerTestDrivers())('GraphQL mutations on %s', (_driver, open) => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mutations-'));
    volumeDir = join(dir, 'volume');
    await mkdir(volumeDir, { recursive: true });
    const base = writerTestModel(volumeDir);
    const model = new ContentModelIndex({ ...base.model, schemas: Object.values(SCHEMAS) });
    const opened = await open(model, clock);
    ({ db, drop, models } = opened);
    await opened.writer.ensureSingles(model);
    await opened.writer.ensureGlobalSets(model);
    const reader = new ElementsRepository(opened.database, clock, models, new StatsRegistry());
    // Counts invalidations; the real cache is tested in src/content/cache.
    const cache = {
      invalidate: () => {
        invalidations++;
        return Promise.resolve();
      },
    } as unknown as GraphqlResultCache;
    const mutations = new ContentMutations(
      opened.database,
      opened.writer,
      opened.lookups,
      reader,
      cache,
    );
    const settings = loadSettings({});
    const factory = new ContentGraphqlContextFactory(
      reader,
      new LocalAssetFiles(models),
      settings,
      mutations,
    );
    service = new ContentGraphqlService(models, factory, settings);
  });

  afterAll(async () => {
    service.onModuleDestroy();
    await drop();
    await rm(dir, { recursive: true, force: true });
  });

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
      const full = service.schemaFor(models.current, fullSchema(models.current));
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
      const generated = service.schemaFor(models.current, SCHEMAS.editorial);
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

  describe('entries', () => {
    const SAVE_ARTICLE = `mutation Save(
      $id: ID, $siteId: Int, $title: String, $slug: String, $enabled: Boolean,
      $summary: String, $rating: Number, $featured: Boolean, $postDate: DateTime,
      $related: [Int], $blocks: contentBlocks_MatrixInput
    ) {
      save_news_article_Entry(
        id: $id, siteId: $siteId, title: $title, slug: $slug, enabled: $enabled,
        summary: $summary, rating: $rating, featured: $featured, postDate: $postDate,
        relatedArticles: $related, contentBlocks: $blocks
      ) {
        __typename id title slug uri siteId enabled status postDate
        summary rating featured
        relatedArticles { id title }
        contentBlocks {
          __typename
          ... on contentBlocks_text_BlockType { id text }
          ... on contentBlocks_quote_BlockType { id quote attribution }
        }
      }
    }`;
    type Article = {
      id: string;
      title: string;
      slug: string;
      uri: string;
      siteId: number;
      enabled: boolean;
      enabledForSite?: boolean;
      status: string;
      summary: string | null;
      rating: number | null;
      relatedArticles: { id: string; title: string }[];
      contentBlocks: { __typename: string; id: string; text?: string; quote?: string }[];
    };
    const save = (variables: Record<string, unknown>) =>
      data<{ save_news_article_Entry: Article }>(SAVE_ARTICLE, variables).then(
        (result) => result.save_news_article_Entry,
      );
    const query = (id: string, site = 'en') =>
      data<{ entry: Article | null }>(
        `query ($id: [QueryArgument], $site: [String]) {
          entry(id: $id, site: $site, status: null) {
            id title slug siteId enabled enabledForSite summary rating
            contentBlocks {
              __typename
              ... on contentBlocks_text_BlockType { id text }
              ... on contentBlocks_quote_BlockType { id quote attribution }
            }
          }
        }`,
        { id: [id], site: [site] },
      ).then((result) => result.entry);

    it('creates an entry with its fields, relations and blocks, and returns it', async () => {
      const before = invalidations;
      const first = await save({ title: 'First story', summary: 'One.' });
      expect(first).toMatchObject({
        __typename: 'news_article_Entry',
        title: 'First story',
        slug: 'first-story',
        uri: 'news/first-story',
        siteId: EN,
        enabled: true,
        status: 'live',
        postDate: '2025-03-01T12:00:00+00:00',
      });
      expect(invalidations).toBe(before + 1);
      const second = await save({
        title: 'Second story',
        slug: 'second',
        summary: 'Two.',
        rating: 4.25,
        featured: true,
        postDate: '2025-02-01T08:00:00Z',
        related: [Number(first.id)],
        blocks: {
          blocks: [
            { text: { id: 'new1', text: '<p>Hello</p>' } },
            { quote: { id: 'new2', quote: 'Quoted', attribution: 'Ada' } },
          ],
          sortOrder: ['new1', 'new2'],
        },
      });
      expect(second).toMatchObject({
        slug: 'second',
        uri: 'news/second',
        rating: 4.3,
        featured: true,
        postDate: '2025-02-01T08:00:00+00:00',
        relatedArticles: [{ id: first.id, title: 'First story' }],
      });
      expect(second.contentBlocks).toEqual([
        {
          __typename: 'contentBlocks_text_BlockType',
          id: expect.any(String),
          text: '<p>Hello</p>',
        },
        {
          __typename: 'contentBlocks_quote_BlockType',
          id: expect.any(String),
          quote: 'Quoted',
          attribution: 'Ada',
        },
      ]);
      // A new entry is written in every site of its section.
      expect(await query(second.id, 'de')).toMatchObject({
        title: 'Second story',
        summary: 'Two.',
      });
    });

    it('updates in one site as Craft does: translatable values there, others everywhere', async () => {
      const entry = await save({ title: 'Bilingual', summary: 'English summary', rating: 1 });
      await save({
        id: entry.id,
        siteId: DE,
        title: 'Zweisprachig',
        slug: 'zweisprachig',
        summary: 'Deutsche Zusammenfassung',
        rating: 2,
        enabled: false,
      });
      expect(await query(entry.id, 'en')).toMatchObject({
        title: 'Bilingual',
        slug: 'bilingual',
        summary: 'English summary',
        rating: 2,
        enabled: true,
        enabledForSite: true,
      });
      expect(await query(entry.id, 'de')).toMatchObject({
        title: 'Zweisprachig',
        slug: 'zweisprachig',
        summary: 'Deutsche Zusammenfassung',
        rating: 2,
        enabled: true,
        enabledForSite: false,
      });
      // Without siteId: the primary site; `enabled` is the element's own.
      await save({ id: entry.id, title: 'Bilingual (updated)', enabled: false });
      expect(await query(entry.id, 'en')).toMatchObject({
        title: 'Bilingual (updated)',
        enabled: false,
      });
      expect((await query(entry.id, 'de'))!.title).toBe('Zweisprachig');
    });

    it('keeps, reorders, adds and deletes matrix blocks by sortOrder', async () => {
      const entry = await save({
        title: 'Blocks',
        blocks: {
          blocks: [
            { text: { id: 'new1', text: 'one' } },
            { text: { id: 'new2', text: 'two' } },
            { quote: { id: 'new3', quote: 'three' } },
          ],
        },
      });
      const [one, two, three] = entry.contentBlocks;
      const updated = await save({
        id: entry.id,
        blocks: {
          sortOrder: [three.id, 'new1', one.id],
          blocks: [
            { text: { id: 'new1', text: 'new one' } },
            { text: { id: one.id, text: 'one, edited' } },
          ],
        },
      });
      expect(updated.contentBlocks).toEqual([
        {
          __typename: 'contentBlocks_quote_BlockType',
          id: three.id,
          quote: 'three',
          attribution: null,
        },
        { __typename: 'contentBlocks_text_BlockType', id: expect.any(String), text: 'new one' },
        { __typename: 'contentBlocks_text_BlockType', id: one.id, text: 'one, edited' },
      ]);
      expect(updated.contentBlocks.map((block) => block.id)).not.toContain(two.id);
      expect(
        await errors(SAVE_ARTICLE, {
          id: entry.id,
          blocks: { blocks: [{ quote: { id: one.id, quote: 'wrong type' } }] },
        }),
      ).toEqual([`field "contentBlocks": block ${one.id} is a "text" block, not "quote"`]);
      expect(
        await errors(SAVE_ARTICLE, {
          id: entry.id,
          blocks: { sortOrder: ['new9'], blocks: [] },
        }),
      ).toEqual([
        'field "contentBlocks": sortOrder names "new9", which is neither a block of this field nor one of the given blocks',
      ]);
    });

    it('answers validation errors naming the fields, and writes nothing', async () => {
      const entries = await count('entry');
      const before = invalidations;
      expect(
        await errors(
          `mutation { save_news_link_Entry(title: "Link", website: "not a url", summary: "s") { id } }`,
        ),
      ).toEqual(['field "website": "not a url" is not a valid URL (http, https, mailto or tel)']);
      expect(
        await errors(
          `mutation { save_about_about_Entry(contactEmail: "nobody", eventDate: "2025-05-01") { id } }`,
        ),
      ).toEqual(['field "contactEmail": "nobody" is not a valid email address']);
      expect(await errors(SAVE_ARTICLE, { summary: 'No title' })).toEqual([
        'site en: title is required\nsite de: title is required',
      ]);
      expect(await errors(SAVE_ARTICLE, { title: 'Bad relation', related: [999999] })).toEqual([
        'field "relatedArticles": element 999999 does not exist',
      ]);
      expect(await count('entry')).toBe(entries);
      expect(invalidations).toBe(before);
    });

    it('refuses what the scope does not allow, and foreign or unknown entries', async () => {
      const page = await data<{ save_pages_page_Entry: { id: string } }>(
        `mutation { save_pages_page_Entry(title: "A page") { id } }`,
      );
      const pageId = page.save_pages_page_Entry.id;
      const article = await save({ title: 'Desk story' });
      // newsdesk creates articles but may not update them.
      const created = await data<{ save_news_article_Entry: { id: string; title: string } }>(
        `mutation { save_news_article_Entry(title: "From the desk") { id title } }`,
        {},
        { schema: 'newsdesk' },
      );
      expect(created.save_news_article_Entry.title).toBe('From the desk');
      expect(
        await errors(
          `mutation ($id: ID) { save_news_article_Entry(id: $id, title: "Edited") { id } }`,
          { id: article.id },
          { schema: 'newsdesk' },
        ),
      ).toEqual([PERMISSION_DENIED]);
      // It may delete pages, not news.
      expect(
        await errors(
          `mutation ($id: Int!) { deleteEntry(id: $id) }`,
          { id: Number(article.id) },
          {
            schema: 'newsdesk',
          },
        ),
      ).toEqual([PERMISSION_DENIED]);
      expect(
        await data(
          `mutation ($id: Int!) { deleteEntry(id: $id) }`,
          { id: Number(pageId) },
          {
            schema: 'newsdesk',
          },
        ),
      ).toEqual({ deleteEntry: true });
      // A mutation of another section cannot take over an entry.
      const other = await save({ title: 'Not a page' });
      expect(
        await errors(
          `mutation ($id: ID) { save_pages_page_Entry(id: $id, title: "Hijack") { id } }`,
          { id: other.id },
        ),
      ).toEqual(['Impossible to change the section of an existing entry']);
      expect(await errors(SAVE_ARTICLE, { id: '999999', title: 'Ghost' })).toEqual([
        'No such entry exists',
      ]);
      expect(await errors(SAVE_ARTICLE, { id: other.id, siteId: 99, title: 'Where' })).toEqual([
        'siteId 99 is not a site this schema can read',
      ]);
      // A read-only schema has no such field: outside devMode it is left out of the result.
      expect(
        await run(
          `mutation { save_news_article_Entry(title: "Nope") { id } }`,
          {},
          {
            schema: 'reader',
          },
        ),
      ).toEqual({ data: {} });
    });

    it('soft-deletes entries: gone from queries, found with trashed', async () => {
      const entry = await save({ title: 'Short-lived' });
      expect(
        await data(`mutation ($id: Int!) { deleteEntry(id: $id) }`, { id: Number(entry.id) }),
      ).toEqual({
        deleteEntry: true,
      });
      expect(await query(entry.id)).toBeNull();
      const trashed = await data<{ entries: { id: string; trashed: boolean }[] }>(
        `query ($id: [QueryArgument]) { entries(id: $id, trashed: true) { id trashed } }`,
        { id: [entry.id] },
      );
      expect(trashed.entries).toEqual([{ id: entry.id, trashed: true }]);
      expect(
        await data(`mutation ($id: Int!) { deleteEntry(id: $id) }`, { id: Number(entry.id) }),
      ).toEqual({
        deleteEntry: false,
      });
      expect(await errors(SAVE_ARTICLE, { id: entry.id, title: 'Back?' })).toEqual([
        'No such entry exists',
      ]);
    });

    it('places structure entries with Craft’s operations', async () => {
      const SAVE_PAGE = `mutation (
        $id: ID, $title: String, $prependTo: ID, $appendTo: ID, $prependToRoot: Boolean,
        $insertBefore: ID, $insertAfter: ID
      ) {
        save_pages_page_Entry(
          id: $id, title: $title, prependTo: $prependTo, appendTo: $appendTo,
          prependToRoot: $prependToRoot, insertBefore: $insertBefore, insertAfter: $insertAfter
        ) { id uri level parent { id } }
      }`;
      type Page = { id: string; uri: string; level: number; parent: { id: string } | null };
      const page = (variables: Record<string, unknown>) =>
        data<{ save_pages_page_Entry: Page }>(SAVE_PAGE, variables).then(
          (result) => result.save_pages_page_Entry,
        );
      const company = await page({ title: 'Company' });
      const team = await page({ title: 'Team', appendTo: company.id });
      expect(team).toMatchObject({ uri: 'company/team', level: 2, parent: { id: company.id } });
      const jobs = await page({ title: 'Jobs', prependTo: company.id });
      const press = await page({ title: 'Press', insertAfter: jobs.id });
      const children = await data<{ entry: { children: { title: string }[] } }>(
        `query ($id: [QueryArgument]) { entry(id: $id) { children { title } } }`,
        { id: [company.id] },
      );
      expect(children.entry.children.map((child) => child.title)).toEqual([
        'Jobs',
        'Press',
        'Team',
      ]);
      const moved = await page({ id: press.id, prependToRoot: true });
      expect(moved).toMatchObject({ uri: 'press', level: 1, parent: null });
      const top = await data<{ entries: { title: string }[] }>(
        `{ entries(section: "pages", level: 1) { title } }`,
      );
      expect(top.entries[0].title).toBe('Press');
      expect(await errors(SAVE_PAGE, { title: 'Lost', appendTo: '999999' })).toEqual([
        'Unable to move element in a structure',
      ]);
    });

    it('saves singles without an id', async () => {
      const about = await data<{ save_about_about_Entry: { title: string; contactEmail: string } }>(
        `mutation { save_about_about_Entry(title: "About us", contactEmail: "hello@example.com") {
          title contactEmail } }`,
      );
      expect(about.save_about_about_Entry).toEqual({
        title: 'About us',
        contactEmail: 'hello@example.com',
      });
      expect(await count('entry')).toBeGreaterThan(0);
    });

    it('never runs mutations for GET requests', async () => {
      const entries = await count('entry');
      expect(
        await errors(
          `mutation { save_news_article_Entry(title: "By link") { id } }`,
          {},
          {
            readOnly: true,
          },
        ),
      ).toEqual([MUTATION_NEEDS_POST]);
      expect(await count('entry')).toBe(entries);
      const result = await run('{ ping }', {}, { readOnly: true });
      expect(result).toEqual({ data: { ping: 'pong' } });
    });
  });
  describe('assets', () => {
    const SAVE_ASSET = `mutation (
      $id: ID, $file: FileInput, $title: String, $newFolderId: ID, $newFolderPath: String,
      $filename: String, $alt: String, $focalPoint: [Float]
    ) {
      save_images_Asset(
        id: $id, _file: $file, title: $title, newFolderId: $newFolderId,
        newFolderPath: $newFolderPath, filename: $filename, alt: $alt, focalPoint: $focalPoint
      ) { id title filename folderId path kind width height size alt focalPoint url }
    }`;
    type Asset = {
      id: string;
      title: string;
      filename: string;
      folderId: string;
      path: string;
      kind: string;
      width: number | null;
      height: number | null;
      size: string;
      alt: string | null;
      focalPoint: number[] | null;
      url: string;
    };
    const saveAsset = (variables: Record<string, unknown>) =>
      data<{ save_images_Asset: Asset }>(SAVE_ASSET, variables).then(
        (result) => result.save_images_Asset,
      );

    it('uploads base64 files into folders, avoiding taken names as Craft does', async () => {
      const before = invalidations;
      const photo = await saveAsset({
        file: { fileData: await png(40, 30), filename: 'Harbour photo.png' },
        newFolderPath: 'team/2025',
        alt: 'The harbour',
        focalPoint: [0.25, 0.75],
      });
      expect(photo).toMatchObject({
        title: 'Harbour Photo',
        filename: 'Harbour photo.png',
        path: 'team/2025/Harbour photo.png',
        kind: 'image',
        width: 40,
        height: 30,
        alt: 'The harbour',
        focalPoint: [0.25, 0.75],
        url: '/volumes/images/team/2025/Harbour%20photo.png',
      });
      expect(invalidations).toBe(before + 1);
      const stored = await sharp(join(volumeDir, 'team/2025/Harbour photo.png')).metadata();
      expect([stored.width, stored.height]).toEqual([40, 30]);

      // The same name again, in the same folder: `_1`; no name: Craft's `Upload.<ext>`.
      const again = await saveAsset({
        file: { fileData: await png(10, 10), filename: 'Harbour photo.png' },
        newFolderId: photo.folderId,
      });
      expect(again.filename).toBe('Harbour photo_1.png');
      const unnamed = await saveAsset({ file: { fileData: await png(5, 5) } });
      expect(unnamed).toMatchObject({ filename: 'Upload.png', path: 'Upload.png' });
    });

    it('replaces, renames and moves files, and adopts files already in the volume', async () => {
      const asset = await saveAsset({
        file: { fileData: await png(20, 20), filename: 'logo.png' },
      });
      const replaced = await saveAsset({
        id: asset.id,
        file: { fileData: await png(60, 20), filename: 'logo-wide.png' },
      });
      expect(replaced).toMatchObject({ id: asset.id, filename: 'logo-wide.png', width: 60 });
      // The replaced file is gone; the new one is in place.
      expect(existsSync(join(volumeDir, 'logo.png'))).toBe(false);
      expect(existsSync(join(volumeDir, 'logo-wide.png'))).toBe(true);

      const moved = await saveAsset({
        id: asset.id,
        filename: 'brand.png',
        newFolderPath: 'brand',
      });
      expect(moved).toMatchObject({ path: 'brand/brand.png', width: 60 });
      expect(existsSync(join(volumeDir, 'brand/brand.png'))).toBe(true);

      await mkdir(join(volumeDir, 'docs'), { recursive: true });
      await writeFile(join(volumeDir, 'docs/manual.txt'), 'Read me.');
      const adopted = await saveAsset({ filename: 'manual.txt', newFolderPath: 'docs' });
      expect(adopted).toMatchObject({
        title: 'Manual',
        kind: 'text',
        size: '8',
        width: null,
        path: 'docs/manual.txt',
      });
      expect(await readFile(join(volumeDir, 'docs/manual.txt'), 'utf8')).toBe('Read me.');
      expect(await errors(SAVE_ASSET, { filename: 'manual.txt', newFolderPath: 'docs' })).toEqual([
        'filename: "docs/manual.txt" belongs to another asset',
      ]);
      expect(await errors(SAVE_ASSET, { filename: 'missing.txt' })).toEqual([
        'filename: there is no file "missing.txt" in the volume',
      ]);
      expect(
        await errors(SAVE_ASSET, { id: adopted.id, filename: 'brand.png', newFolderPath: 'brand' }),
      ).toEqual(['filename: "brand/brand.png" is taken in this folder']);
    });

    it("refuses bad uploads with Craft's messages", async () => {
      const assets = await count('asset');
      expect(await errors(SAVE_ASSET, { title: 'Nothing' })).toEqual([
        'Impossible to create an asset without providing a file',
      ]);
      expect(await errors(SAVE_ASSET, { file: { fileData: 'not a data url' } })).toEqual([
        'Invalid file data provided',
      ]);
      expect(await errors(SAVE_ASSET, { file: { fileData: 'data:image/png;base64,@@@' } })).toEqual(
        ['Invalid file data provided'],
      );
      expect(await errors(SAVE_ASSET, { file: { url: 'https://example.com/a.png' } })).toEqual([
        'Uploading from a URL is not supported: send the file in `fileData` (data:<type>;base64,...)',
      ]);
      expect(
        await errors(SAVE_ASSET, { file: { fileData: await png(2, 2) }, newFolderId: '999999' }),
      ).toEqual(['Invalid folder id provided']);
      expect(
        await errors(SAVE_ASSET, { file: { fileData: await png(2, 2) }, newFolderPath: '../up' }),
      ).toEqual([
        'folder "../up": segments may not be "." or "..", contain "\\" or start with "_" (transform folders)',
      ]);
      expect(
        await errors(SAVE_ASSET, { file: { fileData: await png(2, 2) }, focalPoint: [2, 0] }),
      ).toEqual(['focalPoint: expected [x, y] with both between 0 and 1']);
      expect(await count('asset')).toBe(assets);
    });

    it('deletes assets softly, keeping their files', async () => {
      const asset = await saveAsset({ file: { fileData: await png(3, 3), filename: 'tmp.png' } });
      expect(
        await data(`mutation ($id: Int!) { deleteAsset(id: $id) }`, { id: Number(asset.id) }),
      ).toEqual({ deleteAsset: true });
      expect(
        await data(`query ($id: [QueryArgument]) { asset(id: $id) { id } }`, { id: [asset.id] }),
      ).toEqual({ asset: null });
      expect(existsSync(join(volumeDir, 'tmp.png'))).toBe(true);
      // A new upload does not take the trashed asset's name.
      const next = await saveAsset({ file: { fileData: await png(3, 3), filename: 'tmp.png' } });
      expect(next.filename).toBe('tmp_1.png');
    });
  });

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
