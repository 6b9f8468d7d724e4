import { SchemaRequestHeaders } from '../content/schemas/schema-request-headers';
import { graphqlCallerToken, teamsCallerToken, tokenValue } from './caller-token';

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
    const value = tokenValue('bearer', token);
    expect(value).toMatch(/^[0-9a-f]{32}$/);
    expect(value).not.toContain(token);
    expect(tokenValue('login', token)).not.toBe(value);
  });

  it('GraphQL: the first Bearer token, X-Craft-Authorization first, as schema selection', () => {
    const expected = tokenValue('bearer', token);
    expect(graphqlCallerToken(graphql([`Bearer ${token}`]))).toBe(expected);
    expect(graphqlCallerToken(graphql([`Basic abc, Bearer ${token}`, 'Bearer other']))).toBe(
      expected,
    );
    expect(graphqlCallerToken(graphql(['Bearer other'], [`Bearer ${token}`]))).toBe(expected);
  });

  it('GraphQL: the public token and no credential are anonymous', () => {
    expect(graphqlCallerToken(graphql(['Bearer __PUBLIC__']))).toBeUndefined();
    expect(graphqlCallerToken(graphql([]))).toBeUndefined();
  });

  it('GraphQL: an admin previewing with Basic auth counts per login', () => {
    expect(graphqlCallerToken(graphql([basic('Admin', 'secret')]))).toBe(
      tokenValue('login', 'admin'),
    );
  });

  it('teams: Basic per login whatever the password, a token however it is sent', () => {
    const admin = teamsCallerToken(basic('admin', 'right'));
    expect(admin).toBe(tokenValue('login', 'admin'));
    expect(teamsCallerToken(basic('ADMIN', 'wrong'))).toBe(admin);
    const bearer = teamsCallerToken('Bearer glsa_abc');
    expect(bearer).toBe(tokenValue('bearer', 'glsa_abc'));
    expect(teamsCallerToken(basic('api_key', 'glsa_abc'))).toBe(bearer);
  });

  it('teams: no credential, or one the API cannot read, gives no token', () => {
    expect(teamsCallerToken(undefined)).toBeUndefined();
    expect(teamsCallerToken('Digest username="x"')).toBeUndefined();
    expect(teamsCallerToken('Basic !!!')).toBeUndefined();
  });
});
