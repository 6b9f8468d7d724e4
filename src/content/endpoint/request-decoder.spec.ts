import { CraftHttpError } from './craft-http-error';
import type { GraphqlHttpRequest } from './graphql-request';
import { decodeGraphqlRequest, mediaType } from './request-decoder';

const post = (body: string, contentType = 'application/json', search = ''): GraphqlHttpRequest => ({
  method: 'POST',
  contentType,
  body,
  search,
});
const get = (search: string): GraphqlHttpRequest => ({
  method: 'GET',
  contentType: undefined,
  body: undefined,
  search,
});
const single = (query: unknown, variables?: unknown, operationName?: unknown) => ({
  shape: 'single',
  operation: { query, variables, operationName },
});

function refusal(request: GraphqlHttpRequest): { status: number; message: string } {
  try {
    decodeGraphqlRequest(request);
  } catch (error) {
    if (error instanceof CraftHttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('decodeGraphqlRequest', () => {
  it('reads query, variables and operationName from a JSON body', () => {
    const body = JSON.stringify({ query: '{ping}', variables: { a: 1 }, operationName: 'Q' });
    expect(decodeGraphqlRequest(post(body))).toEqual(single('{ping}', { a: 1 }, 'Q'));
    expect(decodeGraphqlRequest(post(body, 'application/json; charset=UTF-8'))).toEqual(
      single('{ping}', { a: 1 }, 'Q'),
    );
    // Any other type is read as JSON too (fetch sends text/plain for a string body).
    expect(decodeGraphqlRequest(post(body, 'text/plain;charset=UTF-8'))).toEqual(
      single('{ping}', { a: 1 }, 'Q'),
    );
    expect(decodeGraphqlRequest({ ...post(body), contentType: undefined })).toEqual(
      single('{ping}', { a: 1 }, 'Q'),
    );
  });

  it('takes the whole body of application/graphql as the query, charset or not', () => {
    expect(decodeGraphqlRequest(post('{ ping }', 'application/graphql'))).toEqual(
      single('{ ping }'),
    );
    expect(
      decodeGraphqlRequest(post('{"query":"x"}', 'Application/GraphQL; charset=utf-8')),
    ).toEqual(single('{"query":"x"}'));
    expect(decodeGraphqlRequest(post('', 'application/graphql'))).toEqual(single(''));
  });

  it('reads form-encoded bodies, the last of repeated fields winning', () => {
    const body = 'query=%7Bping%7D&variables=%7B%22a%22%3A1%7D&operationName=Q&query=%7Bsecond%7D';
    expect(decodeGraphqlRequest(post(body, 'application/x-www-form-urlencoded'))).toEqual(
      single('{second}', '{"a":1}', 'Q'),
    );
  });

  it('lets URL parameters override the body, GET reading only the URL', () => {
    const body = JSON.stringify({ query: '{body}', variables: { a: 1 }, operationName: 'B' });
    expect(decodeGraphqlRequest(post(body, 'application/json', 'query=%7Burl%7D'))).toEqual(
      single('{url}', { a: 1 }, 'B'),
    );
    expect(
      decodeGraphqlRequest(
        post(body, 'application/json', 'variables=%7B%22b%22%3A2%7D&operationName=U'),
      ),
    ).toEqual(single('{body}', { b: 2 }, 'U'));
    // A present but empty query parameter still overrides: no query.
    expect(decodeGraphqlRequest(post(body, 'application/json', 'query='))).toEqual(
      single('', { a: 1 }, 'B'),
    );
    expect(decodeGraphqlRequest(get('query={ping}&variables=&operationName=Op'))).toEqual(
      single('{ping}', null, 'Op'),
    );
    expect(decodeGraphqlRequest(get('query=a+b%20c'))).toEqual(single('a b c'));
    // GET bodies are not read.
    expect(decodeGraphqlRequest({ ...get(''), body: '{"query":"{x}"}' })).toEqual(
      single(undefined),
    );
  });

  it('refuses a variables parameter that is not JSON, even without a query', () => {
    const bad = { status: 400, message: 'The variables param must be valid JSON' };
    expect(refusal(get('query={ping}&variables={a:1}'))).toEqual(bad);
    expect(refusal(get('variables=nope'))).toEqual(bad);
    // Valid JSON of another kind is left for the operation check.
    expect(decodeGraphqlRequest(get('query={ping}&variables=5'))).toEqual(single('{ping}', 5));
  });

  it('reads extensions from a JSON body or the URL, a hash alone being one operation', () => {
    const extensions = { persistedQuery: { version: 1, sha256Hash: 'abc' } };
    const operation = (query?: unknown, variables?: unknown) => ({
      shape: 'single',
      operation: { query, variables, operationName: undefined, extensions },
    });
    expect(decodeGraphqlRequest(post(JSON.stringify({ extensions })))).toEqual(operation());
    expect(
      decodeGraphqlRequest(post(JSON.stringify({ query: '{a}', variables: { v: 1 }, extensions }))),
    ).toEqual(operation('{a}', { v: 1 }));
    const search = new URLSearchParams({
      extensions: JSON.stringify(extensions),
      variables: '{"v":2}',
    }).toString();
    expect(decodeGraphqlRequest(get(search))).toEqual(operation(undefined, { v: 2 }));
    expect(refusal(get('extensions={nope'))).toEqual({
      status: 400,
      message: 'The extensions param must be valid JSON',
    });
    // In a batch, each entry keeps its own.
    expect(decodeGraphqlRequest(post(JSON.stringify([{ extensions }, { query: '{b}' }])))).toEqual({
      shape: 'list',
      operations: [
        { query: undefined, variables: undefined, operationName: undefined, extensions },
        { query: '{b}', variables: undefined, operationName: undefined },
      ],
    });
  });

  it('answers malformed JSON bodies 400 and multipart bodies 415', () => {
    const malformed = refusal(post('{"query":'));
    expect(malformed.status).toBe(400);
    expect(malformed.message).toMatch(/^Invalid JSON data in request body: .+/);
    expect(refusal(post('x', 'multipart/form-data; boundary=abc'))).toEqual({
      status: 415,
      message:
        'multipart/form-data is not supported: send JSON, form-encoded or application/graphql',
    });
  });

  it('refuses JSON that is not UTF-8 or nests deeper than PHP’s json_decode allows, as Craft', () => {
    const invalid = (reason: string) => ({
      status: 400,
      message: `Invalid JSON data in request body: ${reason}`,
    });
    expect(refusal({ ...post('{"query":"{ping\uFFFD}"}'), malformedUtf8: true })).toEqual(
      invalid('Malformed UTF-8 characters, possibly incorrectly encoded'),
    );
    // Only a JSON body must be UTF-8: a query text shows the lexer the replacement character.
    expect(
      decodeGraphqlRequest({ ...post('{ping\uFFFD}', 'application/graphql'), malformedUtf8: true }),
    ).toEqual(single('{ping\uFFFD}'));
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    // The body object is one level: 511 more are allowed.
    expect(
      decodeGraphqlRequest(post(`{"query":"{ping}","variables":{"a":${nested(510)}}}`)),
    ).toEqual(single('{ping}', { a: JSON.parse(nested(510)) as unknown }));
    expect(refusal(post(`{"query":"{ping}","variables":{"a":${nested(511)}}}`))).toEqual(
      invalid('The maximum stack depth has been exceeded'),
    );
    expect(refusal(post(nested(100_000)))).toEqual(
      invalid('The maximum stack depth has been exceeded'),
    );
    expect(refusal(get(`query={ping}&variables={"a":${nested(512)}}`))).toEqual({
      status: 400,
      message: 'The variables param must be valid JSON',
    });
  });

  it('treats an array body without a query as a batch answered in order', () => {
    const body = JSON.stringify([{ query: '{a}' }, { query: '{b}', variables: { x: 1 } }, 5]);
    expect(decodeGraphqlRequest(post(body))).toEqual({
      shape: 'list',
      operations: [
        { query: '{a}', variables: undefined, operationName: undefined },
        { query: '{b}', variables: { x: 1 }, operationName: undefined },
        { query: undefined, variables: undefined, operationName: undefined },
      ],
    });
  });

  it('treats an object of operations as a batch answered with the same keys', () => {
    const body = JSON.stringify({ first: { query: '{a}' }, second: { query: '{b}' }, third: 'x' });
    expect(decodeGraphqlRequest(post(body))).toEqual({
      shape: 'keyed',
      operations: [
        ['first', { query: '{a}', variables: undefined, operationName: undefined }],
        ['second', { query: '{b}', variables: undefined, operationName: undefined }],
        ['third', { query: undefined, variables: undefined, operationName: undefined }],
      ],
    });
  });

  it('gives one operation without a query when nothing usable is there', () => {
    for (const body of ['', '   ', '{}', '[]', '"text"', '5', 'null', '{"query":null}']) {
      expect(decodeGraphqlRequest(post(body)).shape).toBe('single');
    }
    expect(decodeGraphqlRequest(post('{"variables":{"a":1}}'))).toEqual(
      single(undefined, { a: 1 }),
    );
    expect(decodeGraphqlRequest(get(''))).toEqual(single(undefined));
    // URL query with a batch body: one operation, the body's batch is ignored.
    expect(
      decodeGraphqlRequest(post('[{"query":"{a}"}]', 'application/json', 'query={u}')),
    ).toEqual(single('{u}'));
  });
});

describe('mediaType', () => {
  it('drops parameters and case', () => {
    expect(mediaType('Application/JSON ; charset=utf-8')).toBe('application/json');
    expect(mediaType(undefined)).toBe('');
  });
});
