import * as grpc from '@grpc/grpc-js';
import { rateLimitClient, unaryWithin } from '../support/grpc-clients';
import { type HealthWatch, watchHealth } from '../support/in-flight';
import { withClient } from '../support/redis/process';
import { type RedisServer, startRedis } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { type ServiceProcess, startService } from '../support/service-process';

/*
 * A rolling restart of two instances sharing one Redis, behind a client that balances as Envoy
 * does: it sends only to instances whose gRPC health Watch says SERVING and retries a call that
 * failed UNAVAILABLE on another instance. Each instance in turn is replaced: the new one starts,
 * joins, then the old one gets SIGTERM with a drain delay. Every call must be answered, and the
 * counter in Redis must equal the number of answered calls: none lost, none counted twice.
 */

const RULES = `
domain: rolling
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: 1000000000}
`;
const REQUEST = { domain: 'rolling', descriptors: [{ entries: [{ key: 'user', value: 'u' }] }] };
const CALLERS = 4;
const ATTEMPTS = 5;

interface Decision {
  overallCode: string;
}

class Backend {
  private constructor(
    readonly service: ServiceProcess,
    readonly client: grpc.Client,
    readonly health: HealthWatch,
  ) {}

  static async start(redis: RedisServer): Promise<Backend> {
    const service = await startService({
      ...ruleDirectory({ 'rolling.yaml': RULES }),
      MODULES: 'ratelimit',
      BACKEND_TYPE: 'redis',
      KVSTORE_URL: redis.url,
      SHUTDOWN_DRAIN_DELAY: '1s',
    });
    return new Backend(
      service,
      rateLimitClient(service.grpcAddress),
      await watchHealth(service.grpcAddress),
    );
  }

  get serving(): boolean {
    return this.health.statuses.at(-1) === 'SERVING';
  }

  decide(): Promise<Decision> {
    return unaryWithin<Decision>(this.client, 'ShouldRateLimit', REQUEST, 15_000);
  }

  close(): void {
    this.health.close();
    this.client.close();
  }
}

/** Envoy's part: healthy instances in turn, UNAVAILABLE retried on the next one. */
class Balancer {
  readonly pool: Backend[] = [];
  answered = 0;
  retried = 0;
  readonly failures: string[] = [];
  private next = 0;
  private running = true;
  private readonly callers: Promise<void>[] = [];

  start(): void {
    for (let i = 0; i < CALLERS; i++) this.callers.push(this.caller());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.callers);
  }

  private pick(): Backend | undefined {
    const serving = this.pool.filter((backend) => backend.serving);
    if (serving.length === 0) return undefined;
    return serving[this.next++ % serving.length];
  }

  private async caller(): Promise<void> {
    while (this.running) {
      let lastError = 'no instance was serving';
      let ok = false;
      for (let attempt = 0; attempt < ATTEMPTS && !ok; attempt++) {
        if (attempt > 0) {
          this.retried++;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const backend = this.pick();
        if (!backend) continue;
        try {
          const decision = await backend.decide();
          if (decision.overallCode !== 'OK') throw new Error(`answered ${decision.overallCode}`);
          ok = true;
        } catch (error) {
          lastError = error instanceof Error ? error.message : String(error);
          // Only UNAVAILABLE says the call was not served; anything else is not retried.
          if ((error as grpc.ServiceError).code !== grpc.status.UNAVAILABLE) break;
        }
      }
      if (ok) this.answered++;
      else this.failures.push(lastError);
    }
  }
}

async function countedInRedis(redis: RedisServer): Promise<number> {
  return withClient({ port: redis.port }, async (client) => {
    const keys = await client.keys('*rolling_user_u_*');
    const values = keys.length === 0 ? [] : await client.mget(keys);
    return values.reduce((sum, value) => sum + Number(value ?? 0), 0);
  });
}

describe('a rolling restart of two instances sharing Redis', () => {
  let redis: RedisServer;
  const balancer = new Balancer();

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await balancer.stop();
    for (const backend of balancer.pool) {
      backend.close();
      await backend.service.stop('SIGKILL');
    }
    await redis?.stop();
  });

  it('answers every call and counts each exactly once', async () => {
    balancer.pool.push(await Backend.start(redis), await Backend.start(redis));
    balancer.start();
    for (let round = 0; round < 2; round++) {
      const old = balancer.pool[0];
      const answeredBefore = balancer.answered;
      balancer.pool.push(await Backend.start(redis));
      const exit = await old.service.stop('SIGTERM');
      expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
      // The balancer saw the drain (health) before the listener went away.
      expect(old.health.statuses).toEqual(['SERVING', 'NOT_SERVING']);
      old.close();
      balancer.pool.splice(balancer.pool.indexOf(old), 1);
      // Load kept flowing through the restart.
      expect(balancer.answered).toBeGreaterThan(answeredBefore);
    }
    const settled = balancer.answered;
    await balancer.stop();
    console.log(
      `rolling restart: ${balancer.answered} calls answered, ${balancer.retried} retries, ` +
        `${balancer.failures.length} failures`,
    );
    expect(balancer.failures).toEqual([]);
    expect(balancer.answered).toBeGreaterThanOrEqual(settled);
    expect(await countedInRedis(redis)).toBe(balancer.answered);
  });
});
