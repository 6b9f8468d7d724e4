import { parseAuthorization, parseOrgHeader } from './authorization-header';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('Authorization header', () => {
  it('reads Basic credentials, splitting at the first colon', () => {
    expect(parseAuthorization(basic('admin:pa:ss'))).toEqual({
      kind: 'basic',
      login: 'admin',
      password: 'pa:ss',
    });
    expect(parseAuthorization(basic('a@b.c:'))).toEqual({
      kind: 'basic',
      login: 'a@b.c',
      password: '',
    });
    expect(parseAuthorization(`basic ${Buffer.from('x:y').toString('base64')}`)).toMatchObject({
      kind: 'basic',
    });
  });

  it('reads Bearer tokens, and tokens sent as the password of api_key', () => {
    expect(parseAuthorization('Bearer glsa_x')).toEqual({ kind: 'bearer', token: 'glsa_x' });
    expect(parseAuthorization(basic('api_key:glsa_y'))).toEqual({
      kind: 'bearer',
      token: 'glsa_y',
    });
  });

  it('tells missing, malformed and unsupported headers apart', () => {
    expect(parseAuthorization(undefined)).toEqual({ kind: 'none' });
    expect(parseAuthorization('  ')).toEqual({ kind: 'none' });
    expect(parseAuthorization(basic('no-colon'))).toEqual({ kind: 'malformed-basic' });
    expect(parseAuthorization('Basic !!!')).toEqual({ kind: 'malformed-basic' });
    expect(parseAuthorization('Digest abc')).toEqual({ kind: 'unsupported' });
    expect(parseAuthorization('Bearer')).toEqual({ kind: 'unsupported' });
  });
});

describe('X-Grafana-Org-Id header', () => {
  it('selects an org by positive id; absent, empty and 0 mean the default org', () => {
    expect(parseOrgHeader('2')).toBe(2);
    expect(parseOrgHeader(['3', '4'])).toBe(3);
    expect(parseOrgHeader(undefined)).toBeUndefined();
    expect(parseOrgHeader('')).toBeUndefined();
    expect(parseOrgHeader('0')).toBeUndefined();
  });

  it('rejects anything else', () => {
    for (const raw of ['-1', 'abc', '1.5', '99999999999999999999']) {
      expect(parseOrgHeader(raw)).toBe('invalid');
    }
  });
});
