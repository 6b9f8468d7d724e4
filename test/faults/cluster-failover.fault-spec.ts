import * as grpc from '@grpc/grpc-js';
import { type DecisionLoad, errorWindow, startDecisionLoad } from '../support/decision-load';
import { eventually } from '../support/eventually';
import type { Outcome } from '../support/load-loop';
import { withClient } from '../support/redis/process';
import { type RedisCluster, type RedisNode, startCluster } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { type ServiceProcess, startService } from '../support/service-process';

/*
 * Redis Cluster under steady decision load (gRPC and /json, one counter): the counter's slot is
 * migrated between masters by hand (IMPORTING / MIGRATING, MIGRATE, SETSLOT NODE), so decisions
 * meet ASK and then MOVED; and, separately, the master holding it is killed and its replica
 * promoted. Resharding must lose and double count nothing (every decision sees its own count, in
 * sequence); a master failover fails decisions only with UNAVAILABLE / 503 until the replica
 * serves, and counts go on from the replica's copy.
 */

const RULES = `
domain: cluster
descriptors:
  - key: user
    rate_limit: {unit: day, requests_per_unit: 1000000000}
`;
const REQUEST = {
  domain: 'cluster',
  descriptors: [{ entries: [{ key: 'user', value: 'steady' }] }],
};
const TEST_TIMEOUT_MS = 120_000;

const on = <T>(node: RedisNode, run: (client: import('ioredis').default) => Promise<T>) =>
  withClient({ port: node.port }, run);
const myId = (node: RedisNode) => on(node, (c) => c.cluster('MYID'));

/** The master holding the counter's key, and the key's slot. */
async function counterHome(
  nodes: readonly RedisNode[],
): Promise<{ node: RedisNode; key: string; slot: number }> {
  for (const node of nodes) {
    if (node.pid === undefined) continue;
    const keys = await on(node, (c) => c.keys('*user_steady*'));
    const role = await on(node, (c) => c.info('replication'));
    if (keys.length > 0 && role.includes('role:master')) {
      const slot = await on(node, (c) => c.cluster('KEYSLOT', keys[0]));
      return { node, key: keys[0], slot };
    }
  }
  throw new Error('no master holds the counter');
}

async function askingCalls(node: RedisNode): Promise<number> {
  const stats = await on(node, (c) => c.info('commandstats'));
  return Number(/cmdstat_asking:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

const successesAfter = (load: DecisionLoad, since: number) =>
  load.after(since).filter((o) => o.ok).length;

function expectOnlyStoreFailures(load: DecisionLoad, since: number): void {
  const grpcFailure = new RegExp(
    `^${grpc.status.UNAVAILABLE}: counter store \\(kvstore\\) failed: primary store: `,
  );
  for (const failure of load.grpc.after(since).filter((o: Outcome) => !o.ok)) {
    expect(failure.error).toMatch(grpcFailure);
  }
  for (const failure of load.json.after(since).filter((o: Outcome) => !o.ok)) {
    expect(failure.error).toMatch(/^status 503: .*counter store \(kvstore\) failed: /);
  }
}

describe('Redis Cluster under load', () => {
  let cluster: RedisCluster | undefined;
  let service: ServiceProcess | undefined;
  let load: DecisionLoad | undefined;
  afterEach(async () => {
    await load?.stop();
    await service?.stop();
    await cluster?.stop();
    [cluster, service, load] = [undefined, undefined, undefined];
  });

  async function start(withReplicas: boolean): Promise<DecisionLoad> {
    cluster = await startCluster({ withReplicas });
    service = await startService({
      ...ruleDirectory({ 'cluster.yaml': RULES }),
      MODULES: 'ratelimit',
      KVSTORE_TYPE: 'cluster',
      KVSTORE_URL: cluster.url,
      KVSTORE_TIMEOUT: '1s',
    });
    load = startDecisionLoad(service, REQUEST);
    await eventually('steady successes', () => (successesAfter(load!, 0) > 200 ? true : undefined));
    return load;
  }

  it(
    'slots migrated between masters (ASK, then MOVED): no decision fails, none is lost or counted twice',
    async () => {
      const load = await start(false);
      const masters = cluster!.nodes;
      for (let round = 0; round < 3; round++) {
        const { node: from, slot } = await counterHome(masters);
        const to = masters[(masters.indexOf(from) + 1) % masters.length];
        const [fromId, toId] = [await myId(from), await myId(to)];
        const asking = await askingCalls(to);
        await on(to, (c) => c.cluster('SETSLOT', slot, 'IMPORTING', fromId));
        await on(from, (c) => c.cluster('SETSLOT', slot, 'MIGRATING', toId));
        let migratedAt = performance.now();
        for (;;) {
          const keys = await on(from, (c) => c.cluster('GETKEYSINSLOT', slot, 100));
          if (keys.length === 0) break;
          await on(from, (c) =>
            c.call('MIGRATE', to.host, String(to.port), '', '0', '5000', 'KEYS', ...keys),
          );
          migratedAt = performance.now();
        }
        // Decisions run while the slot is half moved: the old owner answers ASK for the key.
        await eventually('decisions through ASK', async () =>
          successesAfter(load, migratedAt) > 50 && (await askingCalls(to)) > asking
            ? true
            : undefined,
        );
        for (const node of masters) await on(node, (c) => c.cluster('SETSLOT', slot, 'NODE', toId));
        const ownedAt = performance.now();
        // Now MOVED: the client learns the new owner.
        await eventually('decisions on the new owner', async () =>
          successesAfter(load, ownedAt) > 50 && (await counterHome(masters)).node === to
            ? true
            : undefined,
        );
      }
      await load.stop();
      expect(load.after(0).filter((o) => !o.ok)).toEqual([]);
      // One counter: each decision saw its own count, so the counts are 1..n without a gap or repeat.
      const used = load.counts.map((c) => c.used).sort((a, b) => a - b);
      expect(used).toEqual(Array.from({ length: used.length }, (_, i) => i + 1));
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the master holding the counter killed: UNAVAILABLE / 503 until its replica is promoted, then counts go on',
    async () => {
      const load = await start(true);
      const { node: master } = await counterHome(cluster!.nodes);
      const replica = await (async () => {
        for (const node of cluster!.replicas) {
          const info = await on(node, (c) => c.info('replication'));
          if (info.includes(`master_port:${master.port}`)) return node;
        }
        throw new Error('no replica follows the counter’s master');
      })();
      await eventually('the replica in sync', async () =>
        (await on(replica, (c) => c.info('replication'))).includes('master_link_status:up')
          ? true
          : undefined,
      );
      const highestBefore = Math.max(...load.counts.map((c) => c.used));
      const faultAt = performance.now();
      await master.kill();
      await eventually(
        'the replica promoted',
        async () =>
          (await on(replica, (c) => c.info('replication'))).includes('role:master')
            ? true
            : undefined,
        20_000,
        100,
      );
      await eventually(
        'decisions succeeding again on both transports',
        () => {
          const last = Math.max(
            faultAt,
            ...load
              .after(faultAt)
              .filter((o) => !o.ok)
              .map((o) => o.at + o.ms),
          );
          return load.grpc.after(last).filter((o) => o.ok).length > 50 &&
            load.json.after(last).filter((o) => o.ok).length > 50
            ? true
            : undefined;
        },
        30_000,
        50,
      );
      const recoveredAt = performance.now();
      await eventually('counts after recovery', () =>
        load.counts.some((c) => c.at >= recoveredAt) ? true : undefined,
      );
      expectOnlyStoreFailures(load, faultAt);
      const after = load.counts.filter((c) => c.at >= recoveredAt).map((c) => c.used);
      expect(Math.min(...after)).toBeGreaterThan(highestBefore / 2);
      const window = errorWindow(load.after(0), faultAt);
      console.log(
        `cluster, master killed: ${window.failures} failed decisions over ${window.windowMs} ms; ` +
          `succeeding again ${window.recoveryMs ?? '?'} ms after the fault; ` +
          `counts: highest before ${highestBefore}, lowest after ${Math.min(...after)}`,
      );
    },
    TEST_TIMEOUT_MS,
  );
});
