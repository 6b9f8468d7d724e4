import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { startRedis } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { ServiceProcess, startService } from '../support/service-process';
import { withinOneWindow } from '../support/window';

/*
 * The GraphQL endpoint and the teams API protected by a rate limit domain in process, over real
 * HTTP against the built service. Clients are told apart by X-Forwarded-For: the tests connect
 * from 127.0.0.1, which API_RATE_LIMIT_TRUSTED_PROXIES declares a proxy.
 */

const RULES = `
domain: api_e2e
descriptors:
  - key: api
    value: graphql
    descriptors:
      - key: token
        rate_limit: {unit: hour, requests_per_unit: 3}
      - key: remote_address
        rate_limit: {unit: hour, requests_per_unit: 5}
  - key: api
    value: teams
    descriptors:
      - key: token
        rate_limit: {unit: hour, requests_per_unit: 3}
      - key: remote_address
        rate_limit: {unit: hour, requests_per_unit: 4}
`;
const ADMIN_PASSWORD = 'admin-secret';
const ADMIN_BASIC = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
const PONG = { data: { ping: 'pong' } };
const YII_429 = {
  name: 'Too Many Requests',
  message: 'Rate limit exceeded.',
  code: 0,
  status: 429,
};
const GRAFANA_429 = { message: 'Too many requests' };

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

async function call(
  service: ServiceProcess,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.from !== undefined) headers['x-forwarded-for'] = init.from;
  const response = await fetch(`${service.httpUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, headers: response.headers, body };
}

const ping = (service: ServiceProcess, from: string, headers: Record<string, string> = {}) =>
  call(service, '/gql', {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: '{ping}' }),
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});
const limitHeaders = (answer: Answer) => ({
  limit: answer.headers.get('ratelimit-limit'),
  remaining: answer.headers.get('ratelimit-remaining'),
  reset: answer.headers.get('ratelimit-reset'),
});

/** Every RateLimit header of an answer (none expected on unprotected routes). */
const anyLimitHeader = (answer: Answer) =>
  [...answer.headers.keys()].filter((name) => /ratelimit|retry-after/i.test(name));

async function stats(service: ServiceProcess): Promise<Map<string, number>> {
  const text = await (await fetch(`${service.debugUrl}/stats`)).text();
  return new Map(
    text
      .trim()
      .split('\n')
      .map((line) => line.split(': '))
      .map(([name, value]) => [name, Number(value)]),
  );
}

function dataDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'api-guard-data-'));
}

describe('API rate limits in process (API_RATE_LIMIT_DOMAIN)', () => {
  let service: ServiceProcess;
  let dataDir: string;
  const tokens: string[] = [];

  beforeAll(async () => {
    dataDir = dataDirectory();
    service = await startService({
      ...ruleDirectory({ 'api.yaml': RULES }),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      GRAPHQL_PATH: '/gql',
      API_RATE_LIMIT_DOMAIN: 'api_e2e',
      API_RATE_LIMIT_TRUSTED_PROXIES: '127.0.0.1',
      API_RATE_LIMIT_HEADERS: 'both',
      LOG_LEVEL: 'warn',
    });
    // Two GraphQL tokens of the demo model's partner schema (as admin, from 127.0.0.1 itself).
    for (const name of ['first', 'second']) {
      const created = await call(service, '/api/content/tokens', {
        method: 'POST',
        headers: { authorization: ADMIN_BASIC, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `api-guard ${name}`, schema: 'partner' }),
      });
      expect(created.status).toBe(201);
      tokens.push((created.body as { accessToken: string }).accessToken);
    }
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Every limit is hourly: a burst must not straddle the hour.
    await withinOneWindow(3600, 60);
  });

  it('GraphQL: a token over its limit gets 429, whatever address it comes from', async () => {
    for (let i = 1; i <= 3; i++) {
      const allowed = await ping(service, `10.1.0.${i}`, bearer(tokens[0]));
      expect(allowed.status).toBe(200);
      expect(allowed.body).toEqual(PONG);
      // The token's limit has the least remaining: it is the one described.
      expect(limitHeaders(allowed)).toEqual({
        limit: '3',
        remaining: String(3 - i),
        reset: expect.stringMatching(/^\d+$/),
      });
      expect(allowed.headers.get('x-ratelimit-limit')).toBe('3, 5;w=3600, 3;w=3600');
    }
    const refused = await ping(service, '10.1.0.4', bearer(tokens[0]));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(YII_429);
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(limitHeaders(refused)).toMatchObject({ limit: '3', remaining: '0' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(retryAfter));
    // The endpoint's CORS headers are on the refusal too, so a browser can read it.
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');

    // The other token, from the same address, is not affected.
    const other = await ping(service, '10.1.0.4', bearer(tokens[1]));
    expect(other.status).toBe(200);
    expect(other.body).toEqual(PONG);
  });

  it('GraphQL: an address over its limit gets 429; GRAPHQL_PATH and /api share it', async () => {
    const address = '10.2.0.1';
    const answers = [
      await ping(service, address),
      await call(service, '/api?query=%7Bping%7D', { from: address }),
      await ping(service, address, bearer('__PUBLIC__')),
      await call(service, '/gql?query=%7Bping%7D', { from: address }),
      await call(service, '/api', {
        method: 'POST',
        from: address,
        headers: { 'content-type': 'application/graphql' },
        body: '{ping}',
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body)).toEqual(Array(5).fill(PONG));
    expect(answers.map((answer) => limitHeaders(answer).remaining)).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    const refused = await call(service, '/api?query=%7Bping%7D', { from: address });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(YII_429);
    expect(limitHeaders(refused)).toMatchObject({ limit: '5', remaining: '0' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // What a client writes left of the trusted proxy's entry does not matter.
    expect((await ping(service, `203.0.113.9, ${address}`)).status).toBe(429);
    // Another address is not affected.
    expect((await ping(service, '10.2.0.2')).status).toBe(200);
  });

  it('teams API: a login over its limit gets 429 in Grafana shape, wrong passwords included', async () => {
    for (let i = 1; i <= 3; i++) {
      const answer = await call(service, '/api/teams/search', {
        from: `10.3.0.${i}`,
        headers: basic('mallory', `guess-${i}`),
      });
      expect(answer.status).toBe(401);
      expect(limitHeaders(answer)).toMatchObject({ limit: '3', remaining: String(3 - i) });
    }
    const refused = await call(service, '/api/teams/search', {
      from: '10.3.0.4',
      headers: basic('Mallory', 'guess-4'),
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(GRAFANA_429);
    expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limitHeaders(refused)).toMatchObject({ limit: '3', remaining: '0' });

    // The admin, another login, is served.
    const admin = await call(service, '/api/teams/search', {
      from: '10.3.0.4',
      headers: { authorization: ADMIN_BASIC },
    });
    expect(admin.status).toBe(200);
  });

  it('teams API: an address over its limit gets 429, unknown routes included', async () => {
    const address = '10.4.0.1';
    for (const path of ['/api/teams/search', '/api/user', '/api/nope', '/api/teams/search']) {
      expect((await call(service, path, { from: address })).status).not.toBe(429);
    }
    const refused = await call(service, '/api/teams/search', { from: address });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(GRAFANA_429);
    expect(limitHeaders(refused)).toMatchObject({ limit: '4', remaining: '0' });
    expect((await call(service, '/api/teams/search', { from: '10.4.0.2' })).status).toBe(401);
  });

  it('leaves other routes and CORS preflights alone, and counts in /stats', async () => {
    const address = '10.5.0.1';
    for (let i = 0; i < 5; i++) await ping(service, address);
    expect((await ping(service, address)).status).toBe(429);

    const health = await call(service, '/healthcheck', { from: address });
    expect(health.status).toBe(200);
    // The guard's own domain is reserved (issue 19): /json answers for any other.
    const json = await call(service, '/json', {
      method: 'POST',
      from: address,
      body: JSON.stringify({
        domain: 'other',
        descriptors: [{ entries: [{ key: 'x', value: 'y' }] }],
      }),
    });
    expect(json.status).toBe(200);
    const reserved = await call(service, '/json', {
      method: 'POST',
      from: address,
      body: JSON.stringify({
        domain: 'api_e2e',
        descriptors: [{ entries: [{ key: 'x', value: 'y' }] }],
      }),
    });
    expect(reserved.status).toBe(400);
    expect(reserved.body).toEqual({
      message:
        'rate limit domain "api_e2e" is reserved for this service\'s own API rate limits (API_RATE_LIMIT_DOMAIN): it cannot be asked for over gRPC or /json',
    });
    const preflight = await call(service, '/gql', {
      method: 'OPTIONS',
      from: address,
      headers: { origin: 'https://site.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    for (const answer of [health, json, preflight]) expect(anyLimitHeader(answer)).toEqual([]);

    const counted = await stats(service);
    expect(counted.get('ratelimit.api_guard.graphql.ok')).toBeGreaterThanOrEqual(5);
    expect(counted.get('ratelimit.api_guard.graphql.over_limit')).toBeGreaterThanOrEqual(1);
    expect(counted.get('ratelimit.api_guard.teams.over_limit')).toBeGreaterThanOrEqual(1);
    expect(counted.get('ratelimit.api_guard.graphql.failure_mode_allowed')).toBe(0);
    // The limiter's own per-rule statistics, as for gRPC and /json decisions.
    expect(
      counted.get('ratelimit.service.rate_limit.api_e2e.api_graphql.remote_address.over_limit'),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('API rate limits switched off (API_RATE_LIMIT_DOMAIN empty)', () => {
  it('limits nothing and adds no header, with the same rules loaded', async () => {
    const dataDir = dataDirectory();
    const service = await startService({
      ...ruleDirectory({ 'api.yaml': RULES }),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      API_RATE_LIMIT_TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    try {
      await withinOneWindow(3600, 60);
      for (let i = 0; i < 8; i++) {
        const graphql = await call(service, '/graphql?query=%7Bping%7D', { from: '10.6.0.1' });
        expect(graphql.status).toBe(200);
        expect(graphql.body).toEqual(PONG);
        const teams = await call(service, '/api/teams/search', {
          from: '10.6.0.1',
          headers: basic('mallory', 'guess'),
        });
        expect(teams.status).toBe(401);
        for (const answer of [graphql, teams]) expect(anyLimitHeader(answer)).toEqual([]);
      }
      expect((await stats(service)).get('ratelimit.api_guard.graphql.ok')).toBe(0);
    } finally {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('API rate limits when the counter store is down', () => {
  it('fail open: requests are served, logged and counted; only the listed APIs are guarded', async () => {
    const redis = await startRedis();
    const dataDir = dataDirectory();
    const service = await startService({
      ...ruleDirectory({ 'api.yaml': RULES }),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      KVSTORE_URL: redis.url,
      API_RATE_LIMIT_DOMAIN: 'api_e2e',
      API_RATE_LIMIT_ROUTES: 'graphql',
      LOG_LEVEL: 'warn',
      // A request that waited for the store would outlast the test: failing open is at once.
      KVSTORE_TIMEOUT: '1h',
    });
    try {
      await withinOneWindow(3600, 60);
      const before = await call(service, '/graphql?query=%7Bping%7D');
      expect(before.status).toBe(200);
      expect(limitHeaders(before)).toMatchObject({ limit: '5', remaining: '4' });
      // API_RATE_LIMIT_ROUTES=graphql: the teams API is not guarded.
      const teams = await call(service, '/api/teams/search', { headers: basic('mallory', 'x') });
      expect(teams.status).toBe(401);
      expect(anyLimitHeader(teams)).toEqual([]);

      await redis.kill();
      for (let i = 0; i < 8; i++) {
        const answer = await call(service, '/graphql?query=%7Bping%7D');
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual(PONG);
        expect(anyLimitHeader(answer)).toEqual([]);
      }
      const counted = await stats(service);
      expect(counted.get('ratelimit.api_guard.graphql.failure_mode_allowed')).toBe(8);
      expect(counted.get('ratelimit.api_guard.graphql.error')).toBe(8);
      // One log line for the outage, not one per request.
      const failures = service.output().match(/no rate limit decision for a graphql API request/g);
      expect(failures).toHaveLength(1);
      expect(service.output()).toContain('allowed (fail open)');

      await redis.restart();
      await eventually(
        'decisions after Redis is back',
        async () => {
          const answer = await call(service, '/graphql?query=%7Bping%7D');
          return answer.headers.get('ratelimit-limit') === null ? undefined : answer;
        },
        15_000,
        200,
      );
      expect(service.output()).toContain('rate limit decisions for the APIs work again');
    } finally {
      await service.stop();
      await redis.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
