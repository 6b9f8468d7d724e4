import { GraphQLSchema, parse, specifiedRules, validate } from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentDemoWorld } from '../../support/content-demo-world';
import {
  introspectServedSchema,
  ownTypeNames,
  queryFieldNames,
} from '../../support/content-introspection';
import { eventually } from '../../support/eventually';
import { GraphqlClient } from '../../support/graphql-client';
import {
  Data,
  expectHttpError,
  INVALID_AUTHORIZATION,
  LIVE_ARTICLES,
  MISSING_AUTHORIZATION,
  SCOPES_PROJECT,
  startScopesWorld,
} from '../fixtures/scopes-world';

/**
 * The served schemas are valid GraphQL and accept Craft's documented queries; token errors,
 * and tokens as their schema's YAML changes. The world: fixtures/scopes-world.ts.
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

  describe('the served schemas are valid GraphQL and accept Craft’s documented queries', () => {
    /** Queries in the style of Craft's GraphQL documentation, adapted to the demo content. */
    const CRAFT_QUERIES: Readonly<Record<string, string>> = {
      ping: '{ ping }',
      newsWithFragments: `{
        entries(section: "news", limit: 2, orderBy: "dateCreated DESC") {
          dateCreated @formatDateTime(format: "Y-m-d")
          title
          children { title }
          ... on news_article_Entry {
            summary
            heroImage { url @transform(width: 300, immediately: true) }
          }
        }
      }`,
      sectionQuery: `{
        newsEntries(limit: 3) {
          ... on news_article_Entry { title postDate @formatDateTime(format: "F j, Y") }
        }
      }`,
      paging: `query ($limit: Int, $offset: Int) {
        entries(section: "news", limit: $limit, offset: $offset) { title url }
        total: entryCount(section: "news")
      }`,
      idArguments: `query ($ids: [QueryArgument]) {
        entries(id: $ids, fixedOrder: true) { id title }
      }`,
      search: `query ($search: String) {
        entries(search: $search, orderBy: "score") { title searchScore }
      }`,
      matrix: `{
        entries(section: "news", type: "article") {
          title
          ... on news_article_Entry {
            contentBlocks {
              ... on contentBlocks_text_BlockType { text }
              ... on contentBlocks_quote_BlockType { quote attribution }
              ... on contentBlocks_image_BlockType { image { url } }
            }
          }
        }
      }`,
      assets: `{
        assets(volume: "images", kind: "image") {
          filename
          url @transform(handle: "thumb")
          width
          height
          focalPoint
          srcset(sizes: ["1x", "2x"])
        }
      }`,
      interfaceFragments: `
        fragment base on ElementInterface { id title uri }
        fragment page on EntryInterface { ...base url level }
        { entries(section: "pages", level: 1) { ...page children { ...page } } }`,
      relationCount: `{
        entries(section: "news", type: "article") {
          title
          related: _count(field: "relatedArticles")
        }
      }`,
      structure: `{
        entry(section: "pages", slug: "team") { title parent { title } ancestors { title } }
      }`,
      single: `{
        entry(section: "about") { title ... on about_about_Entry { body @markdown contactEmail } }
      }`,
      table: `{
        entry(section: "pages", slug: "services") {
          ... on pages_page_Entry { specs { label value col1 col2 } }
        }
      }`,
      globals:
        '{ globalSet(handle: "siteInfo") { ... on siteInfo_GlobalSet { copyright contactEmail } } }',
      categories: '{ categories(group: "topics", level: 1) { title children { title } } }',
      tags: '{ tags(group: "keywords", orderBy: "title") { title } }',
      relatedToCategories: '{ entries(relatedToCategories: [{ slug: "web" }]) { title } }',
      users: '{ users(group: "editors") { fullName email } userCount }',
    };
    /** What partner's schema accepts: news articles and images only. */
    const PARTNER_VALID = [
      'ping',
      'newsWithFragments',
      'sectionQuery',
      'paging',
      'idArguments',
      'search',
      'matrix',
      'assets',
      'interfaceFragments',
      'relationCount',
      'structure',
    ];
    const VARIABLES: Readonly<Record<string, Data>> = {
      paging: { limit: 2, offset: 1 },
      idArguments: { ids: [] },
      search: { search: 'graphql' },
    };

    /** graphql-js's messages, without its "Did you mean" suggestions. */
    const validationErrors = (schema: GraphQLSchema, name: string) =>
      validate(schema, parse(CRAFT_QUERIES[name]), specifiedRules).map((error) =>
        error.message.replace(/ Did you mean .*$/, ''),
      );

    it('passes graphql-js’s schema validation for every scope, the full schema included', async () => {
      const full = world.fullSchemaClient();
      for (const client of [pub, partner, editorial, editorsOnly, german, linksOnly, archive]) {
        const schema = await introspectServedSchema(client);
        expect(schema.getQueryType()?.name).toBe('Query');
        expect(schema.getMutationType()?.name).toBe('Mutation');
        expect(schema.getDirectives().map((directive) => directive.name)).toEqual(
          expect.arrayContaining([
            'formatDateTime',
            'transform',
            'markdown',
            'parseRefs',
            'stripTags',
            'trim',
          ]),
        );
      }
      const everything = await introspectServedSchema(full);
      expect(ownTypeNames(everything)).toEqual(
        expect.arrayContaining(['User', 'documents_Asset', 'images_Asset', 'pages_page_Entry']),
      );
    });

    it('validates the documented queries against the editorial schema and runs them', async () => {
      const schema = await introspectServedSchema(editorial);
      for (const name of Object.keys(CRAFT_QUERIES)) {
        expect([name, validationErrors(schema, name)]).toEqual([name, []]);
        const answer = await editorial.post<{ data?: Data; errors?: unknown }>({
          query: CRAFT_QUERIES[name],
          variables: VARIABLES[name],
        });
        expect([name, answer.body.errors]).toEqual([name, undefined]);
        for (const [field, value] of Object.entries(answer.body.data ?? {})) {
          expect([name, field, value]).not.toEqual([name, field, null]);
        }
      }
    });

    it('tells partner’s queries from the ones its scope cannot express', async () => {
      const schema = await introspectServedSchema(partner);
      for (const name of PARTNER_VALID) {
        expect([name, validationErrors(schema, name)]).toEqual([name, []]);
        const answer = await partner.post<{ errors?: unknown }>({
          query: CRAFT_QUERIES[name],
          variables: VARIABLES[name],
        });
        expect([name, answer.body.errors]).toEqual([name, undefined]);
      }
      const rejected = Object.fromEntries(
        Object.keys(CRAFT_QUERIES)
          .filter((name) => !PARTNER_VALID.includes(name))
          .map((name) => [name, validationErrors(schema, name)]),
      );
      expect(rejected).toEqual({
        single: ['Unknown type "about_about_Entry".'],
        table: ['Unknown type "pages_page_Entry".'],
        globals: [
          'Cannot query field "globalSet" on type "Query".',
          'Unknown type "siteInfo_GlobalSet".',
        ],
        categories: ['Cannot query field "categories" on type "Query".'],
        tags: ['Cannot query field "tags" on type "Query".'],
        relatedToCategories: ['Unknown argument "relatedToCategories" on field "Query.entries".'],
        users: [
          'Cannot query field "users" on type "Query".',
          'Cannot query field "userCount" on type "Query".',
        ],
      });
    });
  });

  describe('token errors', () => {
    const PING = { query: '{ping}' };

    it('answers unknown and malformed tokens 400 Invalid Authorization header', async () => {
      for (const token of ['A'.repeat(32), 'not-a-token', '__public__']) {
        expectHttpError(await pub.withToken(token).post(PING), INVALID_AUTHORIZATION);
      }
      // Before anything about the query: a broken query with a bad token is a token error.
      expectHttpError(
        await pub.withToken('B'.repeat(32)).postRaw('{"query":', 'application/json'),
        INVALID_AUTHORIZATION,
      );
    });

    it('answers a token disabled or expired through the admin API 400', async () => {
      const disabled = await world.createToken({
        name: 'disabled partner',
        schema: 'partner',
        enabled: false,
      });
      const expired = await world.createToken({
        name: 'expired partner',
        schema: 'partner',
        expiryDate: '2024-01-01T00:00:00Z',
      });
      for (const token of [disabled, expired]) {
        expectHttpError(await pub.withToken(token.accessToken).post(PING), INVALID_AUTHORIZATION);
      }
      // A token that expires while in use: valid until its expiry date, refused after it.
      const expiresAt = Date.now() + 4000;
      const shortLived = await world.createToken({
        name: 'short-lived partner',
        schema: 'partner',
        expiryDate: new Date(expiresAt).toISOString(),
      });
      const client = pub.withToken(shortLived.accessToken);
      expect((await client.post({ query: '{ entryCount }' })).body).toEqual({
        data: { entryCount: LIVE_ARTICLES.length },
      });
      await eventually(
        'the token to expire',
        async () => ((await client.post(PING)).status === 400 ? true : undefined),
        15_000,
        250,
      );
      expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
      expectHttpError(await client.post(PING), INVALID_AUTHORIZATION);
    });

    describe('when the YAML changes', () => {
      const original = () => SCOPES_PROJECT['e2-scopes.yaml'];
      const retiring = "  - { handle: retiring, name: Retiring, scope: ['sections.news:read'] }\n";
      const withRetiring = (line: string) => original().replace(retiring, line);
      let client: GraphqlClient;

      beforeAll(async () => {
        client = await world.clientFor('retiring', 'retiring site');
      });
      afterAll(() => world.writeProjectFile('e2-scopes.yaml', original()));

      /** Waits until the token's answer is `status` (the model reloads ~150 ms after a write). */
      const answersWith = (status: number, query = '{ entryCount }') =>
        eventually(
          `the token to answer ${status}`,
          async () => {
            const answer = await client.post({ query });
            return answer.status === status ? answer : undefined;
          },
          10_000,
          50,
        ).then(({ value }) => value);

      it('locks out the tokens of a schema disabled, expired or removed in the YAML', async () => {
        expect((await answersWith(200)).body).toEqual({ data: { entryCount: 7 } });

        world.writeProjectFile(
          'e2-scopes.yaml',
          withRetiring(
            "  - { handle: retiring, name: Retiring, enabled: false, scope: ['sections.news:read'] }\n",
          ),
        );
        expectHttpError(await answersWith(400), INVALID_AUTHORIZATION);

        world.writeProjectFile('e2-scopes.yaml', original());
        expect((await answersWith(200)).body).toEqual({ data: { entryCount: 7 } });

        world.writeProjectFile(
          'e2-scopes.yaml',
          withRetiring(
            "  - { handle: retiring, name: Retiring, expiryDate: 2024-06-01T12:00:00Z, scope: ['sections.news:read'] }\n",
          ),
        );
        expectHttpError(await answersWith(400), INVALID_AUTHORIZATION);

        world.writeProjectFile(
          'e2-scopes.yaml',
          withRetiring(
            "  - { handle: retiring, name: Retiring, expiryDate: 2099-06-01T12:00:00Z, scope: ['sections.news:read'] }\n",
          ),
        );
        expect((await answersWith(200)).body).toEqual({ data: { entryCount: 7 } });

        world.writeProjectFile('e2-scopes.yaml', withRetiring(''));
        expectHttpError(await answersWith(400), INVALID_AUTHORIZATION);
        const listed =
          await world.api.get<{ name: string; schema: string | null }[]>('/api/content/tokens');
        expect(listed.body.find((token) => token.name === 'retiring site')?.schema).toBeNull();
      });

      it('serves a schema put back in the YAML with its new scope, in results and introspection', async () => {
        world.writeProjectFile(
          'e2-scopes.yaml',
          withRetiring(
            "  - { handle: retiring, name: Retiring, scope: ['sections.news:read', 'categorygroups.topics:read'] }\n",
          ),
        );
        expect((await answersWith(200, '{ entryCount categoryCount }')).body).toEqual({
          data: { entryCount: 7, categoryCount: 4 },
        });
        const schema = await introspectServedSchema(client);
        expect(queryFieldNames(schema)).toContain('categories');
        expect(ownTypeNames(schema)).toContain('topics_Category');
        world.writeProjectFile('e2-scopes.yaml', original());
        await eventually('the narrower scope to be served again', async () => {
          const answer = await client.post<{ data?: Data }>({
            query: '{ entryCount categoryCount }',
          });
          return JSON.stringify(answer.body) === '{"data":{"entryCount":7}}' ? true : undefined;
        });
        const narrower = await introspectServedSchema(client);
        expect(ownTypeNames(narrower)).not.toContain('topics_Category');
      });

      it('answers Missing Authorization header while the public schema is disabled or expired', async () => {
        const graphqlYaml = join(world.projectDir, 'graphql.yaml');
        const demo = readFileSync(graphqlYaml, 'utf8');
        const publicOn = '    public: true\n';
        expect(demo).toContain(publicOn);
        const publicAnswers = (status: number) =>
          eventually(
            `the public schema to answer ${status}`,
            async () => {
              const answer = await pub.post(PING);
              return answer.status === status ? answer : undefined;
            },
            10_000,
            50,
          ).then(({ value }) => value);
        try {
          for (const change of ['    enabled: false\n', '    expiryDate: 2024-01-01\n']) {
            world.writeProjectFile('graphql.yaml', demo.replace(publicOn, publicOn + change));
            expectHttpError(await publicAnswers(400), MISSING_AUTHORIZATION);
            expectHttpError(await pub.withToken('__PUBLIC__').post(PING), INVALID_AUTHORIZATION);
            // Private tokens are not affected.
            expect((await partner.post(PING)).body).toEqual({ data: { ping: 'pong' } });
            world.writeProjectFile('graphql.yaml', demo);
            expect((await publicAnswers(200)).body).toEqual({ data: { ping: 'pong' } });
          }
        } finally {
          world.writeProjectFile('graphql.yaml', demo);
        }
      });
    });
  });
});
