import * as grpc from '@grpc/grpc-js';
import {
  type DecisionLoad,
  type ErrorWindow,
  errorWindow,
  healthOf,
  startDecisionLoad,
} from '../support/decision-load';
import { eventually } from '../support/eventually';
import { type Outcome, startLoad } from '../support/load-loop';
import { withClient } from '../support/redis/process';
import { type SentinelSetup, startSentinelSetup } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { startContentDemo, type ContentDemoWorld } from '../support/content-demo-world';

/*
 * Redis Sentinel failing over under steady decision load on gRPC and /json, with GraphQL queries
 * using the result cache on the same store. The primary is killed, frozen (SIGSTOP: its socket
 * stays open and nothing answers, as in a partition) with a replica to promote, and frozen with no
 * replica the sentinels may promote (a longer outage). Decisions must fail only with the
 * documented UNAVAILABLE / 503 (a hang would reach the caller's deadline instead), recover against
 * the promoted primary without a restart, keep their counts, and health must follow. The error
 * windows are printed (docs/counter-stores.md quotes them).
 */

const LIMIT = 1_000_000_000;
const RULES = `
domain: failover
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: ${LIMIT}}
`;
const REQUEST = {
  domain: 'failover',
  descriptors: [{ entries: [{ key: 'user', value: 'steady' }] }],
};
const NEWS = '{ entries(section: "news", limit: 3) { title } }';
const GRPC_STORE_FAILURE = new RegExp(
  `^${grpc.status.UNAVAILABLE}: counter store \\(kvstore\\) failed: primary store: `,
);
const JSON_STORE_FAILURE = /^status 503: .*counter store \(kvstore\) failed: primary store: /;

interface World {
  setup: SentinelSetup;
  demo: ContentDemoWorld;
  load: DecisionLoad;
  graphql: ReturnType<typeof startLoad>;
}

async function startWorld(): Promise<World> {
  const setup = await startSentinelSetup();
  let demo: ContentDemoWorld | undefined;
  try {
    demo = await startContentDemo({
      env: {
        ...ruleDirectory({ 'failover.yaml': RULES }),
        KVSTORE_TYPE: 'sentinel',
        KVSTORE_URL: setup.url,
        // The caller's own timeout, as docs/counter-stores.md advises: a frozen store costs this.
        KVSTORE_TIMEOUT: '1s',
        KVSTORE_HEALTH_CHECK_ACTIVE_CONNECTION: 'true',
        LOG_LEVEL: 'info',
      },
    });
  } catch (error) {
    await setup.stop();
    throw error;
  }
  const service = demo.service;
  const load = startDecisionLoad(service, REQUEST);
  const graphql = startLoad(async () => {
    const answer = await demo.gql.post({ query: NEWS });
    if (answer.status !== 200) throw new Error(`status ${answer.status}: ${answer.text}`);
  }, 1);
  return { setup, demo, load, graphql };
}

async function stopWorld(world: World | undefined): Promise<void> {
  if (world === undefined) return;
  await world.load.stop();
  await world.graphql.stop();
  await world.demo.stop();
  await world.setup.stop();
}

const successes = (outcomes: readonly Outcome[]) => outcomes.filter((o) => o.ok).length;

async function steady(world: World): Promise<void> {
  await eventually(
    'steady successes on gRPC, /json and GraphQL',
    () =>
      successes(world.load.grpc.outcomes) > 100 &&
      successes(world.load.json.outcomes) > 100 &&
      successes(world.graphql.outcomes) > 20
        ? true
        : undefined,
    20_000,
  );
}

/** A figure of the debug listener's /stats (0 when not registered yet). */
async function stat(world: World, name: string): Promise<number> {
  const text = await (await fetch(`${world.demo.service.debugUrl}/stats`)).text();
  const match = new RegExp(`^${name.replace(/\./g, '\\.')}: (\\d+)$`, 'm').exec(text);
  return match === null ? 0 : Number(match[1]);
}

async function promoted(world: World): Promise<void> {
  await eventually(
    'the sentinels to promote the replica',
    async () => {
      const master = await world.setup.currentMaster();
      return master?.port === world.setup.replica.port ? true : undefined;
    },
    20_000,
    50,
  );
}

/** Both transports answer again: a run of successes after the last failure on each. */
async function recovered(world: World, since: number): Promise<void> {
  const recoveredOn = (outcomes: readonly Outcome[]) => {
    const after = outcomes.filter((o) => o.at >= since);
    const lastFailure = Math.max(since, ...after.filter((o) => !o.ok).map((o) => o.at + o.ms));
    return after.filter((o) => o.ok && o.at > lastFailure).length > 50;
  };
  await eventually(
    'decisions to succeed again on both transports',
    () =>
      recoveredOn(world.load.grpc.outcomes) && recoveredOn(world.load.json.outcomes)
        ? true
        : undefined,
    30_000,
    50,
  );
}

/** Every failure since the fault is the documented store failure: no hang, no other error. */
function expectOnlyStoreFailures(world: World, since: number): void {
  for (const failure of world.load.grpc.after(since).filter((o) => !o.ok)) {
    expect(failure.error).toMatch(GRPC_STORE_FAILURE);
  }
  for (const failure of world.load.json.after(since).filter((o) => !o.ok)) {
    expect(failure.error).toMatch(JSON_STORE_FAILURE);
  }
  // The cache never fails a request, and its own timeout (1 s) bounds what a frozen store costs.
  expect(world.graphql.outcomes.filter((o) => !o.ok)).toEqual([]);
}

/** Counts go on from the replica's copy (replication is asynchronous: the last few may be lost). */
function expectCountsContinue(world: World, faultAt: number, recoveredAt: number): void {
  const before = world.load.counts.filter((c) => c.at < faultAt).map((c) => c.used);
  const after = world.load.counts.filter((c) => c.at >= recoveredAt).map((c) => c.used);
  const highestBefore = Math.max(...before);
  expect(after.length).toBeGreaterThan(0);
  // A store that started empty would count from 1 again.
  expect(Math.min(...after)).toBeGreaterThan(highestBefore / 2);
  console.log(
    `counts: highest before the fault ${highestBefore}, lowest after recovery ${Math.min(...after)}`,
  );
}

function report(what: string, window: ErrorWindow): void {
  console.log(
    `${what}: ${window.failures} failed decisions over ${window.windowMs} ms; ` +
      `decisions succeeding again ${window.recoveryMs ?? '?'} ms after the fault`,
  );
}

/** A content service's first boot, a sentinel setup and a failover, on a busy two-core machine. */
const TEST_TIMEOUT_MS = 180_000;

describe('Redis Sentinel failover under load', () => {
  let world: World | undefined;
  afterEach(async () => {
    await stopWorld(world);
    world = undefined;
  }, TEST_TIMEOUT_MS);

  it(
    'primary killed: fast UNAVAILABLE / 503 during the failover, then the promoted replica serves, counts kept',
    async () => {
      world = await startWorld();
      await steady(world);
      const faultAt = performance.now();
      await world.setup.master.kill();
      await promoted(world);
      await recovered(world, faultAt);
      const recoveredAt = performance.now();
      await eventually('more decisions after recovery', () =>
        world!.load.counts.some((c) => c.at >= recoveredAt) ? true : undefined,
      );
      expectOnlyStoreFailures(world, faultAt);
      expectCountsContinue(world, faultAt, recoveredAt);
      expect(await healthOf(world.demo.service)).toEqual({ http: 200, grpc: 'SERVING' });
      report('sentinel, primary killed', errorWindow(world.load.after(0), faultAt));
      // The result cache follows too: hits again on the promoted primary.
      const hits = await stat(world, 'content.graphql_cache.hits');
      await eventually('cache hits on the promoted primary', async () =>
        (await stat(world!, 'content.graphql_cache.hits')) > hits + 5 ? true : undefined,
      );
      expect(world.demo.service.child.exitCode).toBeNull();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'primary frozen (SIGSTOP): the service follows the switch to the promoted replica, and stays there when the old primary wakes as a replica',
    async () => {
      world = await startWorld();
      const { master } = world.setup;
      await steady(world);
      const faultAt = performance.now();
      process.kill(master.pid!, 'SIGSTOP');
      try {
        await promoted(world);
        await recovered(world, faultAt);
      } finally {
        process.kill(master.pid!, 'SIGCONT');
      }
      const recoveredAt = performance.now();
      await eventually('more decisions after recovery', () =>
        world!.load.counts.some((c) => c.at >= recoveredAt) ? true : undefined,
      );
      expectOnlyStoreFailures(world, faultAt);
      expectCountsContinue(world, faultAt, recoveredAt);
      const window = errorWindow(world.load.after(0), faultAt);
      report('sentinel, primary frozen', window);
      // The woken primary is demoted by the sentinels; decisions keep succeeding meanwhile. The
      // sentinels kill its clients as they reconfigure it (CLIENT KILL TYPE normal): a probe whose
      // connection goes that way (EPIPE, closed) has simply not seen the new role yet.
      await eventually(
        'the old primary to be a replica',
        async () => {
          const replication = await withClient({ port: master.port }, (c) =>
            c.info('replication'),
          ).catch(() => '');
          return replication.includes('role:slave') ? true : undefined;
        },
        20_000,
        100,
      );
      const demotedAt = performance.now();
      await eventually('decisions after the demotion', () =>
        successes(world!.load.after(demotedAt)) > 100 ? true : undefined,
      );
      expect(world.load.after(demotedAt).filter((o) => !o.ok)).toEqual([]);
      expect(await healthOf(world.demo.service)).toEqual({ http: 200, grpc: 'SERVING' });
      const hits = await stat(world, 'content.graphql_cache.hits');
      await eventually('cache hits on the promoted primary', async () =>
        (await stat(world!, 'content.graphql_cache.hits')) > hits + 5 ? true : undefined,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'primary frozen with no replica to promote: health turns unhealthy and decisions fail fast until it answers again',
    async () => {
      world = await startWorld();
      const { setup } = world;
      // A replica of priority 0 is never promoted: the outage lasts as long as the freeze.
      await withClient({ port: setup.replica.port }, (c) =>
        c.config('SET', 'replica-priority', '0'),
      );
      await eventually(
        'every sentinel to know the replica may not be promoted',
        async () => {
          const priorities = await Promise.all(
            setup.sentinels.map(({ port }) =>
              withClient({ port }, async (c) => {
                const replicas = (await c.call(
                  'SENTINEL',
                  'replicas',
                  setup.masterName,
                )) as string[][];
                const fields = replicas[0];
                return fields[fields.indexOf('slave-priority') + 1];
              }),
            ),
          );
          return priorities.every((priority) => priority === '0') ? true : undefined;
        },
        20_000,
        100,
      );
      await steady(world);
      const faultAt = performance.now();
      process.kill(setup.master.pid!, 'SIGSTOP');
      try {
        await eventually(
          '/healthcheck 500 and gRPC NOT_SERVING',
          async () => {
            const health = await healthOf(world!.demo.service);
            return health.http === 500 && health.grpc === 'NOT_SERVING' ? true : undefined;
          },
          15_000,
          50,
        );
        // Still unhealthy, and failing fast, while the freeze goes on.
        const unhealthyAt = performance.now();
        await eventually('failed decisions on both transports while frozen', () =>
          world!.load.grpc.after(unhealthyAt).filter((o) => !o.ok).length > 20 &&
          world!.load.json.after(unhealthyAt).filter((o) => !o.ok).length > 20
            ? true
            : undefined,
        );
        expect(await healthOf(world.demo.service)).toEqual({ http: 500, grpc: 'NOT_SERVING' });
      } finally {
        process.kill(setup.master.pid!, 'SIGCONT');
      }
      const wokenAt = performance.now();
      await recovered(world, faultAt);
      await eventually(
        'healthy again',
        async () => {
          const health = await healthOf(world!.demo.service);
          return health.http === 200 && health.grpc === 'SERVING' ? true : undefined;
        },
        15_000,
        50,
      );
      expectOnlyStoreFailures(world, faultAt);
      report(
        'sentinel, primary frozen, nothing to promote (window = the freeze)',
        errorWindow(world.load.after(0), faultAt),
      );
      console.log(`the freeze lasted ${Math.round(wokenAt - faultAt)} ms`);
    },
    TEST_TIMEOUT_MS,
  );
});
