import { schemaRequestHeaders } from './request-headers';

describe('schemaRequestHeaders', () => {
  it('keeps every Authorization value apart, whatever the case of the name', () => {
    expect(
      schemaRequestHeaders([
        'Host',
        'x',
        'Authorization',
        'Basic abc',
        'authorization',
        'Bearer tok',
        'X-Craft-Gql-Schema',
        '*',
      ]),
    ).toEqual({
      authorization: ['Basic abc', 'Bearer tok'],
      craftAuthorization: undefined,
      gqlSchema: '*',
    });
  });

  it('reports X-Craft-Authorization as present even when empty', () => {
    expect(schemaRequestHeaders(['X-Craft-Authorization', ''])).toEqual({
      authorization: [],
      craftAuthorization: [''],
      gqlSchema: undefined,
    });
  });
});
