import { SchemaRequestHeaders } from '../infra/http/craft-request/schema-request-headers';
import { createHash, randomBytes } from 'node:crypto';
import { graphqlCallerToken, teamsCallerToken, tokenValue } from './caller-token';

const KEY = randomBytes(32);

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const graphql = (authorization: string[], craftAuthorization?: string[]): SchemaRequestHeaders => ({
  authorization,
  craftAuthorization,
  gqlSchema: undefined,
});

describe('caller tokens', () => {
  const token = 'Jd8xQw3e_r-T5yU7i9o0pA1sD2fG4hJ6';

  it('are 32 hex characters that never contain the secret', () => {
    const value = tokenValue(KEY, 'bearer', token);
    expect(value).toMatch(/^[0-9a-f]{32}$/);
    expect(value).not.toContain(token);
    expect(tokenValue(KEY, 'login', token)).not.toBe(value);
  });

  it('GraphQL: the first Bearer token, X-Craft-Authorization first, as schema selection', () => {
    const expected = tokenValue(KEY, 'bearer', token);
    expect(graphqlCallerToken(KEY, graphql([`Bearer ${token}`]))).toBe(expected);
    expect(graphqlCallerToken(KEY, graphql([`Basic abc, Bearer ${token}`, 'Bearer other']))).toBe(
      expected,
    );
    expect(graphqlCallerToken(KEY, graphql(['Bearer other'], [`Bearer ${token}`]))).toBe(expected);
  });

  it('GraphQL: the public token and no credential are anonymous', () => {
    expect(graphqlCallerToken(KEY, graphql(['Bearer __PUBLIC__']))).toBeUndefined();
    expect(graphqlCallerToken(KEY, graphql([]))).toBeUndefined();
  });

  it('GraphQL: an admin previewing with Basic auth counts per login', () => {
    expect(graphqlCallerToken(KEY, graphql([basic('Admin', 'secret')]))).toBe(
      tokenValue(KEY, 'login', 'admin'),
    );
  });

  it('teams: Basic per login whatever the password, a token however it is sent', () => {
    const admin = teamsCallerToken(KEY, basic('admin', 'right'));
    expect(admin).toBe(tokenValue(KEY, 'login', 'admin'));
    expect(teamsCallerToken(KEY, basic('ADMIN', 'wrong'))).toBe(admin);
    const bearer = teamsCallerToken(KEY, 'Bearer glsa_abc');
    expect(bearer).toBe(tokenValue(KEY, 'bearer', 'glsa_abc'));
    expect(teamsCallerToken(KEY, basic('api_key', 'glsa_abc'))).toBe(bearer);
  });

  it('teams: no credential, or one the API cannot read, gives no token', () => {
    expect(teamsCallerToken(KEY, undefined)).toBeUndefined();
    expect(teamsCallerToken(KEY, 'Digest username="x"')).toBeUndefined();
    expect(teamsCallerToken(KEY, 'Basic !!!')).toBeUndefined();
  });

  it('are keyed: nobody without the installation key can compute the value of a login', () => {
    // The unkeyed hash the values were before (docs/api-rate-limits.md#token): computable by
    // anyone.
    const unkeyed = createHash('sha256')
      .update('api-rate-limit\0login\0admin')
      .digest('hex')
      .slice(0, 32);
    const value = teamsCallerToken(KEY, basic('admin', 'whatever'));
    expect(value).toMatch(/^[0-9a-f]{32}$/);
    expect(value).not.toBe(unkeyed);
    expect(teamsCallerToken(randomBytes(32), basic('admin', 'whatever'))).not.toBe(value);
  });
});
