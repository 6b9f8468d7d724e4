import * as grpc from '@grpc/grpc-js';
import Redis from 'ioredis';
import { type DecisionLoad, startDecisionLoad } from '../support/decision-load';
import { eventually } from '../support/eventually';
import type { Outcome } from '../support/load-loop';
import { type RedisServer, startRedis } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { type ServiceProcess, startService } from '../support/service-process';

/*
 * KVSTORE_FAILURE_MODE (error, allow, local) and KVSTORE_CACHE_MODE=write_behind with Redis killed
 * and restarted, and frozen (SIGSTOP) and thawed, under steady gRPC and /json load on two service
 * instances. Every call is answered (a call waiting on the store would reach the caller's deadline
 * and fail with another error than the mode's), with what the mode promises; decisions go back to
 * Redis by themselves; health is as documented; and after a freeze the write-behind cache has
 * counted every hit it answered at most once (docs/counter-stores.md).
 */

const LIMIT = 1_000_000_000;
const RULES = `
domain: modes
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: ${LIMIT}}
`;
const REQUEST = {
  domain: 'modes',
  descriptors: [{ entries: [{ key: 'user', value: 'steady' }] }],
};
const GRPC_UNAVAILABLE = new RegExp(
  `^${grpc.status.UNAVAILABLE}: counter store \\(kvstore\\) failed: `,
);
const JSON_UNAVAILABLE = /^status 503: .*counter store \(kvstore\) failed: /;

interface Mode {
  readonly name: string;
  readonly env: Record<string, string>;
  /** Decisions fail (UNAVAILABLE / 503) while Redis is away; otherwise every one is answered OK. */
  readonly fails: boolean;
  readonly writeBehind: boolean;
}

const MODES: Mode[] = [
  { name: 'error', env: {}, fails: true, writeBehind: false },
  { name: 'allow', env: { KVSTORE_FAILURE_MODE: 'allow' }, fails: false, writeBehind: false },
  {
    name: 'local (2 instances expected)',
    env: { KVSTORE_FAILURE_MODE: 'local', KVSTORE_FAILURE_LOCAL_INSTANCES: '2' },
    fails: false,
    writeBehind: false,
  },
  {
    name: 'write_behind + error',
    env: { KVSTORE_CACHE_MODE: 'write_behind' },
    fails: true,
    writeBehind: true,
  },
  {
    name: 'write_behind + local',
    env: { KVSTORE_CACHE_MODE: 'write_behind', KVSTORE_FAILURE_MODE: 'local' },
    fails: false,
    writeBehind: true,
  },
];

interface World {
  redis: RedisServer;
  services: ServiceProcess[];
  loads: DecisionLoad[];
}

async function startWorld(mode: Mode): Promise<World> {
  const redis = await startRedis();
  const services: ServiceProcess[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      services.push(
        await startService({
          ...ruleDirectory({ 'modes.yaml': RULES }),
          MODULES: 'ratelimit',
          KVSTORE_URL: redis.url,
          KVSTORE_TIMEOUT: '1s',
          KVSTORE_HEALTH_CHECK_ACTIVE_CONNECTION: 'true',
          ...mode.env,
        }),
      );
    }
  } catch (error) {
    for (const service of services) await service.stop();
    await redis.stop();
    throw error;
  }
  const loads = services.map((service) => startDecisionLoad(service, REQUEST));
  return { redis, services, loads };
}

async function stopWorld(world: World): Promise<void> {
  await Promise.all(world.loads.map((load) => load.stop()));
  for (const service of world.services) await service.stop();
  await world.redis.stop();
}

function outcomesAfter(world: World, since: number): Outcome[] {
  return world.loads.flatMap((load) => load.after(since));
}

async function statsOf(service: ServiceProcess): Promise<Record<string, number>> {
  const text = await (await fetch(`${service.debugUrl}/stats`)).text();
  return Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((line) => line.split(': '))
      .map(([name, value]) => [name, Number(value)]),
  );
}

/** Every failure is the mode's promised one; none for the modes that answer. */
function expectPromisedAnswers(mode: Mode, outcomes: readonly Outcome[]): void {
  const failures = outcomes.filter((o) => !o.ok);
  if (!mode.fails) {
    expect(failures).toEqual([]);
    return;
  }
  for (const failure of failures) {
    expect(failure.error).toMatch(
      failure.error!.startsWith('status') ? JSON_UNAVAILABLE : GRPC_UNAVAILABLE,
    );
  }
}

/** Waits for `count` successes started after `since` on every instance. */
async function successesAfter(world: World, since: number, count: number): Promise<void> {
  await eventually(
    `${count} successes on every instance`,
    () =>
      world.loads.every((load) => load.after(since).filter((o) => o.ok).length >= count)
        ? true
        : undefined,
    20_000,
  );
}

async function outcomesSince(world: World, since: number, count: number): Promise<void> {
  await eventually(
    `${count} answers on every instance`,
    () => (world.loads.every((load) => load.after(since).length >= count) ? true : undefined),
    20_000,
  );
}

/** `/healthcheck` of every instance: its status and report. */
async function healthOf(world: World): Promise<{ status: number; body: string }[]> {
  return Promise.all(
    world.services.map(async (service) => {
      const response = await fetch(`${service.httpUrl}/healthcheck`);
      return { status: response.status, body: await response.text() };
    }),
  );
}

describe.each(MODES)('KVSTORE failure handling: $name', (mode) => {
  it('Redis killed and restarted: the promised answers, no hung call, back to Redis by itself', async () => {
    const world = await startWorld(mode);
    try {
      await successesAfter(world, 0, 100);
      const killedAt = performance.now();
      await world.redis.kill();
      await outcomesSince(world, killedAt, 100);
      const health = await healthOf(world);
      if (mode.fails) {
        // Health follows the store (KVSTORE_HEALTH_CHECK_ACTIVE_CONNECTION), as without modes.
        await eventually('unhealthy', async () =>
          (await healthOf(world)).every((h) => h.status === 500) ? true : undefined,
        );
      } else {
        for (const { status, body } of health) {
          expect(status).toBe(200);
          expect(JSON.parse(body)).toMatchObject({
            status: 'ok',
            info: { kvstore: { status: 'up', degraded: expect.stringMatching(/does not answer/) } },
          });
        }
        const stats = await Promise.all(world.services.map(statsOf));
        for (const s of stats) expect(s['ratelimit.store.failure.degraded']).toBe(1);
      }
      if (mode.name === 'allow') {
        // Nothing counted: every answer given meanwhile reports the whole limit left.
        const after = world.loads.flatMap((load) => load.counts.filter((c) => c.at > killedAt));
        expect(after.some((c) => c.used === 0)).toBe(true);
      }

      const restartedAt = performance.now();
      await world.redis.restart();
      await successesAfter(world, restartedAt, 50);
      await eventually(
        'decisions counted in Redis again',
        async () =>
          (await Promise.all(world.services.map(statsOf))).every(
            (s) => (s['ratelimit.store.failure.degraded'] ?? 0) === 0,
          )
            ? true
            : undefined,
        15_000,
      );
      await eventually('healthy', async () =>
        (await healthOf(world)).every((h) => h.status === 200 && h.body === 'OK')
          ? true
          : undefined,
      );
      const countedAt = performance.now();
      await successesAfter(world, countedAt, 20);
      expectPromisedAnswers(mode, outcomesAfter(world, 0));
      for (const service of world.services) expect(service.child.exitCode).toBeNull();
    } finally {
      await stopWorld(world);
    }
  });

  it('Redis frozen (SIGSTOP) and thawed: answered within KVSTORE_TIMEOUT, and no hit counted twice', async () => {
    const world = await startWorld(mode);
    let frozen = false;
    try {
      await successesAfter(world, 0, 100);
      const frozenAt = performance.now();
      process.kill(world.redis.pid!, 'SIGSTOP');
      frozen = true;
      await outcomesSince(world, frozenAt, 60);
      process.kill(world.redis.pid!, 'SIGCONT');
      frozen = false;
      const thawedAt = performance.now();
      await successesAfter(world, thawedAt, 50);
      await eventually(
        'decisions counted in Redis again',
        async () =>
          (await Promise.all(world.services.map(statsOf))).every(
            (s) => (s['ratelimit.store.failure.degraded'] ?? 0) === 0,
          )
            ? true
            : undefined,
        15_000,
      );
      await Promise.all(world.loads.map((load) => load.stop()));
      const outcomes = outcomesAfter(world, 0);
      expectPromisedAnswers(mode, outcomes);
      const stats = await Promise.all(world.services.map(statsOf));
      const sum = (name: string) => stats.reduce((total, s) => total + (s[name] ?? 0), 0);
      const calls = outcomes.length;
      const answeredByMode =
        sum('ratelimit.store.failure.local') + sum('ratelimit.store.failure.allowed');
      const counted = outcomes.filter((o) => o.ok).length - answeredByMode;
      const dropped = sum('ratelimit.store.cache.hits_dropped');
      // A graceful stop flushes what the caches hold.
      for (const service of world.services.splice(0)) await service.stop();
      const direct = new Redis({ host: world.redis.host, port: world.redis.port });
      let inRedis: number;
      try {
        const keys = await direct.keys('modes_user_steady_*');
        inRedis = (await Promise.all(keys.map((key) => direct.get(key)))).reduce(
          (total, value) => total + Number(value),
          0,
        );
      } finally {
        direct.disconnect();
      }
      process.stderr.write(
        `${mode.name}, freeze: ${calls} calls, ${counted} counted, ${answeredByMode} answered by the failure mode, ${dropped} hits given up; Redis holds ${inRedis}\n`,
      );
      if (mode.writeBehind) {
        // Every hit the cache answered is in Redis once, except those of a flush that timed out,
        // which may or may not have been applied and are never sent again.
        expect(inRedis).toBeLessThanOrEqual(counted);
        expect(inRedis).toBeGreaterThanOrEqual(counted - dropped);
      } else {
        // A command that timed out is still run when the store wakes: at most one per call.
        expect(inRedis).toBeGreaterThanOrEqual(counted);
        expect(inRedis).toBeLessThanOrEqual(calls);
      }
    } finally {
      if (frozen) process.kill(world.redis.pid!, 'SIGCONT');
      await stopWorld(world);
    }
  });
});
