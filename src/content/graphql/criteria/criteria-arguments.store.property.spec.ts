import { Logger } from '@nestjs/common';
import fc from 'fast-check';
import {
  type GraphQLArgument,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';

import { GENERIC_ERROR_MESSAGE } from '../graphql-error-json';
import { data, m, mutationsSuite, run, SCHEMAS } from '../mutations/mutations-harness.fixtures';

/**
 * Property test (docs/testing.md#property-tests): element query arguments in Craft's parameter
 * syntax (`not foo`, `['and', ...]`, `>= 5`, `:empty:`, `*foo*`, comma lists, escapes, numbers of
 * any size), compiled and executed against the real store, give results or the errors a client is
 * meant to see (a GraphQL validation error, a bad argument value), never a failed SQL query. Runs
 * in-process on PostgreSQL, and on PGlite with NODE_OPTIONS=--experimental-vm-modules
 * (mutations-harness). fast-check prints the seed and path of a failure (docs/testing.md).
 */

/** The element queries whose arguments are generated. */
const QUERIES = ['entries', 'categories', 'tags', 'users', 'assets'] as const;

/** Pieces of Craft's parameter syntax, SQL's LIKE and quoting, dates and numbers. */
const TOKENS = [
  'not ',
  'and',
  'or',
  'not',
  '>=',
  '<=',
  '!=',
  '<',
  '>',
  '=',
  ':empty:',
  ':notempty:',
  '*',
  '\\*',
  ',',
  '\\,',
  ' ',
  '%',
  '_',
  '\\',
  "'",
  '"',
  ';',
  '--',
  'now',
  'today',
  '2024-01-31',
  '2024-02-30T25:00',
  '0000-01-01',
  '-99999999999',
  '1',
  '-1',
  '0',
  '1.5',
  '1e309',
  '2147483648',
  '9223372036854775808',
  'NaN',
  'true',
  'false',
  'title',
  'title desc',
  'foo',
  'é',
  '\u{1F600}',
  '\u0000',
];

const craftText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.array(fc.constantFrom(...TOKENS), { maxLength: 4 }).map((t) => t.join('')),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
/** Integers of every size: GraphQL's QueryArgument takes any integral number. */
const anyInteger = fc.oneof(
  fc.integer({ min: -5, max: 200 }),
  fc.constantFrom(2 ** 31, 2 ** 53 - 1, 2 ** 53, -(2 ** 63), 1e300),
);

/** Values for an argument of `type`, mostly valid for it, now and then not. */
function valueArb(type: GraphQLInputType, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueArb(type.ofType, depth);
  if (isListType(type)) {
    const item = valueArb(type.ofType, depth);
    return fc.oneof(
      item,
      fc.array(fc.oneof({ weight: 5, arbitrary: item }, fc.constant(null)), { maxLength: 4 }),
    );
  }
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((value) => value.name));
  if (isInputObjectType(type)) {
    if (depth >= 2) return fc.constant({});
    const fields = Object.values(type.getFields());
    return fc
      .subarray(fields, { maxLength: 3 })
      .chain((chosen) =>
        fc
          .tuple(...chosen.map((field) => valueArb(field.type, depth + 1)))
          .map((values) => Object.fromEntries(chosen.map((field, i) => [field.name, values[i]]))),
      );
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return fc.oneof(
          fc.integer({ min: -5, max: 200 }),
          fc.constantFrom(2 ** 31 - 1, -(2 ** 31)),
        );
      case 'Float':
      case 'Number':
        return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), anyInteger);
      case 'Boolean':
        return fc.boolean();
      case 'QueryArgument':
        return fc.oneof({ weight: 3, arbitrary: craftText }, anyInteger, fc.boolean());
      default:
        return craftText;
    }
  }
  return fc.constant(null);
}

interface GeneratedQuery {
  readonly query: string;
  readonly variables: Record<string, unknown>;
}

mutationsSuite('Element query arguments (property)', () => {
  beforeAll(async () => {
    // A few elements with a value in each field, so that conditions have rows to run on.
    await data(`mutation {
      a: save_news_article_Entry(title: "Hello, world", summary: "First *news*", rating: 4.5, featured: true) { id }
      b: save_news_article_Entry(title: "100% off_sale", summary: "", rating: -1) { id }
      c: save_news_link_Entry(title: "Link", website: "https://example.com/?a=1,2") { id }
      d: save_pages_page_Entry(title: "About", layout: "wide", audiences: ["developers", "editors"]) { id }
      e: save_topics_Category(title: "Topic \\\\ one") { id }
      f: save_keywords_Tag(title: "tag_1") { id }
    }`);
  });

  it('compiled and executed, arguments give results or a client error, never a failed query', async () => {
    const schema = m.service.schemaFor(m.models.current, SCHEMAS.editorial);
    const fields = schema.getQueryType()!.getFields();
    const argumentsOf = (name: string): readonly GraphQLArgument[] => fields[name].args;
    const queryArb: fc.Arbitrary<GeneratedQuery> = fc
      .constantFrom(...QUERIES)
      .chain((name) =>
        fc.tuple(
          fc.constant(name),
          fc.subarray([...argumentsOf(name)], { minLength: 1, maxLength: 3 }),
        ),
      )
      .chain(([name, args]) =>
        fc.tuple(...args.map((arg) => valueArb(arg.type, 0))).map((values) => {
          const declared = args.map((arg, i) => `$a${i}: ${String(arg.type)}`).join(', ');
          const passed = args.map((arg, i) => `${arg.name}: $a${i}`).join(', ');
          return {
            query: `query (${declared}) { ${name}(${passed}) { id } }`,
            variables: Object.fromEntries(values.map((value, i) => [`a${i}`, value])),
          };
        }),
      );
    // An unexpected failure is logged (and shown as the generic message): collect what is logged.
    const logged: string[] = [];
    const spy = jest
      .spyOn(Logger.prototype, 'error')
      .mockImplementation((message: unknown) => void logged.push(String(message)));
    try {
      await fc.assert(
        fc.asyncProperty(queryArb, async ({ query, variables }) => {
          logged.length = 0;
          const result = await run(query, variables);
          expect(logged).toEqual([]);
          const messages = (result.errors ?? []).map((error) => error.message);
          expect(messages).not.toContain(GENERIC_ERROR_MESSAGE);
          if (result.errors === undefined) {
            const [list] = Object.values(result.data ?? {});
            expect(Array.isArray(list)).toBe(true);
          }
        }),
        {
          numRuns: 100,
          examples: [
            // Found by CI: an id past 2^53 with fixedOrder reached the bigint[] of the order.
            [
              {
                query:
                  'query ($a0: [QueryArgument], $a1: Boolean) { users(id: $a0, fixedOrder: $a1) { id } }',
                variables: { a0: [1e300], a1: true },
              },
            ],
          ],
        },
      );
    } finally {
      spy.mockRestore();
    }
  });
});
