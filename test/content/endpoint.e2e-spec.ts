import { eventually } from '../support/eventually';
import { GraphqlClient } from '../support/graphql-client';
import {
  ADMIN_PASSWORD,
  CORS_HEADERS,
  INVALID_AUTHORIZATION,
  JSON_TYPE,
  NO_QUERY,
  PONG,
  rawGet,
  Running,
  runEndpoint,
  TokenAnswer,
  yii,
} from './fixtures/endpoint-world';

/** The endpoint's request forms, CORS, schemas and tokens, and the token admin API, on PostgreSQL. */
describe('the GraphQL endpoint over HTTP (PostgreSQL, GRAPHQL_PATH=/gql)', () => {
  let world: Running;
  let gql: GraphqlClient;
  let partnerToken: string;

  const createToken = async (body: Record<string, unknown>) => {
    const answer = await world.api.post<TokenAnswer>('/api/content/tokens', body);
    expect(answer.status).toBe(201);
    return answer.body;
  };

  beforeAll(async () => {
    world = await runEndpoint(
      // A 1 MiB body limit (the default is 16 MiB, for uploads) keeps the 413 case small.
      { GRAPHQL_PATH: '/gql', GRAPHQL_MAX_BODY_BYTES: '1048576' },
      { publicEnabled: true, postgres: true },
    );
    gql = new GraphqlClient(world.service.httpUrl, '/gql');
    partnerToken = (await createToken({ name: 'partner site', schema: 'partner' })).accessToken!;
  });
  afterAll(async () => {
    await world?.stop();
  });

  describe('request forms', () => {
    it('answers {ping} at GRAPHQL_PATH and at /api, in every request form', async () => {
      for (const client of [gql, gql.at('/api')]) {
        for (const answer of [
          await client.get({ query: '{ping}' }),
          await client.post({ query: '{ping}' }),
          await client.postGraphql('{ ping }'),
          await client.postRaw('{ ping }', 'application/graphql; charset=utf-8'),
          await client.postForm({ query: '{ping}' }),
          await client.postRaw(JSON.stringify({ query: '{ping}' }), 'text/plain;charset=UTF-8'),
        ]) {
          expect(answer.status).toBe(200);
          expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
          expect(answer.body).toEqual(PONG);
        }
      }
    });

    it('lets URL parameters override the body and passes variables and operationName', async () => {
      const overridden = await gql.postRaw(
        JSON.stringify({ query: '{nope}' }),
        'application/json',
        {
          search: '?query=%7Bping%7D',
        },
      );
      expect(overridden.body).toEqual(PONG);
      const query = 'query A($x: Boolean!) { a: ping @include(if: $x) } query B { b: ping }';
      expect((await gql.get({ query, variables: { x: true }, operationName: 'A' })).body).toEqual({
        data: { a: 'pong' },
      });
      expect((await gql.post({ query, operationName: 'B' })).body).toEqual({
        data: { b: 'pong' },
      });
      expect(
        (await gql.postForm({ query, variables: '{"x":false}', operationName: 'A' })).body,
      ).toEqual({ data: {} });
    });

    it('answers a request without a usable query 200 No GraphQL query was supplied', async () => {
      for (const answer of [
        await gql.get({}),
        await gql.post({}),
        await gql.post({ query: '  \n ' }),
        await gql.post({ variables: { a: 1 } }),
        await gql.postGraphql(''),
        await gql.postRaw('', 'application/json'),
        await gql.get({ query: '' }),
      ]) {
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual(NO_QUERY);
      }
    });

    it('answers 400 for a variables parameter that is not JSON and for malformed JSON bodies', async () => {
      const badVariables = await gql.get({ query: '{ping}', variables: '{x:1' });
      expect(badVariables.status).toBe(400);
      expect(badVariables.headers.get('content-type')).toBe(JSON_TYPE);
      expect(badVariables.body).toEqual(yii(400, 'The variables param must be valid JSON'));
      const malformed = await gql.postRaw('{"query":', 'application/json');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({
        name: 'Bad Request',
        message: expect.stringMatching(/^Invalid JSON data in request body: /),
        code: 0,
        status: 400,
      });
    });

    it('answers an array batch in order and an object batch by key', async () => {
      const list = await gql.post([{ query: '{ping}' }, { query: '' }, { query: '{ a: ping }' }]);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([PONG, NO_QUERY, { data: { a: 'pong' } }]);
      const keyed = await gql.at('/api').post({ one: { query: '{ping}' }, two: { nothing: 1 } });
      expect(keyed.status).toBe(200);
      expect(keyed.text).toBe(JSON.stringify({ one: PONG, two: NO_QUERY }));
    });

    it('answers an oversized body with a Yii 413', async () => {
      const answer = await gql.postRaw(
        JSON.stringify({ query: 'x'.repeat(1_100_000) }),
        'application/json',
      );
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ name: 'Request Entity Too Large', code: 0, status: 413 });
    });
  });

  describe('CORS', () => {
    it('answers OPTIONS 200 with an empty body and no checks, with the CORS headers', async () => {
      const answer = await gql.options({
        origin: 'https://app.example',
        authorization: 'Bearer unknown-token',
        'access-control-request-method': 'POST',
      });
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('');
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
      expect(answer.headers.get('access-control-allow-headers')).toBe(CORS_HEADERS);
    });

    it('sends the CORS headers on results and on errors', async () => {
      for (const answer of [
        await gql.get({ query: '{ping}' }),
        await gql.withToken('unknown').get({ query: '{ping}' }),
        await gql.get({ query: '{ping}', variables: 'x' }),
      ]) {
        expect(answer.headers.get('access-control-allow-origin')).toBe('*');
        expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
        expect(answer.headers.get('access-control-allow-headers')).toBe(CORS_HEADERS);
      }
    });
  });

  describe('schemas and tokens', () => {
    it('answers with the token’s schema, from Authorization or X-Craft-Authorization', async () => {
      expect((await gql.withToken(partnerToken).get({ query: '{ping}' })).body).toEqual(PONG);
      const listed = await gql.get(
        { query: '{ping}' },
        { headers: { authorization: `Basic Zm9vOmJhcg==, Bearer ${partnerToken}` } },
      );
      expect(listed.body).toEqual(PONG);
      const preferred = await gql.get(
        { query: '{ping}' },
        {
          headers: {
            authorization: 'Bearer unknown',
            'x-craft-authorization': `Bearer ${partnerToken}`,
          },
        },
      );
      expect(preferred.body).toEqual(PONG);
      expect((await gql.withToken('__PUBLIC__').get({ query: '{ping}' })).body).toEqual(PONG);
    });

    it('examines every Authorization header, not only the first', async () => {
      const answer = await rawGet(`${world.service.httpUrl}/gql?query=%7Bping%7D`, [
        ['authorization', 'Basic Zm9vOmJhcg=='],
        ['authorization', `Bearer ${partnerToken}`],
      ]);
      expect(answer).toEqual({ status: 200, body: PONG });
      const second = await rawGet(`${world.service.httpUrl}/gql?query=%7Bping%7D`, [
        ['authorization', 'Basic Zm9vOmJhcg=='],
        ['authorization', 'Bearer unknown'],
      ]);
      expect(second).toEqual({ status: 400, body: INVALID_AUTHORIZATION });
    });

    it('answers 400 Invalid Authorization header for unknown, disabled and expired tokens', async () => {
      const disabled = await createToken({ name: 'disabled', schema: 'partner', enabled: false });
      const expired = await createToken({
        name: 'expired',
        schema: 'partner',
        expiryDate: '2020-01-01T00:00:00Z',
      });
      const unknown = 'A'.repeat(32);
      for (const token of [unknown, 'short', disabled.accessToken!, expired.accessToken!]) {
        const answer = await gql.withToken(token).post({ query: '{ping}' });
        expect(answer.status).toBe(400);
        expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
        expect(answer.body).toEqual(INVALID_AUTHORIZATION);
      }
      // The token is checked before the query: a bad token with a bad variables param is a token error.
      expect((await gql.withToken(unknown).get({ query: '{ping}', variables: 'x' })).body).toEqual(
        INVALID_AUTHORIZATION,
      );
    });

    it('locks out the tokens of a disabled schema', async () => {
      const retired = await createToken({ name: 'retired', schema: 'retired' });
      expect((await gql.withToken(retired.accessToken).get({ query: '{ping}' })).body).toEqual(
        INVALID_AUTHORIZATION,
      );
    });

    it('lets a Grafana admin pick a schema with X-Craft-Gql-Schema, and no one else', async () => {
      const basic = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
      for (const schema of ['*', 'partner', 'retired']) {
        const answer = await gql.get(
          { query: '{ping}' },
          { headers: { authorization: basic, 'x-craft-gql-schema': schema } },
        );
        expect(answer.body).toEqual(PONG);
      }
      const unknown = await gql.get(
        { query: '{ping}' },
        { headers: { authorization: basic, 'x-craft-gql-schema': 'nope' } },
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual(yii(400, 'Invalid X-Craft-Gql-Schema header'));
      const anonymous = await gql.get(
        { query: '{ping}' },
        { headers: { 'x-craft-gql-schema': '*' } },
      );
      expect(anonymous.status).toBe(403);
      expect(anonymous.body).toEqual(yii(403, 'User is not permitted to perform this action.'));
    });
  });

  describe('the token admin API', () => {
    it('creates a token shown once and lists tokens without it, with lastUsed', async () => {
      const created = await world.api.post<TokenAnswer>('/api/content/tokens', {
        name: 'listed',
        schema: 'partner',
        expiryDate: '2099-01-01T00:00:00Z',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'listed',
        schema: 'partner',
        enabled: true,
        expiryDate: '2099-01-01T00:00:00.000Z',
        lastUsed: null,
        accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      });
      const list = await world.api.get<TokenAnswer[]>('/api/content/tokens');
      expect(list.status).toBe(200);
      expect(list.text).not.toContain(created.body.accessToken);
      expect(list.body.find((t) => t.name === 'listed')).toEqual({
        ...created.body,
        accessToken: undefined,
        schemaUid: expect.any(String),
      });
      await gql.withToken(created.body.accessToken).get({ query: '{ping}' });
      await eventually('lastUsed to be recorded', async () => {
        const tokens = (await world.api.get<TokenAnswer[]>('/api/content/tokens')).body;
        return tokens.find((t) => t.name === 'listed')?.lastUsed ?? undefined;
      });
    });

    it('answers 400 for bad bodies and unknown or public schemas, 409 for a taken name', async () => {
      const cases: [unknown, string][] = [
        [{ schema: 'partner' }, 'name is required'],
        [{ name: 'x', schema: 'nope' }, 'unknown GraphQL schema "nope"'],
        [
          { name: 'x', schema: 'public' },
          '"public" is the public schema: it is used without a token',
        ],
        [
          { name: 'x', schema: 'partner', expiryDate: 'soon' },
          expect.stringContaining('expiryDate'),
        ],
        [
          { name: 'x', schema: 'partner', extra: 1 },
          expect.stringContaining('unknown property "extra"'),
        ],
      ];
      for (const [body, message] of cases) {
        const answer = await world.api.post('/api/content/tokens', body);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ message });
      }
      const malformed = await world.api.post('/api/content/tokens', '{"name":');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ message: 'the request body is not valid JSON' });
      const taken = await world.api.post('/api/content/tokens', {
        name: 'partner site',
        schema: 'partner',
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({
        message: 'a GraphQL token named "partner site" already exists',
      });
    });

    it('is for Grafana server admins only', async () => {
      expect((await world.api.as(undefined).get('/api/content/tokens')).status).toBe(401);
      const login = 'plain-user';
      const made = await world.api.post('/api/admin/users', {
        name: login,
        login,
        email: `${login}@example.com`,
        password: 'plain-password',
      });
      expect(made.status).toBe(200);
      const user = world.api.as({ basic: [login, 'plain-password'] });
      for (const answer of [
        await user.get('/api/content/tokens'),
        await user.post('/api/content/tokens', { name: 'mine', schema: 'partner' }),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ message: 'Permission denied' });
      }
    });
  });

  describe('living next to the Grafana API', () => {
    it('leaves /api/... to Grafana and the default /graphql unanswered', async () => {
      const anonymous = world.api.as(undefined);
      expect((await anonymous.get('/api/teams/search')).status).toBe(401);
      const search = await world.api.get<{ totalCount: number }>('/api/teams/search');
      expect(search.status).toBe(200);
      expect(search.body).toMatchObject({ totalCount: expect.any(Number) });
      const unknown = await world.api.get('/api/no-such-route');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Not found' });
      expect((await gql.at('/graphql').get({ query: '{ping}' })).status).toBe(404);
    });
  });
});
