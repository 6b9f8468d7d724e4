import { checkOperation, NO_QUERY_MESSAGE } from './operation-check';

const raw = (query: unknown, variables?: unknown, operationName?: unknown) => ({
  query,
  variables,
  operationName,
});
const noQuery = { message: NO_QUERY_MESSAGE, exposed: true };

describe('checkOperation', () => {
  it('passes a query with its variables and operation name', () => {
    expect(checkOperation(raw('{ping}', { a: 1 }, 'Q'))).toEqual({
      query: '{ping}',
      variables: { a: 1 },
      operationName: 'Q',
    });
    expect(checkOperation(raw(' {ping} '))).toEqual({
      query: ' {ping} ',
      variables: null,
      operationName: null,
    });
  });

  it('answers No GraphQL query was supplied for absent, empty and blank queries', () => {
    for (const query of [undefined, null, '', '  \n\t', false, 0, [], {}]) {
      expect(checkOperation(raw(query))).toEqual(noQuery);
    }
  });

  it('decodes variables sent as a JSON string and reads empty ones as none', () => {
    expect(checkOperation(raw('{a}', '{"id":5}'))).toMatchObject({ variables: { id: 5 } });
    for (const variables of ['', 'null', null, [], '[]']) {
      expect(checkOperation(raw('{a}', variables))).toMatchObject({ variables: null });
    }
    expect(checkOperation(raw('{a}', undefined, ''))).toMatchObject({ operationName: null });
  });

  it('refuses variables sent as a JSON string nested deeper than a JSON body may be', () => {
    const nested = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    expect(checkOperation(raw('{a}', nested(511)))).toMatchObject({ query: '{a}' });
    expect(checkOperation(raw('{a}', nested(512)))).toEqual({
      message: 'The variables nest more than 512 levels',
      exposed: false,
    });
  });

  it('refuses other shapes with messages shown in devMode only', () => {
    expect(checkOperation(raw(5))).toEqual({
      message: 'The query must be a string',
      exposed: false,
    });
    for (const variables of [5, 'text', [1], '[1]', true]) {
      expect(checkOperation(raw('{a}', variables))).toEqual({
        message: 'The variables must be a JSON object',
        exposed: false,
      });
    }
    expect(checkOperation(raw('{a}', null, 5))).toEqual({
      message: 'The operationName must be a string',
      exposed: false,
    });
  });
});
