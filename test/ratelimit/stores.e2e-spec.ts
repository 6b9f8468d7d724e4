import * as grpc from '@grpc/grpc-js';
import Redis from 'ioredis';
import { eventually } from '../support/eventually';
import { rateLimitClient, unary, unaryWithin } from '../support/grpc-clients';
import { startMemcachedNodes } from '../support/memcached-server';
import { startCluster, startRedis, startSentinelSetup } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { ServiceProcess, startService } from '../support/service-process';
import { withinOneWindow } from '../support/window';

/*
 * The same decision suite against every counter store variant, each a real server process:
 * memory, Redis single (password, ACL user, TLS), Redis with a per-second store, sentinel, cluster
 * and memcached, with and without the local over-limit cache; Redis also under the write-behind
 * cache and the failure modes (which change nothing while Redis answers).
 */

const RULES = `
domain: stores
descriptors:
  - key: user
    rate_limit: {unit: hour, requests_per_unit: 3}
  - key: burst
    rate_limit: {unit: second, requests_per_unit: 2}
  - key: region
    rate_limit: {unit: day, requests_per_unit: 100}
  - key: sliding
    rate_limit: {unit: minute, unit_multiplier: 60, requests_per_unit: 3, algorithm: sliding_window}
  - key: multi
    rate_limits:
      - {unit: hour, requests_per_unit: 5, name: multi_hourly}
      - {unit: day, requests_per_unit: 2, name: multi_daily, algorithm: sliding_window}
`;

/** Token buckets need an atomic read-modify-write: memcached refuses them (see memcached.e2e). */
const TOKEN_BUCKET_RULES = `
  - key: bucket
    rate_limit: {unit: hour, requests_per_unit: 1, algorithm: token_bucket, burst: 3}
`;

interface Status {
  code: string;
  limitRemaining?: number;
  currentLimit?: { name?: string; requestsPerUnit?: number };
  durationUntilReset?: { seconds?: number };
}
interface Response {
  overallCode: string;
  statuses: Status[];
}

interface Backend {
  readonly env: Record<string, string>;
  stop(): Promise<void>;
  /** memcached cannot run token buckets. */
  readonly noTokenBuckets?: boolean;
  /** Keys stored on the per-second and the primary Redis, for the per-second variant. */
  keysOn?(): Promise<{ perSecond: string[]; primary: string[] }>;
}

const LOCAL_CACHE = { LocalCacheSizeInBytes: '1048576' };
/** One instance: the cache's answers are exact (its view is the global count plus its own hits). */
const WRITE_BEHIND = { KVSTORE_CACHE_MODE: 'write_behind', KVSTORE_CACHE_FLUSH_PERIOD: '50ms' };
const none = async () => {};

const variants: [string, () => Promise<Backend>][] = [
  ['memory', () => Promise.resolve({ env: {}, stop: none })],
  ['memory + local cache', () => Promise.resolve({ env: LOCAL_CACHE, stop: none })],
  [
    'Redis single with a password',
    async () => {
      const redis = await startRedis({ password: 'secret-1' });
      return {
        env: { BACKEND_TYPE: 'redis', REDIS_URL: redis.url, REDIS_AUTH: 'secret-1' },
        stop: () => redis.stop(),
      };
    },
  ],
  [
    'Redis single with an ACL user + local cache',
    async () => {
      const redis = await startRedis({ user: 'limiter', password: 'secret-2' });
      return {
        env: { KVSTORE_URL: redis.url, KVSTORE_AUTH: 'limiter:secret-2', ...LOCAL_CACHE },
        stop: () => redis.stop(),
      };
    },
  ],
  [
    'Redis single over TLS with a client certificate',
    async () => {
      const redis = await startRedis({ tls: true });
      const env = {
        KVSTORE_URL: redis.url,
        KVSTORE_TLS: 'true',
        KVSTORE_TLS_CACERT: redis.tls!.ca,
        KVSTORE_TLS_CLIENT_CERT: redis.tls!.cert,
        KVSTORE_TLS_CLIENT_KEY: redis.tls!.key,
      };
      return { env, stop: () => redis.stop() };
    },
  ],
  [
    'Redis with a per-second store',
    async () => {
      const [primary, perSecond] = await Promise.all([startRedis(), startRedis()]);
      const keys = async (port: number) => {
        const client = new Redis({ host: '127.0.0.1', port });
        try {
          return await client.keys('*');
        } finally {
          client.disconnect();
        }
      };
      return {
        env: {
          KVSTORE_URL: primary.url,
          KVSTORE_PERSECOND: 'true',
          KVSTORE_PERSECOND_URL: perSecond.url,
        },
        stop: async () => {
          await Promise.all([primary.stop(), perSecond.stop()]);
        },
        keysOn: async () => ({
          perSecond: await keys(perSecond.port),
          primary: await keys(primary.port),
        }),
      };
    },
  ],
  [
    'Redis sentinel',
    async () => {
      const sentinel = await startSentinelSetup({ password: 'secret-3' });
      return {
        env: { KVSTORE_TYPE: 'sentinel', KVSTORE_URL: sentinel.url, KVSTORE_AUTH: 'secret-3' },
        stop: () => sentinel.stop(),
      };
    },
  ],
  [
    'Redis cluster',
    async () => {
      const cluster = await startCluster();
      return {
        env: { KVSTORE_TYPE: 'cluster', KVSTORE_URL: cluster.url },
        stop: () => cluster.stop(),
      };
    },
  ],
  [
    'Redis cluster + local cache',
    async () => {
      const cluster = await startCluster();
      return {
        env: { REDIS_TYPE: 'cluster', REDIS_URL: cluster.url, ...LOCAL_CACHE },
        stop: () => cluster.stop(),
      };
    },
  ],
  [
    'Redis single, write-behind cache, failure mode allow',
    async () => {
      const redis = await startRedis();
      return {
        env: { KVSTORE_URL: redis.url, ...WRITE_BEHIND, KVSTORE_FAILURE_MODE: 'allow' },
        stop: () => redis.stop(),
      };
    },
  ],
  [
    'Redis with a per-second store, write-behind cache',
    async () => {
      const [primary, perSecond] = await Promise.all([startRedis(), startRedis()]);
      return {
        env: {
          KVSTORE_URL: primary.url,
          KVSTORE_PERSECOND: 'true',
          KVSTORE_PERSECOND_URL: perSecond.url,
          ...WRITE_BEHIND,
        },
        stop: async () => {
          await Promise.all([primary.stop(), perSecond.stop()]);
        },
      };
    },
  ],
  [
    'Redis sentinel, write-behind cache',
    async () => {
      const sentinel = await startSentinelSetup({ password: 'secret-4' });
      return {
        env: {
          KVSTORE_TYPE: 'sentinel',
          KVSTORE_URL: sentinel.url,
          KVSTORE_AUTH: 'secret-4',
          ...WRITE_BEHIND,
        },
        stop: () => sentinel.stop(),
      };
    },
  ],
  [
    'Redis cluster, write-behind cache + local cache, failure mode local',
    async () => {
      const cluster = await startCluster();
      return {
        env: {
          KVSTORE_TYPE: 'cluster',
          KVSTORE_URL: cluster.url,
          ...WRITE_BEHIND,
          KVSTORE_FAILURE_MODE: 'local',
          ...LOCAL_CACHE,
        },
        stop: () => cluster.stop(),
      };
    },
  ],
  [
    'memcached, two nodes',
    async () => {
      const nodes = await startMemcachedNodes(2);
      return {
        env: {
          BACKEND_TYPE: 'memcache',
          MEMCACHE_HOST_PORT: nodes.map((n) => n.address).join(','),
        },
        noTokenBuckets: true,
        stop: async () => {
          await Promise.all(nodes.map((n) => n.stop()));
        },
      };
    },
  ],
  [
    'memcached + local cache',
    async () => {
      const nodes = await startMemcachedNodes(2);
      return {
        env: { ALTCACHE_HOST_PORT: nodes.map((n) => n.address).join(','), ...LOCAL_CACHE },
        noTokenBuckets: true,
        stop: async () => {
          await Promise.all(nodes.map((n) => n.stop()));
        },
      };
    },
  ],
];

const descriptor = (key: string, value: string) => ({ entries: [{ key, value }] });

describe.each(variants)(
  'decisions on %s (upstream rules and the algorithms beyond them)',
  (_name, startBackend) => {
    let backend: Backend;
    let service: ServiceProcess;
    let client: grpc.Client;
    const call = (request: unknown) => unary<Response>(client, 'ShouldRateLimit', request);

    beforeAll(async () => {
      backend = await startBackend();
      const rules = backend.noTokenBuckets ? RULES : RULES + TOKEN_BUCKET_RULES;
      service = await startService({ ...ruleDirectory({ 'stores.yaml': rules }), ...backend.env });
      client = rateLimitClient(service.grpcAddress);
    });
    afterAll(async () => {
      client?.close();
      await service?.stop();
      await backend?.stop();
    });

    it('counts one key up to its limit, then answers OVER_LIMIT (and keeps answering it)', async () => {
      await withinOneWindow(3600, 10);
      const request = { domain: 'stores', descriptors: [descriptor('user', 'alice')] };
      for (const remaining of [2, 1, 0]) {
        const response = await call(request);
        expect(response.overallCode).toBe('OK');
        expect(response.statuses[0].limitRemaining ?? 0).toBe(remaining);
      }
      for (let i = 0; i < 2; i++) {
        const over = await call(request);
        expect(over.overallCode).toBe('OVER_LIMIT');
        expect(over.statuses[0]).toMatchObject({ code: 'OVER_LIMIT' });
      }
    });

    it('counts every descriptor of one request, each on its own key', async () => {
      await withinOneWindow(3600, 10);
      const request = {
        domain: 'stores',
        descriptors: ['r1', 'r2', 'r3', 'r4', 'r5'].map((value) => descriptor('region', value)),
      };
      const first = await call(request);
      expect(first.statuses.map((s) => s.limitRemaining)).toEqual([99, 99, 99, 99, 99]);
      const second = await call({ ...request, hitsAddend: 2 });
      expect(second.statuses.map((s) => s.limitRemaining)).toEqual([97, 97, 97, 97, 97]);
    });

    it('counts the same key twice within one request (per-second window)', async () => {
      await withinOneWindow(1, 0.5);
      const response = await call({
        domain: 'stores',
        descriptors: [descriptor('burst', 'b'), descriptor('burst', 'b'), descriptor('burst', 'b')],
      });
      expect(response.statuses.map((s) => s.code)).toEqual(['OK', 'OK', 'OVER_LIMIT']);
      if (backend.keysOn) {
        const { perSecond, primary } = await backend.keysOn();
        expect(perSecond.some((key) => key.startsWith('stores_burst_b_'))).toBe(true);
        expect(primary.some((key) => key.startsWith('stores_burst_b_'))).toBe(false);
        expect(primary.some((key) => key.startsWith('stores_user_alice_'))).toBe(true);
      }
    });

    it('a sliding window (60 minutes) counts up to its limit, then is over', async () => {
      // A fresh key has no previous window: the estimate is the current count.
      await withinOneWindow(3600, 10);
      const request = { domain: 'stores', descriptors: [descriptor('sliding', 's1')] };
      for (const remaining of [2, 1, 0]) {
        const response = await call(request);
        expect(response.statuses[0]).toMatchObject({ code: 'OK' });
        expect(response.statuses[0].limitRemaining ?? 0).toBe(remaining);
      }
      const over = await call(request);
      expect(over.overallCode).toBe('OVER_LIMIT');
      expect(over.statuses[0].currentLimit).toMatchObject({ requestsPerUnit: 3 });
    });

    it('rate_limits: every limit counts, the least remaining decides, the first over decides', async () => {
      await withinOneWindow(3600, 10);
      const request = { domain: 'stores', descriptors: [descriptor('multi', 'm1')] };
      const first = await call(request);
      expect(first.statuses[0]).toMatchObject({
        code: 'OK',
        limitRemaining: 1,
        currentLimit: { name: 'multi_daily', requestsPerUnit: 2 },
      });
      await call(request);
      const over = await call(request);
      expect(over.overallCode).toBe('OVER_LIMIT');
      expect(over.statuses[0].currentLimit).toMatchObject({ name: 'multi_daily' });
    });

    it('a token bucket gives its burst, then refuses without taking', async () => {
      if (backend.noTokenBuckets) return;
      const request = { domain: 'stores', descriptors: [descriptor('bucket', 't1')] };
      for (const remaining of [2, 1, 0]) {
        const response = await call(request);
        expect(response.statuses[0]).toMatchObject({ code: 'OK' });
        expect(response.statuses[0].limitRemaining ?? 0).toBe(remaining);
      }
      const over = await call(request);
      expect(over.statuses[0]).toMatchObject({ code: 'OVER_LIMIT' });
      // Refilled at one token an hour: full three hours after it was first used.
      expect(over.statuses[0].durationUntilReset?.seconds).toBeGreaterThan(3 * 3600 - 60);
      const peek = await call({
        domain: 'stores',
        descriptors: [{ ...descriptor('bucket', 't1'), hitsAddend: { value: 0 } }],
      });
      expect(peek.statuses[0].limitRemaining ?? 0).toBe(0);
    });
  },
);

describe('a Redis failure under the active-connection health check', () => {
  it('fails decisions fast with UNAVAILABLE, turns unhealthy, and recovers by itself', async () => {
    const redis = await startRedis();
    const service = await startService({
      ...ruleDirectory({ 'stores.yaml': RULES }),
      KVSTORE_URL: redis.url,
      KVSTORE_HEALTH_CHECK_ACTIVE_CONNECTION: 'true',
      KVSTORE_TIMEOUT: '60s',
    });
    const client = rateLimitClient(service.grpcAddress);
    const request = { domain: 'stores', descriptors: [descriptor('region', 'x')] };
    const health = async () => (await fetch(`${service.httpUrl}/healthcheck`)).status;
    try {
      expect((await unary<Response>(client, 'ShouldRateLimit', request)).overallCode).toBe('OK');
      expect(await health()).toBe(200);

      await redis.kill();
      // Fast: answered well within a caller deadline far below KVSTORE_TIMEOUT (a call that
      // waited on the dead store would end DEADLINE_EXCEEDED), not a wall-clock threshold.
      const error = (await unaryWithin(client, 'ShouldRateLimit', request, 15_000).catch(
        (e: unknown) => e,
      )) as grpc.ServiceError;
      expect(error.code).toBe(grpc.status.UNAVAILABLE);
      expect(error.details).toMatch(/^counter store \(kvstore\) failed: primary store: /);
      await eventually('an unhealthy /healthcheck', async () =>
        (await health()) === 500 ? true : undefined,
      );
      const stats = await (await fetch(`${service.debugUrl}/stats`)).text();
      expect(stats).toMatch(/^ratelimit\.service\.call\.should_rate_limit\.redis_error: [1-9]/m);

      await redis.restart();
      await eventually(
        'decisions to succeed again',
        async () => {
          const response = await unary<Response>(client, 'ShouldRateLimit', request).catch(
            () => undefined,
          );
          return response?.overallCode === 'OK' ? true : undefined;
        },
        15_000,
        100,
      );
      await eventually(
        'a healthy /healthcheck',
        async () => ((await health()) === 200 ? true : undefined),
        15_000,
      );
    } finally {
      client.close();
      await service.stop();
      await redis.stop();
    }
  });
});
