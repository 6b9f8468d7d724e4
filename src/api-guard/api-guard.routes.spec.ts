import { HttpAdapterHost } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import Fastify, { FastifyInstance } from 'fastify';
import { ApiGuardKey } from './guard-key';
import { apiGuardHarness } from './api-guard.fixtures';
import { ApiGuardRoutes } from './api-guard.routes';

const RULES = `
domain: api
descriptors:
  - key: api
    value: graphql
    descriptors:
      - key: remote_address
        rate_limit: {unit: hour, requests_per_unit: 2}
  - key: api
    value: teams
    descriptors:
      - key: token
        rate_limit: {unit: hour, requests_per_unit: 1}
`;

/**
 * A Fastify instance with routes shaped like the service's: the GraphQL endpoint in its own
 * plugin with a CORS onRequest hook, the REST API under /api/, and routes that are neither.
 */
async function app(env: Record<string, string> = {}) {
  const harness = apiGuardHarness({ GRAPHQL_PATH: '/gql', ...env }, RULES);
  const fastify = Fastify();
  const host = { httpAdapter: { getInstance: () => fastify } } as unknown as HttpAdapterHost;
  new ApiGuardRoutes(host, harness.settings, harness.limiter, new ApiGuardKey(randomBytes(32)));
  const handled: string[] = [];
  const handler = (name: string) => () => {
    handled.push(name);
    return { ok: name };
  };
  void fastify.register((scope, _options, done) => {
    scope.addHook('onRequest', (_request, reply, next) => {
      void reply.header('access-control-allow-origin', '*');
      next();
    });
    for (const url of ['/gql', '/api']) {
      scope.route({ method: ['GET', 'POST', 'OPTIONS'], url, handler: handler('graphql') });
    }
    done();
  });
  fastify.get('/api/teams/search', handler('teams'));
  fastify.all('/api/*', handler('fallback'));
  fastify.post('/json', handler('json'));
  fastify.get('/graphql', handler('other'));
  await fastify.ready();
  return { fastify, handled, ...harness };
}

const from = (fastify: FastifyInstance, remoteAddress: string) => ({
  get: (url: string, headers: Record<string, string> = {}) =>
    fastify.inject({ method: 'GET', url, remoteAddress, headers }),
  send: (method: 'POST' | 'OPTIONS' | 'HEAD', url: string) =>
    fastify.inject({
      method,
      url,
      remoteAddress,
      ...(method === 'POST'
        ? { payload: '{}', headers: { 'content-type': 'application/json' } }
        : {}),
    }),
});

describe('ApiGuardRoutes', () => {
  let fastify: FastifyInstance;
  afterEach(async () => {
    await fastify?.close();
  });

  it('refuses GraphQL requests over the limit in Yii shape, before the handler, with CORS', async () => {
    const running = await app();
    fastify = running.fastify;
    const client = from(fastify, '192.0.2.1');
    const first = await client.get('/gql?query={ping}');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('2');
    expect(first.headers['ratelimit-remaining']).toBe('1');
    expect(first.headers['ratelimit-reset']).toBe('3570');
    // `/api` exactly is the same endpoint and shares the counters.
    expect((await client.send('POST', '/api')).headers['ratelimit-remaining']).toBe('0');
    const refused = await client.get('/gql');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3570');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.json()).toEqual({
      name: 'Too Many Requests',
      message: 'Rate limit exceeded.',
      code: 0,
      status: 429,
    });
    expect(running.handled).toEqual(['graphql', 'graphql']);
    // Another address has its own counter.
    expect((await from(fastify, '192.0.2.2').get('/gql')).statusCode).toBe(200);
  });

  it('refuses teams API requests over the limit per credential in Grafana shape', async () => {
    const running = await app();
    fastify = running.fastify;
    const token = { authorization: 'Bearer glsa_one' };
    expect((await from(fastify, '192.0.2.1').get('/api/teams/search', token)).statusCode).toBe(200);
    const refused = await from(fastify, '192.0.2.2').get('/api/teams/search', token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(refused.json()).toEqual({ message: 'Too many requests' });
    expect(refused.headers['retry-after']).toBe('3570');
    // The not-found fallback belongs to the same API.
    expect((await from(fastify, '192.0.2.3').get('/api/nope', token)).statusCode).toBe(429);
    const other = await from(fastify, '192.0.2.1').get('/api/teams/search', {
      authorization: 'Bearer glsa_two',
    });
    expect(other.statusCode).toBe(200);
    expect(running.handled).toEqual(['teams', 'teams']);
  });

  it('leaves other routes alone, and does not count preflights', async () => {
    const running = await app();
    fastify = running.fastify;
    const client = from(fastify, '192.0.2.1');
    for (let i = 0; i < 5; i++) {
      const json = await client.send('POST', '/json');
      expect(json.statusCode).toBe(200);
      expect(json.headers['ratelimit-limit']).toBeUndefined();
      expect((await client.get('/graphql')).statusCode).toBe(200);
      expect((await client.send('OPTIONS', '/gql')).statusCode).toBe(200);
    }
    expect((await client.get('/gql')).headers['ratelimit-remaining']).toBe('1');
    expect(running.stat('ratelimit.api_guard.graphql.ok')).toBe(1);
  });

  it('counts a HEAD request once', async () => {
    const running = await app();
    fastify = running.fastify;
    const client = from(fastify, '192.0.2.1');
    expect((await client.send('HEAD', '/gql')).headers['ratelimit-remaining']).toBe('1');
    expect((await client.send('HEAD', '/gql')).headers['ratelimit-remaining']).toBe('0');
  });

  it('with API_RATE_LIMIT_DOMAIN empty adds no hook at all', async () => {
    const running = await app({ API_RATE_LIMIT_DOMAIN: '' });
    fastify = running.fastify;
    for (let i = 0; i < 4; i++) {
      const answer = await from(fastify, '192.0.2.1').get('/gql');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBeUndefined();
    }
    expect(running.stat('ratelimit.api_guard.graphql.ok')).toBe(0);
  });

  it('protects only the APIs API_RATE_LIMIT_ROUTES lists', async () => {
    const running = await app({ API_RATE_LIMIT_ROUTES: 'teams' });
    fastify = running.fastify;
    for (let i = 0; i < 4; i++) {
      expect((await from(fastify, '192.0.2.1').get('/gql')).statusCode).toBe(200);
    }
    const token = { authorization: 'Bearer glsa_one' };
    await from(fastify, '192.0.2.1').get('/api/teams/search', token);
    expect((await from(fastify, '192.0.2.1').get('/api/teams/search', token)).statusCode).toBe(429);
  });

  it('reads the client address from X-Forwarded-For only behind a trusted proxy', async () => {
    const running = await app({ API_RATE_LIMIT_TRUSTED_PROXIES: '127.0.0.1' });
    fastify = running.fastify;
    const viaProxy = (client: string) =>
      from(fastify, '127.0.0.1').get('/gql', { 'x-forwarded-for': `spoofed, ${client}` });
    await viaProxy('198.51.100.1');
    await viaProxy('198.51.100.1');
    expect((await viaProxy('198.51.100.1')).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.2')).statusCode).toBe(200);
    // Not from the proxy: the header is ignored, the peer counts.
    const direct = from(fastify, '192.0.2.7');
    const forged = { 'x-forwarded-for': '198.51.100.3' };
    await direct.get('/gql', forged);
    await direct.get('/gql', { 'x-forwarded-for': '198.51.100.4' });
    expect((await direct.get('/gql', forged)).statusCode).toBe(429);
  });
});
