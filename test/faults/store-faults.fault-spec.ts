import * as grpc from '@grpc/grpc-js';
import { eventually, healthBecomes } from '../support/eventually';
import { rateLimitClient, unary } from '../support/grpc-clients';
import { startLoad } from '../support/load-loop';
import { startMemcachedNodes } from '../support/memcached-server';
import { startRedis } from '../support/redis-servers';
import { ruleDirectory } from '../support/rule-dir';
import { startService } from '../support/service-process';

const RULES = `
domain: faults
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: 1000000000}
`;
const request = {
  domain: 'faults',
  descriptors: [{ entries: [{ key: 'user', value: 'steady' }] }],
};

describe('counter stores failing under steady load', () => {
  it('Redis killed and restarted: fast, clear UNAVAILABLE errors, no crash, recovery without restart', async () => {
    const redis = await startRedis();
    const service = await startService({
      ...ruleDirectory({ 'faults.yaml': RULES }),
      KVSTORE_URL: redis.url,
      KVSTORE_HEALTH_CHECK_ACTIVE_CONNECTION: 'true',
    });
    const client = rateLimitClient(service.grpcAddress);
    const load = startLoad(() => unary(client, 'ShouldRateLimit', request));
    try {
      await eventually('steady successes', () =>
        load.outcomes.filter((o) => o.ok).length > 200 ? true : undefined,
      );
      const killedAt = performance.now();
      await redis.kill();
      await eventually('failures while Redis is down', () =>
        load.after(killedAt).filter((o) => !o.ok).length > 50 ? true : undefined,
      );
      const failures = load.after(killedAt).filter((o) => !o.ok);
      for (const failure of failures) {
        expect(failure.error).toMatch(
          new RegExp(
            `^${grpc.status.UNAVAILABLE}: counter store \\(kvstore\\) failed: primary store: `,
          ),
        );
        expect(failure.ms).toBeLessThan(1000);
      }
      expect((await fetch(`${service.httpUrl}/healthcheck`)).status).toBe(500);

      const restartedAt = performance.now();
      await redis.restart();
      await eventually(
        'successes after Redis is back',
        () => (load.after(restartedAt).filter((o) => o.ok).length > 100 ? true : undefined),
        15_000,
      );
      await healthBecomes(service.httpUrl, 200, 15_000);
      expect(service.child.exitCode).toBeNull();
    } finally {
      await load.stop();
      client.close();
      await service.stop();
      await redis.stop();
    }
  });

  it('memcached killed and restarted: decisions keep answering (fail open) and health follows', async () => {
    const [node] = await startMemcachedNodes(1);
    const service = await startService({
      ...ruleDirectory({ 'faults.yaml': RULES }),
      ALTCACHE_HOST_PORT: node.address,
    });
    const client = rateLimitClient(service.grpcAddress);
    const load = startLoad(() => unary(client, 'ShouldRateLimit', request));
    try {
      await eventually('steady successes', () =>
        load.outcomes.filter((o) => o.ok).length > 200 ? true : undefined,
      );
      const killedAt = performance.now();
      await node.stop('SIGKILL');
      await eventually(
        'answers while memcached is down',
        () => (load.after(killedAt).length > 100 ? true : undefined),
        15_000,
      );
      const during = load.after(killedAt);
      expect(during.every((o) => o.ok)).toBe(true);
      expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(2000);
      await healthBecomes(service.httpUrl, 500, 10_000);

      await node.restart();
      await healthBecomes(service.httpUrl, 200, 15_000);
      expect(service.child.exitCode).toBeNull();
    } finally {
      await load.stop();
      client.close();
      await service.stop();
      await node.stop();
    }
  });
});
