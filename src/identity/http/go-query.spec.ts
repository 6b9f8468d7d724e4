import { paging, queryBool, queryInt, queryString, queryStrings } from './go-query';

describe('Grafana query parameter semantics', () => {
  it('reads the first value of a key, case-sensitively', () => {
    expect(queryString({ query: ['a', 'b'] }, 'query')).toBe('a');
    expect(queryString({ Query: 'a' }, 'query')).toBe('');
    expect(queryStrings({ teamId: ['1', 'x'] }, 'teamId')).toEqual(['1', 'x']);
    expect(queryStrings({ teamId: '1' }, 'teamId')).toEqual(['1']);
    expect(queryStrings({}, 'teamId')).toEqual([]);
  });

  it('parses integers like strconv.Atoi, 0 when invalid', () => {
    expect(queryInt({ n: '+12' }, 'n')).toBe(12);
    expect(queryInt({ n: '-3' }, 'n')).toBe(-3);
    for (const raw of ['', ' 1', '1.5', '1e3', 'abc', '99999999999999999999'])
      expect(queryInt({ n: raw }, 'n')).toBe(0);
  });

  it('parses booleans like strconv.ParseBool, false when invalid', () => {
    for (const raw of ['1', 't', 'T', 'true', 'TRUE', 'True'])
      expect(queryBool({ b: raw }, 'b')).toBe(true);
    for (const raw of ['yes', 'on', '', 'tRuE']) expect(queryBool({ b: raw }, 'b')).toBe(false);
  });

  it('defaults paging like Grafana: perpage 1000, page 1, no upper limit', () => {
    expect(paging({})).toEqual({ page: 1, perPage: 1000 });
    expect(paging({ perpage: '0', page: '0' })).toEqual({ page: 1, perPage: 1000 });
    expect(paging({ perpage: '-5', page: '-1' })).toEqual({ page: 1, perPage: 1000 });
    expect(paging({ perpage: 'x', page: 'y' })).toEqual({ page: 1, perPage: 1000 });
    expect(paging({ perpage: '100000', page: '3' })).toEqual({ page: 3, perPage: 100000 });
    // Go's client sends perPage, which Grafana ignores.
    expect(paging({ perPage: '10' })).toEqual({ page: 1, perPage: 1000 });
  });
});
