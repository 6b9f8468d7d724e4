import { GraphqlClient } from '../support/graphql-client';
import {
  INVALID_AUTHORIZATION,
  PONG,
  Running,
  runEndpoint,
  TokenAnswer,
  yii,
} from './fixtures/endpoint-world';

/** The GraphQL endpoint without its public schema, with an origin list, and switched off. */

describe('the GraphQL endpoint with its public schema disabled and an origin list (PGlite)', () => {
  let world: Running;
  let gql: GraphqlClient;

  beforeAll(async () => {
    world = await runEndpoint(
      { GRAPHQL_ALLOWED_ORIGINS: 'https://a.example,https://b.example' },
      { publicEnabled: false, postgres: false },
    );
    gql = new GraphqlClient(world.service.httpUrl);
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('answers 400 Missing Authorization header without a token, and still serves tokens', async () => {
    for (const client of [gql, gql.at('/api')]) {
      const answer = await client.get({ query: '{ping}' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(yii(400, 'Missing Authorization header'));
    }
    expect((await gql.withToken('__PUBLIC__').get({ query: '{ping}' })).body).toEqual(
      INVALID_AUTHORIZATION,
    );
    const created = await world.api.post<TokenAnswer>('/api/content/tokens', {
      name: 'pg',
      schema: 'partner',
    });
    expect(created.status).toBe(201);
    expect((await gql.withToken(created.body.accessToken).get({ query: '{ping}' })).body).toEqual(
      PONG,
    );
  });

  it('echoes a listed origin only', async () => {
    const listed = await gql.options({ origin: 'https://b.example' });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://b.example');
    expect(listed.headers.get('vary')).toContain('Origin');
    const other = await gql.get(
      { query: '{ping}' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-credentials')).toBe('true');
  });
});

describe('the GraphQL endpoint switched off (PostgreSQL)', () => {
  let world: Running;
  let gql: GraphqlClient;

  beforeAll(async () => {
    world = await runEndpoint(
      { GRAPHQL_ENABLED: 'false', GRAPHQL_ALLOWED_ORIGINS: 'none' },
      { publicEnabled: true, postgres: true },
    );
    gql = new GraphqlClient(world.service.httpUrl);
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('answers 404 Page not found at both paths, and Grafana’s API still answers', async () => {
    for (const client of [gql, gql.at('/api')]) {
      const answer = await client.post({ query: '{ping}' });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(yii(404, 'Page not found.'));
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect((await world.api.get('/api/teams/search')).status).toBe(200);
  });
});
