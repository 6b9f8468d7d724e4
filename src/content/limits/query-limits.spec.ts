import { getOperationAST, parse } from 'graphql';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { fullSchema } from '../schemas/full-schema';
import { ScopeGrants } from '../graphql/scope-grants';
import { demoModel, SCHEMAS } from '../graphql/scope-grants.fixtures';
import { buildContentSchema } from '../graphql/schema/content-schema.builder';
import { INTROSPECTION_DISABLED_MESSAGE, isIntrospectionOperation } from './introspection';
import { fragmentsOf } from './operation-walk';
import { operationComplexity } from './query-complexity';
import { operationDepth } from './query-depth';
import { QueryLimits, type QueryLimitSettings } from './query-limits';

const model = demoModel();
const schema: GraphQLSchema = buildContentSchema(
  model,
  new ScopeGrants(fullSchema(model), model),
  'UTC',
);
const publicSchema: GraphQLSchema = buildContentSchema(
  model,
  new ScopeGrants(SCHEMAS.public, model),
  'UTC',
);

function complexity(
  query: string,
  variables: Record<string, unknown> = {},
  on: GraphQLSchema = schema,
): number {
  const document = parse(query);
  const operation = getOperationAST(document);
  if (operation == null) throw new Error('no single operation');
  return operationComplexity(on, operation, fragmentsOf(document), variables);
}

function depth(query: string): number {
  const document = parse(query);
  const operation = getOperationAST(document);
  if (operation == null) throw new Error('no single operation');
  return operationDepth(operation, fragmentsOf(document));
}

describe('operationComplexity (Craft scoring, docs/content-limits-cache.md#complexity-score-spec-62)', () => {
  it('scores plain fields 1 each and ping with the default', () => {
    expect(complexity('{ ping }')).toBe(1);
    expect(complexity('{ ping __typename }')).toBe(2);
  });

  it('adds 10 to root lists, singles and counts', () => {
    expect(complexity('{ entries { id title } }')).toBe(12);
    expect(complexity('{ entry { id } entryCount assetCount }')).toBe(11 + 10 + 10);
    expect(complexity('{ newsEntries { ... on news_article_Entry { title } } }')).toBe(11);
    expect(complexity('{ queryEntries { id } }')).toBe(11);
    expect(complexity('{ globalSets { id } globalSet { id } }')).toBe(22);
  });

  it('adds 10 per relatedTo<Kind> criteria and per relatedTo / relatedToAll on lists', () => {
    expect(complexity('{ entries(relatedTo: [1, 2]) { id } }')).toBe(21);
    expect(complexity('{ entries(relatedToAll: [1]) { id } }')).toBe(21);
    expect(complexity('{ entries(relatedToAssets: [{ id: 1 }, { id: 2 }]) { id } }')).toBe(31);
    // A single input object is coerced to a list of one.
    expect(complexity('{ entries(relatedToEntries: { id: 3 }) { id } }')).toBe(21);
    expect(complexity('{ entries(relatedTo: []) { id } }')).toBe(11);
  });

  it('reads arguments from variables', () => {
    const query = 'query ($ids: [QueryArgument]) { entries(relatedTo: $ids) { id } }';
    expect(complexity(query, { ids: [1] })).toBe(21);
    expect(complexity(query, {})).toBe(11);
  });

  it('scores relation, tree, matrix and single relation fields as eager loads', () => {
    // heroImage (assets field): 25 + children; relatedArticles with relatedTo: + 10.
    expect(complexity('{ entries { ... on news_article_Entry { heroImage { id } } } }')).toBe(
      10 + 25 + 1,
    );
    expect(
      complexity(
        '{ entries { ... on news_article_Entry { relatedArticles(relatedTo: 1) { id } } } }',
      ),
    ).toBe(10 + 25 + 10 + 1);
    expect(complexity('{ entries { children { id } parent { id } } }')).toBe(10 + 26 + 26);
    expect(complexity('{ entries { ancestors { id } descendants { id } } }')).toBe(10 + 52);
    expect(complexity('{ entries { localized { id } author { id } } }')).toBe(10 + 26 + 26);
    expect(
      complexity(
        '{ entries { ... on news_article_Entry { contentBlocks { ... on contentBlocks_quote_BlockType { quote } } } } }',
      ),
    ).toBe(10 + 25 + 1);
    expect(complexity('{ users { photo { id } } assets { uploader { id } } }')).toBe(
      10 + 26 + 10 + 26,
    );
  });

  it('scores handles 10 and prev/next 500 only with arguments', () => {
    expect(complexity('{ entries { sectionHandle typeHandle } }')).toBe(30);
    expect(complexity('{ entries { prev { id } } }')).toBe(11);
    expect(complexity('{ entries { next(section: "news") { id } } }')).toBe(10 + 500 + 1);
  });

  it('scores asset url/width/height by transform kind', () => {
    expect(complexity('{ assets { url width height } }')).toBe(13);
    expect(complexity('{ assets { url(handle: "thumb") } }')).toBe(35);
    expect(complexity('{ assets { url(transform: "thumb") } }')).toBe(35);
    expect(complexity('{ assets { url(width: 100) height(width: 100, handle: "thumb") } }')).toBe(
      410,
    );
  });

  it('sums every fragment branch and follows named fragments once each', () => {
    const query = `
      { entries { ...article ... on pages_page_Entry { title } ...article } }
      fragment article on news_article_Entry { title heroImage { id } }`;
    expect(complexity(query)).toBe(10 + 27 + 1 + 27);
  });

  it('leaves out what @skip/@include leave out', () => {
    const query =
      'query ($no: Boolean!) { entries { id title @skip(if: $no) author @include(if: false) { id } } }';
    expect(complexity(query, { no: true })).toBe(11);
    expect(complexity(query, { no: false })).toBe(12);
  });

  it('scores fields unknown to their type with the default, children included', () => {
    expect(complexity('{ entries { nothing { here } } }')).toBe(10 + 2);
    // Not in the public schema: users are not queryable there.
    expect(complexity('{ users { id } }', {}, publicSchema)).toBe(2);
  });
});

describe('operationDepth (webonyx QueryDepth)', () => {
  it('counts levels of fields with selection sets, the root fields being level 0', () => {
    expect(depth('{ ping }')).toBe(0);
    expect(depth('{ entries { title } }')).toBe(0);
    expect(depth('{ entries { author { name } } }')).toBe(1);
    expect(depth('{ entries { children { children { children { id } } } } }')).toBe(3);
  });

  it('counts fragments where they are spread', () => {
    const query = `
      { entries { ... on news_article_Entry { relatedArticles { ...deep } } } }
      fragment deep on EntryInterface { author { photo { id } } }`;
    expect(depth(query)).toBe(3);
  });
});

describe('isIntrospectionOperation', () => {
  const check = (query: string) => {
    const document = parse(query);
    return isIntrospectionOperation(getOperationAST(document)!, fragmentsOf(document));
  };

  it('is true when the root selects only introspection fields', () => {
    expect(check('{ __schema { types { name } } }')).toBe(true);
    expect(check('{ __type(name: "Query") { name } __typename }')).toBe(true);
    expect(check('{ ...f } fragment f on Query { __schema { queryType { name } } }')).toBe(true);
  });

  it('is false with any other root field, or with __typename alone', () => {
    expect(check('{ __schema { types { name } } entries { id } }')).toBe(false);
    expect(check('{ __typename entries { __typename id } }')).toBe(false);
    expect(check('{ __typename }')).toBe(false);
  });
});

describe('QueryLimits', () => {
  const settings = (overrides: Partial<QueryLimitSettings>): QueryLimitSettings => ({
    maxComplexity: 0,
    maxDepth: 0,
    introspection: true,
    ...overrides,
  });
  const run = (
    limits: QueryLimitSettings,
    query: string,
    options: { variables?: Record<string, unknown>; privileged?: boolean; name?: string } = {},
  ) =>
    new QueryLimits(limits)
      .check(schema, parse(query), {
        variables: options.variables ?? null,
        operationName: options.name ?? null,
        privileged: options.privileged ?? false,
      })
      .map((error) => ({ message: error.message, locations: error.locations }));

  it('is inactive when every limit is off', () => {
    expect(new QueryLimits(settings({})).active).toBe(false);
    expect(new QueryLimits(settings({ introspection: false })).active).toBe(true);
  });

  it("reports complexity and depth with webonyx's messages", () => {
    const limits = settings({ maxComplexity: 20, maxDepth: 1 });
    expect(run(limits, '{ entries { id } }')).toEqual([]);
    expect(run(limits, '{ entries { author { photo { id } } } }')).toEqual([
      { message: 'Max query complexity should be 20 but got 61.', locations: undefined },
      { message: 'Max query depth should be 1 but got 2.', locations: undefined },
    ]);
  });

  it('checks the operation that runs, with its variables', () => {
    const limits = settings({ maxComplexity: 15 });
    const query = `
      query small { ping }
      query big($ids: [QueryArgument]) { entries(relatedTo: $ids) { id } }`;
    expect(run(limits, query, { name: 'small' })).toEqual([]);
    expect(run(limits, query, { name: 'big' })).toEqual([]);
    expect(run(limits, query, { name: 'big', variables: { ids: [1] } })).toEqual([
      { message: 'Max query complexity should be 15 but got 21.', locations: undefined },
    ]);
    // Unknown operation or variables that do not coerce: execution reports those.
    expect(run(limits, query, { name: 'other' })).toEqual([]);
    expect(run(limits, query, { name: 'big', variables: { ids: { a: 1 } } })).toEqual([]);
  });

  it('does not limit introspection queries', () => {
    const limits = settings({ maxComplexity: 1, maxDepth: 1 });
    expect(run(limits, '{ __schema { types { fields { type { ofType { name } } } } } }')).toEqual(
      [],
    );
  });

  it('refuses __schema and __type unless privileged, one error per field', () => {
    const limits = settings({ introspection: false });
    const query = '{ __schema { queryType { name } }\n  __type(name: "Query") { name } }';
    expect(run(limits, query)).toEqual([
      { message: INTROSPECTION_DISABLED_MESSAGE, locations: [{ line: 1, column: 3 }] },
      { message: INTROSPECTION_DISABLED_MESSAGE, locations: [{ line: 2, column: 3 }] },
    ]);
    expect(run(limits, query, { privileged: true })).toEqual([]);
    expect(run(limits, '{ entries { __typename } }')).toEqual([]);
  });

  it('remembers a document without variables that passed, per privilege and operation', () => {
    const limits = new QueryLimits(settings({ introspection: false, maxComplexity: 15 }));
    const check = (document: DocumentNode, privileged: boolean, operationName: string | null) =>
      limits.check(schema, document, { variables: null, operationName, privileged }).length;
    const introspecting = parse('{ __schema { queryType { name } } }');
    expect(check(introspecting, true, null)).toBe(0);
    expect(check(introspecting, false, null)).toBe(1);
    expect(check(introspecting, true, null)).toBe(0);
    expect(check(introspecting, false, null)).toBe(1);
    const two = parse('query small { ping } query big { entries(relatedTo: [1]) { id } }');
    expect(check(two, false, 'small')).toBe(0);
    expect(check(two, false, 'big')).toBe(1);
    expect(check(two, false, 'small')).toBe(0);
    expect(check(two, false, 'big')).toBe(1);
  });
});
