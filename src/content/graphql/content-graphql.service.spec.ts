import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadSettings } from '../../settings/settings.loader';
import type { ElementCriteria } from '../store/element-criteria';
import type { ElementRecord } from '../store/element-record';
import { LocalAssetFiles } from '../transforms/local-asset-files';
import type { GraphqlResult } from './content-graphql';
import {
  DEMO_PARENTS,
  DEMO_RELATIONS,
  demoElements,
  executionModel,
  SwappableModelSource,
} from './content-graphql.fixtures';
import { ContentGraphqlService } from './content-graphql.service';
import { ContentGraphqlContextFactory } from './graphql-context.factory';
import { GENERIC_ERROR_MESSAGE } from './graphql-error-json';
import { element, RecordingElementReader } from './request-loaders.recording-reader.fixtures';
import type { RelationRow } from './request-loaders.recording-reader.fixtures';
import { FIELDS, SCHEMAS } from './scope-grants.fixtures';

let volumeDir: string;

beforeAll(async () => {
  volumeDir = mkdtempSync(join(tmpdir(), 'content-graphql-'));
  await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c03' } })
    .png()
    .toFile(join(volumeDir, 'photo.png'));
});

afterAll(() => rmSync(volumeDir, { recursive: true, force: true }));

interface Harness {
  service: ContentGraphqlService;
  reader: RecordingElementReader;
  source: SwappableModelSource;
  run: (
    query: string,
    options?: { schema?: keyof typeof SCHEMAS; variables?: Record<string, unknown> },
  ) => Promise<GraphqlResult>;
}

function harness(
  env: Record<string, string> = {},
  reader = new RecordingElementReader(demoElements(), DEMO_RELATIONS, DEMO_PARENTS),
): Harness {
  const settings = loadSettings(env);
  const source = new SwappableModelSource(executionModel(volumeDir));
  const factory = new ContentGraphqlContextFactory(reader, new LocalAssetFiles(source), settings);
  const service = new ContentGraphqlService(source, factory, settings);
  return {
    service,
    reader,
    source,
    run: (query, options = {}) =>
      service.execute(SCHEMAS[options.schema ?? 'editorial'], {
        query,
        variables: options.variables ?? null,
        operationName: null,
      }),
  };
}

describe('ContentGraphqlService', () => {
  it('answers ping on Query and Mutation', async () => {
    const { run } = harness();
    expect(await run('{ ping }')).toEqual({ data: { ping: 'pong' } });
    expect(await run('mutation { ping }')).toEqual({ data: { ping: 'pong' } });
  });

  it('resolves entries with Craft’s scalars, element fields and custom fields', async () => {
    const { run } = harness();
    const result = await run(`{
      entries(section: "news", type: "article") {
        id title url postDate sectionHandle typeHandle siteHandle language status
        author { username name friendlyName preferredLanguage }
        ... on news_article_Entry { summary rating featured }
      }
    }`);
    expect(result).toEqual({
      data: {
        entries: [
          {
            id: '100',
            title: 'Hello world',
            url: 'http://localhost:8080/news/hello-world',
            postDate: '2024-01-15T10:05:00+00:00',
            sectionHandle: 'news',
            typeHandle: 'article',
            siteHandle: 'en',
            language: 'en-US',
            status: 'live',
            author: {
              username: 'ada',
              name: 'Ada Lovelace',
              friendlyName: 'Ada',
              preferredLanguage: 'en-GB',
            },
            summary: '  A <b>short</b> summary  ',
            rating: 4.5,
            featured: true,
          },
        ],
      },
    });
  });

  it('resolves fields on the runtime type without fragments outside devMode (Craft’s production quirk)', async () => {
    const { run } = harness();
    const result = await run('{ entries(section: "news") { title rating website nonsense } }');
    expect(result).toEqual({
      data: {
        entries: [
          { title: 'Hello world', rating: 4.5 },
          { title: 'A link', website: 'https://example.com' },
        ],
      },
    });
  });

  it('reports fields on the wrong type with devMode', async () => {
    const { run } = harness({ GRAPHQL_DEV_MODE: 'true' });
    const result = await run('{ entries { rating } }');
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Cannot query field "rating" on type "EntryInterface"\./),
      locations: [{ line: 1, column: 13 }],
      extensions: { category: 'graphql' },
    });
  });

  it('answers the generic message for a type the schema lacks, outside devMode only', async () => {
    const query = '{ entries { ... on news_link_Entry { website } } }';
    expect(await harness().run(query, { schema: 'partner' })).toEqual({
      errors: [{ message: GENERIC_ERROR_MESSAGE }],
    });
    const dev = await harness({ GRAPHQL_DEV_MODE: 'true' }).run(query, { schema: 'partner' });
    expect(dev.errors?.[0]?.message).toMatch(/^Unknown type "news_link_Entry"\./);
    // the public schema has it
    expect((await harness().run(query, { schema: 'public' })).errors).toBeUndefined();
  });

  it('answers syntax errors without data and validation errors with graphql’s messages', async () => {
    const { run } = harness();
    expect(await run('{ entries { ')).toEqual({
      errors: [
        {
          message: 'Syntax Error: Expected Name, found <EOF>.',
          locations: [{ line: 1, column: 13 }],
          extensions: { category: 'graphql' },
        },
      ],
    });
    const unknownArgument = await run('{ entries(foo: 1) { id } }');
    expect(unknownArgument.data).toBeUndefined();
    expect(unknownArgument.errors?.[0]?.message).toBe(
      'Unknown argument "foo" on field "Query.entries".',
    );
    expect(await run('{ entries(id: 1.5) { id } }')).toEqual({
      errors: [
        {
          message: 'QueryArgument must be either a string, an integer, or a boolean value.',
          locations: [{ line: 1, column: 15 }],
          extensions: { category: 'graphql' },
        },
      ],
    });
    const status = await run('{ entries(status: "disabled") { id } }', { schema: 'public' });
    expect(status.errors?.[0]?.message).toBe('Unknown argument "status" on field "Query.entries".');
    // Outside devMode a root field the schema lacks is simply left out, as Craft does.
    expect(await run('{ ping users { id } }', { schema: 'public' })).toEqual({
      data: { ping: 'pong' },
    });
  });

  it('refuses documents too long (GRAPHQL_MAX_TOKENS) or nested too deeply, without parsing them whole', async () => {
    const syntaxError = (message: string) => ({
      errors: [
        {
          message,
          locations: [{ line: 1, column: expect.any(Number) as number }],
          extensions: { category: 'graphql' },
        },
      ],
    });
    const aliases = `{ ${Array.from({ length: 50 }, (_, i) => `a${i}: ping`).join(' ')} }`;
    expect(await harness({ GRAPHQL_MAX_TOKENS: '100' }).run(aliases)).toEqual(
      syntaxError('Syntax Error: Document contains more that 100 tokens. Parsing aborted.'),
    );
    expect(await harness({ GRAPHQL_MAX_TOKENS: '0' }).run(aliases)).toMatchObject({
      data: { a0: 'pong', a49: 'pong' },
    });
    const { run } = harness();
    const deep = `{ entries { ${'children { '.repeat(600)}title${' }'.repeat(600)} } }`;
    expect(await run(deep)).toEqual(
      syntaxError('Syntax Error: Document nests more than 500 levels.'),
    );
    let chain = '{ entries { ...F0 } }';
    for (let i = 0; i < 600; i++) chain += ` fragment F${i} on EntryInterface { id ...F${i + 1} }`;
    chain += ' fragment F600 on EntryInterface { id }';
    expect(await run(chain)).toEqual({
      errors: [
        {
          message: 'Document nests more than 500 levels through fragment spreads.',
          extensions: { category: 'graphql' },
        },
      ],
    });
  });

  it('hides unexpected resolver errors behind the generic message unless devMode', async () => {
    class FailingReader extends RecordingElementReader {
      override find(): Promise<ElementRecord[]> {
        return Promise.reject(new Error('database is down'));
      }
    }
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const query = '{ ping entries { id } }';
    const production = await harness({}, new FailingReader([])).run(query);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('database is down'));
    logged.mockClear();
    expect(production).toEqual({
      data: { ping: 'pong', entries: null },
      errors: [
        {
          message: GENERIC_ERROR_MESSAGE,
          locations: [{ line: 1, column: 8 }],
          path: ['entries'],
          extensions: { category: 'graphql' },
        },
      ],
    });
    const dev = await harness({ GRAPHQL_DEV_MODE: 'true' }, new FailingReader([])).run(query);
    expect(dev.errors?.[0]?.message).toBe('database is down');
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('accepts variables of Craft’s scalar types', async () => {
    const { run } = harness();
    const result = await run(
      'query ($ids: [QueryArgument], $site: [String]) { entries(id: $ids, site: $site) { title } }',
      { variables: { ids: [100, '101'], site: ['de'] } },
    );
    expect(result).toEqual({ data: { entries: [{ title: 'Hallo Welt' }] } });
    const bad = await run('query ($ids: [QueryArgument]) { entries(id: $ids) { id } }', {
      variables: { ids: [{ a: 1 }] },
    });
    expect(bad.errors?.[0]?.message).toContain(
      'QueryArgument must be either a string, an integer, or a boolean value.',
    );
  });

  it('keeps the generated schema until the model changes', () => {
    const { service, source } = harness();
    const first = service.schemaFor(source.current, SCHEMAS.public);
    expect(service.schemaFor(source.current, SCHEMAS.public)).toBe(first);
    expect(service.schemaFor(source.current, SCHEMAS.partner)).not.toBe(first);
    source.replace(executionModel(volumeDir, 'second-version'));
    expect(service.schemaFor(source.current, SCHEMAS.public)).not.toBe(first);
  });

  it('serves the per-section queries, counts, structures, tables and dropdown labels', async () => {
    const { run } = harness();
    const result = await run(`{
      newsEntries { __typename }
      entryCount(section: "news")
      pages: entries(section: "pages", id: 102) {
        title
        children { title parent { title } }
        ... on pages_page_Entry {
          layout wideLabel: layout(label: true) audiences
          specs { col1 label col2 value }
        }
      }
    }`);
    expect(result).toEqual({
      data: {
        newsEntries: [{ __typename: 'news_article_Entry' }, { __typename: 'news_link_Entry' }],
        entryCount: 2,
        pages: [
          expect.objectContaining({
            title: 'Root page',
            children: [{ title: 'Child page', parent: { title: 'Root page' } }],
            layout: 'wide',
            wideLabel: 'Wide',
            audiences: ['developers', 'editors'],
            specs: [
              { col1: 'Width', label: 'Width', col2: 12, value: 12 },
              { col1: 'Depth', label: 'Depth', col2: null, value: null },
            ],
          }),
        ],
      },
    });
  });

  it('resolves relation and matrix fields', async () => {
    const { run } = harness();
    const result = await run(`{
      entry(id: 100) {
        ... on news_article_Entry {
          newsCategories { title ... on topics_Category { groupHandle } }
          keywords { title }
          reviewers { email }
          heroImage { filename }
          contentBlocks {
            __typename
            ... on contentBlocks_quote_BlockType { quote attribution typeHandle }
            ... on contentBlocks_text_BlockType { text }
          }
        }
        _count(field: "heroImage")
      }
    }`);
    expect(result).toEqual({
      data: {
        entry: {
          newsCategories: [{ title: 'Tech', groupHandle: 'topics' }],
          keywords: [{ title: 'graphql' }],
          reviewers: [{ email: 'ada@example.com' }],
          heroImage: [{ filename: 'photo.png' }],
          contentBlocks: [
            {
              __typename: 'contentBlocks_quote_BlockType',
              quote: 'To be',
              attribution: 'Hamlet',
              typeHandle: 'quote',
            },
            { __typename: 'contentBlocks_text_BlockType', text: '<p>Text</p>' },
          ],
          _count: 1,
        },
      },
    });
  });

  it('applies the text directives left to right, with variables', async () => {
    const { run } = harness();
    const result = await run(
      `query ($tz: String) {
        entry(id: 100) {
          postDate @formatDateTime(format: "Y-m-d H:i", timezone: $tz)
          atom: postDate @formatDateTime
          ... on news_article_Entry {
            trimmed: summary @stripTags @trim
            markdown: body @markdown
            inline: body @markdown(inlineOnly: true) @parseRefs
            refsThenMarkdown: body @parseRefs @markdown(inlineOnly: true)
            notText: rating @trim
          }
          title @formatDateTime(format: "Y")
        }
      }`,
      { variables: { tz: 'Europe/Berlin' } },
    );
    expect(result).toEqual({
      data: {
        entry: {
          postDate: '2024-01-15 11:05',
          atom: '2024-01-15T10:05:00+00:00',
          trimmed: 'A short summary',
          markdown: '<p>Some <em>markdown</em> with a {entry:104:title} reference.</p>\n',
          inline: 'Some <em>markdown</em> with a About us reference.',
          refsThenMarkdown: 'Some <em>markdown</em> with a About us reference.',
          notText: 4.5,
          title: 'Hello world',
        },
      },
    });
  });

  it('presents dates in the system time zone when the setting asks for it', async () => {
    // The sandbox cannot change the process's TZ: make the system zone New York for this test.
    const real = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      ?.value as (this: Intl.DateTimeFormat) => Intl.ResolvedDateTimeFormatOptions;
    const processZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const spy = jest
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockImplementation(function (this: Intl.DateTimeFormat) {
        const options = real.call(this);
        // Only the process default (what systemTimeZone() reads) changes.
        return options.timeZone === processZone
          ? { ...options, timeZone: 'America/New_York' }
          : options;
      });
    try {
      const { run } = harness({ GRAPHQL_DATES_IN_SYSTEM_TIME_ZONE: 'true' });
      expect(
        await run(
          '{ entry(id: 100) { postDate hour: postDate @formatDateTime(format: "H:i T") } }',
        ),
      ).toEqual({ data: { entry: { postDate: '2024-01-15T05:05:00-05:00', hour: '05:05 EST' } } });
    } finally {
      spy.mockRestore();
    }
  });

  it('transforms images with @transform and the url/width/height arguments', async () => {
    const { run } = harness();
    const result = await run(`{
      entry(id: 100) {
        ... on news_article_Entry {
          original: heroImage { url width height format mimeType }
          thumb: heroImage @transform(handle: "thumb") { url width height img }
          sized: heroImage { url(width: 100) width(width: 100) height(width: 100) }
          direct: heroImage { url @transform(width: 80, format: "webp") format(width: 80, format: "webp") }
          srcset: heroImage { srcset(sizes: ["100w", "2x"]) }
        }
      }
      pdf: asset(id: 201) { url width img kind extension }
      roots: assets(id: 200) @transform(handle: "thumb") { width }
      one: asset(id: 200) { width @transform(width: 50) }
    }`);
    expect(result.errors).toBeUndefined();
    const entry = (result.data as { entry: Record<string, Record<string, unknown>[]> }).entry;
    expect(entry.original).toEqual([
      {
        url: '/volumes/images/photo.png',
        width: 400,
        height: 300,
        format: 'png',
        mimeType: 'image/png',
      },
    ]);
    expect(entry.thumb[0]).toMatchObject({ width: 200, height: 200 });
    expect(entry.thumb[0].url).toMatch(/^\/volumes\/images\/_thumb\/photo\.png/);
    expect(entry.thumb[0].img).toBe(
      `<img src="${String(entry.thumb[0].url)}" width="200" height="200" alt="A photo">`,
    );
    expect(entry.sized[0]).toMatchObject({ width: 100, height: 75 });
    expect(entry.sized[0].url).toMatch(/^\/volumes\/images\/_100xAUTO/);
    expect(entry.direct[0].url).toMatch(/\.webp/);
    expect(entry.direct[0].format).toBe('webp');
    expect(entry.srcset[0].srcset).toMatch(/^\S+ 100w, \S+ 2x$/);
    expect(result.data).toMatchObject({ roots: [{ width: 200 }], one: { width: 50 } });
    expect((result.data as { pdf: unknown }).pdf).toEqual({
      url: '/volumes/images/doc.pdf',
      width: null,
      img: null,
      kind: 'pdf',
      extension: 'pdf',
    });
  });

  it('filters every result set by the schema’s scope', async () => {
    const { run } = harness();
    const partner = await run('{ entries { title } entryCount assets { filename } }', {
      schema: 'partner',
    });
    expect(partner).toEqual({
      data: {
        entries: [{ title: 'Hello world' }],
        entryCount: 1,
        assets: [{ filename: 'photo.png' }, { filename: 'doc.pdf' }],
      },
    });
    const german = await run('{ entries(site: "de") { title } }', { schema: 'partner' });
    expect(german).toEqual({ data: { entries: [] } });
  });

  it('costs a fixed number of store queries for a list with relation fields', async () => {
    const queryCost = async (articles: number): Promise<number> => {
      const elements: ElementRecord[] = [...demoElements()];
      const relations: RelationRow[] = [];
      for (let i = 0; i < articles; i++) {
        const id = 1000 + i;
        elements.push(element(id, 'entry', 1, { containerId: 30, typeId: 31, title: `A${i}` }));
        relations.push(
          { fieldId: FIELDS.heroImage.id, sourceId: id, targetId: 200 },
          { fieldId: FIELDS.newsCategories.id, sourceId: id, targetId: 300 },
          { fieldId: FIELDS.keywords.id, sourceId: id, targetId: 310 },
        );
      }
      const reader = new RecordingElementReader(elements, relations, DEMO_PARENTS);
      const result = await harness({}, reader).run(`{
        entries(section: "news", type: "article", limit: null) {
          title
          author { username }
          ... on news_article_Entry { heroImage { url } newsCategories { title } keywords { title } }
        }
      }`);
      expect(result.errors).toBeUndefined();
      expect((result.data as { entries: unknown[] }).entries).toHaveLength(articles + 1);
      return reader.calls.length;
    };
    const small = await queryCost(5);
    expect(await queryCost(100)).toBe(small);
    expect(small).toBeLessThanOrEqual(5);
  });
});

// keep the criteria type referenced for readers of this spec: the double answers ElementCriteria
export type { ElementCriteria };
