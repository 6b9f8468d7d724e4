import { isAnonymous } from './anonymous';

const none = { authorization: [], craftAuthorization: undefined, gqlSchema: undefined };

describe('isAnonymous', () => {
  it('a request that presents no token and no admin-chosen schema is anonymous, whatever else it carries', () => {
    expect(isAnonymous(none)).toBe(true);
    for (const authorization of ['x', '', 'Basic Zm9vOmJhcg==', 'Bearer __PUBLIC__', 'Bearer']) {
      expect(isAnonymous({ ...none, authorization: [authorization] })).toBe(true);
    }
    expect(isAnonymous({ ...none, craftAuthorization: ['nothing'] })).toBe(true);
    expect(isAnonymous({ ...none, craftAuthorization: [''] })).toBe(true);
  });

  it('a Bearer token (valid or not: the selector refuses an invalid one) or X-Craft-Gql-Schema is not', () => {
    expect(isAnonymous({ ...none, authorization: ['Bearer x'] })).toBe(false);
    expect(isAnonymous({ ...none, authorization: ['Basic a, Bearer tok'] })).toBe(false);
    expect(isAnonymous({ ...none, craftAuthorization: ['Bearer tok'] })).toBe(false);
    expect(isAnonymous({ ...none, gqlSchema: 'public' })).toBe(false);
    // X-Craft-Authorization wins: a token in Authorization behind it is not read (selector).
    expect(isAnonymous({ ...none, craftAuthorization: ['x'], authorization: ['Bearer tok'] })).toBe(
      true,
    );
  });
});
