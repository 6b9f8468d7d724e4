import * as grpc from '@grpc/grpc-js';
import { eventually, healthBecomes } from '../support/eventually';
import { CALLER_DEADLINE_MS } from '../support/decision-load';
import { rateLimitClient } from '../support/grpc-clients';
import { startLoad } from '../support/load-loop';
import { startMemcachedNodes } from '../support/memcached-server';
import { startRedis } from '../support/redis/servers';
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

/**
 * ShouldRateLimit with a caller deadline: a call that waits on a failed store (instead of failing
 * fast, or failing open) ends DEADLINE_EXCEEDED, which the assertions below reject; no wall-clock
 * threshold that a loaded machine may cross.
 */
function decide(client: grpc.Client): Promise<unknown> {
  return new Promise((resolve, reject) =>
    (
      client as unknown as {
        ShouldRateLimit(
          request: unknown,
          metadata: grpc.Metadata,
          options: grpc.CallOptions,
          callback: (error: grpc.ServiceError | null, response: unknown) => void,
        ): void;
      }
    ).ShouldRateLimit(
      request,
      new grpc.Metadata(),
      { deadline: Date.now() + CALLER_DEADLINE_MS },
      (error, response) => (error ? reject(error) : resolve(response)),
    ),
  );
}

describe('counter stores failing under steady load', () => {
  it('Redis killed and restarted: fast, clear UNAVAILABLE errors, no crash, recovery without restart', async () => {
    const redis = await startRedis();
    const service = await startService({
      ...ruleDirectory({ 'faults.yaml': RULES }),
      KVSTORE_URL: redis.url,
      KVSTORE_HEALTH_CHECK_ACTIVE_CONNECTION: 'true',
      // Longer than the caller's deadline: a decision that waited on the dead store would show.
      KVSTORE_TIMEOUT: '60s',
    });
    const client = rateLimitClient(service.grpcAddress);
    const load = startLoad(() => decide(client));
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
    const load = startLoad(() => decide(client));
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
      // Each within the caller's deadline: fail open, not wait.
      expect(during.filter((o) => !o.ok)).toEqual([]);
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
