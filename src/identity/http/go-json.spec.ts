import { decodeBodyOr400, decodeGoJson, JsonTypeError } from './go-json';
import { GrafanaError } from './grafana-error';

describe('decodeGoJson', () => {
  const member = { userId: 'int', permission: 'int' } as const;

  it('matches keys case-insensitively, as the Go client relies on (userID)', () => {
    expect(decodeGoJson({ userID: 7 }, member)).toEqual({ userId: 7 });
    expect(decodeGoJson({ USERID: 7, Permission: 4 }, member)).toEqual({
      userId: 7,
      permission: 4,
    });
  });

  it('lets the last duplicate win and ignores unknown keys and nulls', () => {
    expect(decodeGoJson({ userId: 1, userID: 2, other: 'x' }, member)).toEqual({ userId: 2 });
    expect(decodeGoJson({ userId: null }, member)).toEqual({});
  });

  it('decodes an absent or null body as an empty object', () => {
    expect(decodeGoJson(undefined, member)).toEqual({});
    expect(decodeGoJson(null, member)).toEqual({});
  });

  it('rejects type mismatches, fractions, unsafe integers and non-object bodies', () => {
    for (const body of [
      { userId: '2' },
      { userId: 2.5 },
      { userId: 2 ** 60 },
      { userId: true },
      [],
      'text',
      5,
    ])
      expect(() => decodeGoJson(body, member)).toThrow(JsonTypeError);
    expect(decodeGoJson({ userId: -0 }, member)).toEqual({ userId: 0 });
  });

  it('decodes strings, booleans, string lists and nested objects', () => {
    const spec = {
      name: 'string',
      enabled: 'bool',
      members: 'strings',
      navbar: { object: { bookmarkUrls: 'strings' } },
    } as const;
    expect(
      decodeGoJson(
        { Name: 'n', ENABLED: false, members: ['a', null], NavBar: { BookmarkURLs: ['/d'] } },
        spec,
      ),
    ).toEqual({ name: 'n', enabled: false, members: ['a', ''], navbar: { bookmarkUrls: ['/d'] } });
    expect(decodeGoJson({ navbar: { savedItems: null } }, spec)).toEqual({ navbar: {} });
    expect(() => decodeGoJson({ members: [1] }, spec)).toThrow(JsonTypeError);
    expect(() => decodeGoJson({ navbar: [] }, spec)).toThrow(JsonTypeError);
    expect(() => decodeGoJson({ name: 1 }, spec)).toThrow(JsonTypeError);
  });

  it('decodes lists of objects, a null element as an empty one', () => {
    const spec = { permissions: { list: { userId: 'int', permission: 'string' } } } as const;
    expect(decodeGoJson({ Permissions: [{ userID: 2, permission: 'Admin' }, null] }, spec)).toEqual(
      { permissions: [{ userId: 2, permission: 'Admin' }, {}] },
    );
    expect(() => decodeGoJson({ permissions: {} }, spec)).toThrow(JsonTypeError);
    expect(() => decodeGoJson({ permissions: [{ userId: 'x' }] }, spec)).toThrow(JsonTypeError);
  });

  it('answers 400 bad request data with a traceID through decodeBodyOr400', () => {
    try {
      decodeBodyOr400({ userId: 'x' }, member);
      throw new Error('expected a failure');
    } catch (error) {
      expect(error).toBeInstanceOf(GrafanaError);
      expect((error as GrafanaError).status).toBe(400);
      expect((error as GrafanaError).body).toEqual({ message: 'bad request data', traceID: '' });
    }
  });
});
