import { eventually } from '../support/eventually';
import { rateLimitClient, unary } from '../support/grpc-clients';
import { startMemcachedNodes } from '../support/memcached-server';
import { startRedis } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { ServiceProcess, startService } from '../support/service-process';

const RULES = `
domain: console
descriptors:
  - key: user
    rate_limit: {unit: hour, requests_per_unit: 5}
  - key: org
    descriptors:
      - key: plan
        rate_limits:
          - {unit: hour, requests_per_unit: 10, name: hourly}
          - {unit: day, algorithm: sliding_window, requests_per_unit: 50, name: daily}
  - key: internal
    rate_limit: {unlimited: true}
`;

interface LimitState {
  limit: string;
  count: number;
  remaining: number;
  overLimit: boolean;
  secondsToReset: number;
  key: string;
}
interface Lookup {
  rule: string | null;
  unlimited: boolean;
  store: string;
  limits: LimitState[];
}
interface Decision {
  overallCode: string;
  statuses: { code: string; limitRemaining?: number }[];
}

function decide(service: ServiceProcess, entries: [string, string][]): Promise<Decision> {
  return fetch(`${service.httpUrl}/json`, {
    method: 'POST',
    body: JSON.stringify({
      domain: 'console',
      descriptors: [{ entries: entries.map(([key, value]) => ({ key, value })) }],
    }),
  }).then((r) => r.json() as Promise<Decision>);
}

const counters = (service: ServiceProcess, query: string, init?: RequestInit) =>
  fetch(`${service.debugUrl}/counters?${query}`, init);

describe('operator console JSON API on the debug listener', () => {
  describe('memory store', () => {
    let service: ServiceProcess;
    beforeAll(async () => {
      service = await startService({ ...ruleDirectory({ 'console.yaml': RULES }) });
    });
    afterAll(async () => {
      await service?.stop();
    });

    it('reads the counts a /json decision made, without counting, and resets them', async () => {
      for (let i = 0; i < 3; i++) await decide(service, [['user', 'carol']]);
      const decision = await decide(service, [['user', 'carol']]);
      expect(decision.statuses[0].limitRemaining).toBe(1);
      const read = async () =>
        (await (await counters(service, 'domain=console&descriptor=user=carol')).json()) as Lookup;
      const first = await read();
      expect(first.rule).toBe('console.user');
      expect(first.store).toBe('memory');
      expect(first.limits).toHaveLength(1);
      expect(first.limits[0]).toMatchObject({ count: 4, remaining: 1, overLimit: false });
      expect(first.limits[0].secondsToReset).toBeGreaterThan(0);
      // A read does not count.
      expect((await read()).limits[0].count).toBe(4);

      const reset = await counters(service, 'domain=console&descriptor=user=carol', {
        method: 'DELETE',
      });
      expect(reset.status).toBe(200);
      expect(((await reset.json()) as Lookup).limits[0]).toMatchObject({ count: 0, remaining: 5 });
      expect((await decide(service, [['user', 'carol']])).statuses[0].limitRemaining).toBe(4);
      await eventually('the reset logged at INFO with who and what', () =>
        /counters reset by 127\.0\.0\.1: domain=console descriptor=user=carol rule=console\.user/.test(
          service.output(),
        )
          ? true
          : undefined,
      );
    });

    it('shows every limit of a rate_limits rule, and says when no rule or an unlimited one applies', async () => {
      await decide(service, [
        ['org', 'acme'],
        ['plan', 'pro'],
      ]);
      const multi = (await (
        await counters(service, 'domain=console&descriptor=org=acme,plan=pro')
      ).json()) as Lookup;
      expect(multi.limits.map((l) => [l.limit, l.count])).toEqual([
        ['hourly', 1],
        ['daily', 1],
      ]);
      const none = (await (
        await counters(service, 'domain=console&descriptor=other=x')
      ).json()) as Lookup;
      expect(none).toMatchObject({ rule: null, limits: [] });
      const unlimited = (await (
        await counters(service, 'domain=console&descriptor=internal=x')
      ).json()) as Lookup;
      expect(unlimited).toMatchObject({ rule: 'console.internal', unlimited: true });
    });

    it.each([
      ['an unknown domain', 'domain=nope&descriptor=user=a', /unknown domain "nope"/],
      ['no domain', 'descriptor=user=a', /domain is missing/],
      ['no descriptor', 'domain=console', /descriptor is missing/],
      ['an entry without =', 'domain=console&descriptor=user', /is not key=value/],
      ['an empty key', 'domain=console&descriptor==a', /is not key=value/],
      [
        'an oversized value',
        `domain=console&descriptor=user=${'x'.repeat(1025)}`,
        /value is longer than 1024 bytes/,
      ],
    ])('answers 400 {"message"} for %s', async (_name, query, message) => {
      for (const method of ['GET', 'DELETE']) {
        const response = await counters(service, query, { method });
        expect(response.status).toBe(400);
        const body = (await response.json()) as { message: string };
        expect(body.message).toMatch(message);
        expect(JSON.stringify(body)).not.toMatch(/\n\s+at /);
      }
    });

    it('dry-runs a candidate file on its own counters, refusing what a reload would refuse', async () => {
      const post = (body: string, seconds = '60') =>
        fetch(`${service.debugUrl}/dry-run?seconds=${seconds}`, {
          method: 'POST',
          headers: { 'content-type': 'application/yaml' },
          body,
        });
      const invalid = await post(
        'domain: console\ndescriptors:\n  - key: a\n    rate_limit: {unit: fortnight, requests_per_unit: 1}\n',
      );
      expect(invalid.status).toBe(400);
      expect(((await invalid.json()) as { message: string }).message).toMatch(/^candidate: /);
      expect((await post('domain: console\n', '0')).status).toBe(400);
      expect((await post('')).status).toBe(400);

      const started = await post(
        'domain: console\ndescriptors:\n  - key: user\n    rate_limit: {unit: hour, requests_per_unit: 1}\n',
      );
      expect(started.status).toBe(200);
      expect(await started.json()).toMatchObject({ state: 'running' });
      for (let i = 0; i < 3; i++) await decide(service, [['user', 'erin']]);
      const report = (await (await fetch(`${service.debugUrl}/dry-run`)).json()) as {
        rules: {
          rule: string;
          totalHits: number;
          wouldHaveLimited: number;
          topLimited: { key: string }[];
        }[];
      };
      expect(report.rules).toEqual([
        expect.objectContaining({
          rule: 'console.user',
          totalHits: 3,
          wouldHaveLimited: 2,
          topLimited: [expect.objectContaining({ key: 'user=erin', count: 2 })],
        }),
      ]);
      // The live counters saw the three hits once.
      const live = (await (
        await counters(service, 'domain=console&descriptor=user=erin')
      ).json()) as Lookup;
      expect(live.limits[0].count).toBe(3);
      const ended = await fetch(`${service.debugUrl}/dry-run`, { method: 'DELETE' });
      expect(await ended.json()).toMatchObject({ state: 'finished' });
      await decide(service, [['user', 'erin']]);
      const after = (await (await fetch(`${service.debugUrl}/dry-run`)).json()) as {
        rules: { totalHits: number }[];
      };
      expect(after.rules[0].totalHits).toBe(3);
    });

    it('counts the callers of gRPC and /json decisions in /top (accounting on by default)', async () => {
      const client = rateLimitClient(service.grpcAddress);
      try {
        await unary<Decision>(client, 'shouldRateLimit', {
          domain: 'console',
          descriptors: [{ entries: [{ key: 'user', value: 'top-grpc' }] }],
        });
      } finally {
        client.close();
      }
      await decide(service, [['user', 'top-json']]);
      await decide(service, [['user', 'top-json']]);
      const response = await fetch(`${service.debugUrl}/top?domain=console&rule=console.user`);
      expect(response.status).toBe(200);
      const top = (await response.json()) as { byHits: { key: string; count: number }[] };
      const count = (key: string) => top.byHits.find((caller) => caller.key === key)?.count;
      expect(count('user=top-json')).toBe(2);
      expect(count('user=top-grpc')).toBe(1);
    });

    it('answers 400 for /top of an unknown rule', async () => {
      const response = await fetch(`${service.debugUrl}/top?rule=console.nope`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'unknown rule "console.nope"' });
    });
  });

  describe('accounting off (DEBUG_CONSOLE_ACCOUNTING=false)', () => {
    let service: ServiceProcess;
    beforeAll(async () => {
      service = await startService({
        ...ruleDirectory({ 'console.yaml': RULES }),
        DEBUG_CONSOLE_ACCOUNTING: 'false',
      });
    });
    afterAll(async () => {
      await service?.stop();
    });

    it('decides over gRPC and /json as with it on, and says top callers are off', async () => {
      const client = rateLimitClient(service.grpcAddress);
      try {
        const answer = await unary<Decision>(client, 'shouldRateLimit', {
          domain: 'console',
          descriptors: [{ entries: [{ key: 'user', value: 'grpc-off' }] }],
        });
        expect(answer.overallCode).toBe('OK');
        expect(answer.statuses[0].limitRemaining).toBe(4);
      } finally {
        client.close();
      }
      const json = await decide(service, [['user', 'grpc-off']]);
      expect(json.overallCode).toBe('OK');
      expect(json.statuses[0].limitRemaining).toBe(3);
      const top = await fetch(`${service.debugUrl}/top?domain=console&rule=console.user`);
      expect(top.status).toBe(400);
      expect(await top.json()).toEqual({
        message: 'top callers are off (DEBUG_CONSOLE_ACCOUNTING=false)',
      });
    });
  });

  describe('DEBUG_TOKEN', () => {
    let service: ServiceProcess;
    beforeAll(async () => {
      service = await startService({
        ...ruleDirectory({ 'console.yaml': RULES }),
        DEBUG_TOKEN: 'tok-123',
      });
    });
    afterAll(async () => {
      await service?.stop();
    });

    it('guards every debug route: 401 without it, served with Bearer or Basic', async () => {
      const paths = [
        '/',
        '/stats',
        '/rlconfig',
        '/console',
        '/counters?domain=console&descriptor=user=a',
        '/traffic',
        '/debug/pprof/',
      ];
      for (const path of paths) {
        const anonymous = await fetch(`${service.debugUrl}${path}`);
        expect([path, anonymous.status]).toEqual([path, 401]);
        expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic /);
        const wrong = await fetch(`${service.debugUrl}${path}`, {
          headers: { authorization: 'Bearer tok-124' },
        });
        expect([path, wrong.status]).toEqual([path, 401]);
        const bearer = await fetch(`${service.debugUrl}${path}`, {
          headers: { authorization: 'Bearer tok-123' },
        });
        expect([path, bearer.status]).toEqual([path, 200]);
      }
      const basic = await fetch(`${service.debugUrl}/stats`, {
        headers: { authorization: `Basic ${Buffer.from('ops:tok-123').toString('base64')}` },
      });
      expect(basic.status).toBe(200);
    });
  });

  describe('memcached store', () => {
    it('reads and resets counters on memcached', async () => {
      const nodes = await startMemcachedNodes(2);
      const service = await startService({
        ...ruleDirectory({ 'console.yaml': RULES }),
        BACKEND_TYPE: 'memcache',
        MEMCACHE_HOST_PORT: nodes.map((n) => n.address).join(','),
      });
      const read = async () =>
        (await (await counters(service, 'domain=console&descriptor=user=frank')).json()) as Lookup;
      try {
        for (let i = 0; i < 3; i++) await decide(service, [['user', 'frank']]);
        // memcached's increments are sent after the answer: wait until all three are stored.
        await eventually('three hits on memcached', async () =>
          (await read()).limits[0].count === 3 ? true : undefined,
        );
        const reset = await counters(service, 'domain=console&descriptor=user=frank', {
          method: 'DELETE',
        });
        expect(reset.status).toBe(200);
        expect(((await reset.json()) as Lookup).limits[0].count).toBe(0);
        expect((await decide(service, [['user', 'frank']])).statuses[0].limitRemaining).toBe(4);
      } finally {
        await service.stop();
        await Promise.all(nodes.map((n) => n.stop()));
      }
    });
  });

  describe('Redis store', () => {
    it('reads and resets on Redis, and answers 503 with the store message once Redis is gone', async () => {
      const redis = await startRedis();
      const service = await startService({
        ...ruleDirectory({ 'console.yaml': RULES }),
        BACKEND_TYPE: 'redis',
        REDIS_URL: redis.url,
      });
      try {
        await decide(service, [['user', 'dave']]);
        await decide(service, [['user', 'dave']]);
        const lookup = (await (
          await counters(service, 'domain=console&descriptor=user=dave')
        ).json()) as Lookup;
        expect(lookup.store).toBe('kvstore');
        expect(lookup.limits[0]).toMatchObject({ count: 2, remaining: 3 });
        const reset = await counters(service, 'domain=console&descriptor=user=dave', {
          method: 'DELETE',
        });
        expect(((await reset.json()) as Lookup).limits[0].count).toBe(0);

        await redis.kill();
        for (const method of ['GET', 'DELETE']) {
          const failed = await counters(service, 'domain=console&descriptor=user=dave', {
            method,
          });
          expect(failed.status).toBe(503);
          const body = (await failed.json()) as { message: string };
          expect(body.message).toMatch(/primary store: /);
        }
        const health = (await (await fetch(`${service.debugUrl}/console/health.json`)).json()) as {
          store: { reachable: boolean; error: string };
        };
        expect(health.store.reachable).toBe(false);
      } finally {
        await service.stop();
        await redis.stop();
      }
    });
  });
});
