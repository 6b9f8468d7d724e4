import { Logger } from '@nestjs/common';
import { SrvRecord } from 'node:dns';
import {
  MemcachedServer,
  remainingTtl,
  startMemcachedNodes,
} from '../../../../test/support/memcached-server';
import { freePort } from '../../../../test/support/free-port';
import { SystemClock } from '../../clock/clock';
import { HealthState } from '../../health/health-state';
import { StatsRegistry } from '../../stats/registry';
import { CounterIncrement, CounterKeyRejectedError } from '../counter-store.port';
import { parseAddressList } from './address';
import { crc32 } from './placement';
import {
  MEMCACHED_HEALTH_COMPONENT,
  MemcachedCounterStore,
  MemcachedCounterStoreOptions,
} from './memcached-counter-store';

/** Integration: the store against two real memcached processes. */
describe('MemcachedCounterStore', () => {
  let nodes: MemcachedServer[];
  const stores: MemcachedCounterStore[] = [];
  const run = `t${Date.now().toString(36)}`;
  let warnings: string[];
  let logs: string[];

  beforeAll(async () => {
    nodes = await startMemcachedNodes(2);
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
  });
  beforeEach(() => {
    warnings = [];
    logs = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message));
    });
    jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => {
      logs.push(String(message));
    });
    jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.onApplicationShutdown()));
    jest.restoreAllMocks();
  });

  interface Harness {
    store: MemcachedCounterStore;
    registry: StatsRegistry;
    health: HealthState;
    stat: (name: string) => number;
    healthy: () => boolean | undefined;
  }

  async function open(
    addresses: readonly string[],
    options: Partial<MemcachedCounterStoreOptions> = {},
  ): Promise<Harness> {
    const registry = new StatsRegistry();
    const health = new HealthState();
    const store = new MemcachedCounterStore(
      {
        nodes: { kind: 'static', addresses: parseAddressList(addresses) },
        expirationJitterMaxSeconds: 0,
        probeIntervalMs: 100,
        ...options,
      },
      new SystemClock(),
      registry,
      health,
    );
    stores.push(store);
    await store.onModuleInit();
    return {
      store,
      registry,
      health,
      stat: (name) =>
        registry.snapshot().find(([statName]) => statName === `ratelimit.memcache.${name}`)?.[1] ??
        NaN,
      healthy: () => health.snapshot().get(MEMCACHED_HEALTH_COMPONENT),
    };
  }

  const addresses = () => nodes.map((node) => node.address);
  const counter = (key: string, hits = 1, windowSeconds = 60): CounterIncrement => ({
    key,
    hits,
    windowSeconds,
    windowEnd: Math.floor(Date.now() / 1000) + windowSeconds,
  });
  /** The increments run after the decision; tests wait for them before looking. */
  const settle = async (store: MemcachedCounterStore) =>
    expect(await store.whenIdle(2000)).toBe(true);
  const holder = (node: string) => nodes.find((server) => server.address === node)!;

  it('answers read + hits and increments in the background', async () => {
    const { store, stat, healthy } = await open(addresses());
    expect(healthy()).toBe(true);
    const key = `${run}_count`;
    expect(await store.increment([counter(key)])).toEqual([1]);
    await settle(store);
    expect(await store.increment([counter(key)])).toEqual([2]);
    await settle(store);
    expect(await store.increment([counter(key, 3)])).toEqual([5]);
    await settle(store);
    expect(await store.read([counter(key)])).toEqual([5]);
    expect(await store.read([counter(`${run}_absent`)])).toEqual([0]);
    expect(stat('multiget.__code=success')).toBe(5);
    expect(stat('multiget.__code=error')).toBe(0);
    expect(stat('increment.__code=success')).toBe(3);
    expect(stat('keys_requested')).toBe(5);
    expect(stat('keys_found')).toBe(3);
    expect(warnings).toEqual([]);
  });

  it('stores nothing for a zero-hit check and adds a key counted twice in one request', async () => {
    const { store } = await open(addresses());
    const checked = `${run}_checked`;
    expect(await store.increment([counter(checked, 0)])).toEqual([0]);
    await settle(store);
    expect(await remainingTtl(holder(store.nodeFor(checked)!), checked)).toBeUndefined();

    const twice = `${run}_twice`;
    expect(
      await store.increment([counter(twice, 1), counter(`${run}_other`), counter(twice, 2)]),
    ).toEqual([1, 1, 3]);
    await settle(store);
    expect(await store.read([counter(twice), counter(`${run}_other`)])).toEqual([3, 1]);
  });

  it('places keys the same way in every instance given the same ordered list', async () => {
    const first = await open(addresses());
    const second = await open(addresses());
    const keys = Array.from({ length: 40 }, (_, i) => `${run}_placed_${i}`);
    await first.store.increment(keys.map((key, i) => counter(key, i + 1)));
    await settle(first.store);
    expect(await second.store.read(keys.map((key) => counter(key)))).toEqual(
      keys.map((_, i) => i + 1),
    );
    // Each key lives on exactly one node, the one upstream's client picks (crc32 % nodes), and
    // both nodes hold some.
    const perNode = new Map<string, number>();
    for (const key of keys) {
      const node = first.store.nodeFor(key)!;
      expect(node).toBe(addresses()[crc32(key) % 2]);
      expect(second.store.nodeFor(key)).toBe(node);
      perNode.set(node, (perNode.get(node) ?? 0) + 1);
      const elsewhere = nodes.find((server) => server.address !== node)!;
      expect(await remainingTtl(holder(node), key)).toBeGreaterThan(0);
      expect(await remainingTtl(elsewhere, key)).toBeUndefined();
    }
    expect(perNode.size).toBe(2);
    // The order matters: the reversed list places some keys elsewhere, where they read 0.
    const reversed = await open([...addresses()].reverse());
    const seen = await reversed.store.read(keys.map((key) => counter(key)));
    expect(seen.filter((count) => count === 0).length).toBeGreaterThan(0);
  });

  it('sets the expiry to the window plus jitter, absolute beyond 30 days', async () => {
    const { store } = await open(addresses(), {
      expirationJitterMaxSeconds: 10,
      random: () => 0.5,
    });
    const hour = `${run}_hour`;
    const month = `${run}_month`;
    const minute = `${run}_minute`;
    await store.increment([counter(hour, 1, 3600), counter(month, 1, 2_592_000)]);
    await settle(store);
    const hourTtl = await remainingTtl(holder(store.nodeFor(hour)!), hour);
    expect(hourTtl).toBeGreaterThanOrEqual(3605 - 2);
    expect(hourTtl).toBeLessThanOrEqual(3605);
    // Sent as a relative 2592005 s, memcached would take it for a 1970 date and drop the key.
    // memcached's own clock ticks once a second and may lag the wall clock the absolute time
    // came from by up to a second.
    const monthTtl = await remainingTtl(holder(store.nodeFor(month)!), month);
    expect(monthTtl).toBeGreaterThanOrEqual(2_592_005 - 2);
    expect(monthTtl).toBeLessThanOrEqual(2_592_005 + 1);

    const { store: noJitter } = await open(addresses());
    await noJitter.increment([counter(minute, 1, 60)]);
    await settle(noJitter);
    const minuteTtl = await remainingTtl(holder(noJitter.nodeFor(minute)!), minute);
    expect(minuteTtl).toBeGreaterThanOrEqual(58);
    expect(minuteTtl).toBeLessThanOrEqual(60);
    // A later increment leaves the expiry alone (memcached's incr does not touch it).
    await noJitter.increment([counter(minute, 1, 60)]);
    await settle(noJitter);
    expect(await remainingTtl(holder(noJitter.nodeFor(minute)!), minute)).toBeLessThanOrEqual(
      minuteTtl!,
    );
  });

  it('reads a value that is not a counter as 0 and counts the failed increment', async () => {
    const { store, stat, healthy } = await open(addresses());
    const key = `${run}_text`;
    const node = holder(store.nodeFor(key)!);
    expect(await node.command(`set ${key} 0 60 3\r\nabc`)).toBe('STORED\r\n');
    expect(await store.increment([counter(key)])).toEqual([1]);
    await settle(store);
    expect(stat('keys_found')).toBe(1);
    expect(stat('increment.__code=error')).toBe(1);
    expect(warnings.join('\n')).toMatch(/increment failed, 1 hit\(s\) of .*_text not counted/);
    // The node answered (with an error status): it stays healthy.
    expect(healthy()).toBe(true);
  });

  it('refuses keys memcached cannot hold before sending anything', async () => {
    const { store, stat } = await open(addresses());
    const cases: Array<[string, RegExp]> = [
      ['k'.repeat(251), /is 251 bytes long and memcached keys are at most 250 bytes/],
      [`${run} space`, /contains a space at character/],
      [`${run}\u0001ctl`, /contains U\+0001 at character/],
    ];
    for (const [key, problem] of cases) {
      const refused = store.increment([counter(`${run}_fine`), counter(key)]);
      await expect(refused).rejects.toBeInstanceOf(CounterKeyRejectedError);
      await expect(refused).rejects.toThrow(problem);
      await expect(store.read([counter(key)])).rejects.toThrow(
        /^counter key ".*" cannot be stored/,
      );
    }
    expect(stat('key_rejected')).toBe(6);
    expect(stat('keys_requested')).toBe(0);
    // Nothing of the refused decisions reached memcached, not even their valid keys.
    expect(await store.read([counter(`${run}_fine`)])).toEqual([0]);
    expect(await store.increment([counter('k'.repeat(250))])).toEqual([1]);
  });

  it('fails open when a node dies, turns unhealthy, and recovers when it is back', async () => {
    const own = await startMemcachedNodes(2);
    try {
      const { store, stat, healthy } = await open(own.map((node) => node.address));
      expect(healthy()).toBe(true);
      const keys = Array.from({ length: 20 }, (_, i) => `${run}_dies_${i}`);
      const onFirst = keys.find((key) => store.nodeFor(key) === own[0].address)!;
      const onSecond = keys.find((key) => store.nodeFor(key) === own[1].address)!;
      await store.increment([counter(onFirst), counter(onSecond)]);
      await settle(store);

      await own[1].stop('SIGKILL');
      expect(await store.increment([counter(onFirst), counter(onSecond)])).toEqual([2, 1]);
      expect(healthy()).toBe(false);
      expect(stat('multiget.__code=error')).toBeGreaterThanOrEqual(1);
      // Known down: its keys are not even sent (skipped), so decisions stay fast.
      const skipped = stat('keys_skipped');
      expect(await store.increment([counter(onSecond)])).toEqual([1]);
      expect(stat('keys_skipped')).toBe(skipped + 1);
      await settle(store);
      expect(warnings.join('\n')).toMatch(/memcached node .* is not answering/);

      await own[1].restart();
      const deadline = Date.now() + 5000;
      while (!healthy() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(healthy()).toBe(true);
      expect(logs.join('\n')).toMatch(/answers again/);
      // The restarted node is empty; counting resumes there.
      expect(await store.increment([counter(onSecond)])).toEqual([1]);
      await settle(store);
      expect(await store.increment([counter(onFirst), counter(onSecond)])).toEqual([3, 2]);
    } finally {
      await Promise.all(own.map((node) => node.stop()));
    }
  });

  it('boots unhealthy with no node reachable and answers at once, failing open', async () => {
    const unused = [`127.0.0.1:${await freePort()}`, `127.0.0.1:${await freePort()}`];
    const { store, stat, healthy } = await open(unused);
    expect(healthy()).toBe(false);
    expect(await store.increment([counter(`${run}_nowhere`, 2)])).toEqual([2]);
    await settle(store);
    expect(stat('multiget.__code=error')).toBe(1);
    expect(stat('increment.__code=error')).toBe(1);
    // Read and write failures are each logged once, then throttled.
    for (let i = 0; i < 5; i++) await store.increment([counter(`${run}_nowhere`)]);
    await settle(store);
    expect(warnings.filter((line) => line.includes('memcached read failed'))).toHaveLength(1);
    expect(warnings.filter((line) => line.includes('increment failed'))).toHaveLength(1);
  });

  describe('with ALTCACHE_SRV', () => {
    const srv = (servers: readonly MemcachedServer[]): SrvRecord[] =>
      servers.map((server) => ({ name: '127.0.0.1', port: server.port, priority: 0, weight: 1 }));

    it('sorts the answer, re-resolves, and replaces the client only when the list changed', async () => {
      let answer: SrvRecord[] = srv([...nodes].reverse());
      let lookups = 0;
      const { store, healthy } = await open([], {
        nodes: {
          kind: 'srv',
          name: '_memcache._tcp.test',
          refreshMs: 50,
          resolve: () => {
            lookups++;
            return Promise.resolve(answer);
          },
        },
      });
      const sorted = [...nodes].sort((a, b) => a.port - b.port).map((node) => node.address);
      expect(store.nodes()).toEqual(sorted);
      expect(healthy()).toBe(true);
      const waitFor = async (check: () => boolean) => {
        const deadline = Date.now() + 3000;
        while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(check()).toBe(true);
      };
      await waitFor(() => lookups >= 4);
      expect(logs.filter((line) => line.startsWith('memcached nodes'))).toHaveLength(1);

      answer = srv([nodes[1]]);
      await waitFor(() => store.nodes().length === 1);
      expect(store.nodes()).toEqual([nodes[1].address]);
      expect(logs.filter((line) => line.startsWith('memcached nodes changed'))).toHaveLength(1);
      const key = `${run}_srv`;
      expect(await store.increment([counter(key)])).toEqual([1]);
      await settle(store);
      expect(await remainingTtl(nodes[1], key)).toBeGreaterThan(0);
    });

    it('starts without nodes when the lookup fails and picks them up once it works', async () => {
      let failing = true;
      const { store, healthy } = await open([], {
        nodes: {
          kind: 'srv',
          name: '_memcache._tcp.test',
          refreshMs: 0,
          resolve: () =>
            failing ? Promise.reject(new Error('queryA ETIMEOUT')) : Promise.resolve(srv(nodes)),
        },
      });
      expect(healthy()).toBe(false);
      expect(store.nodes()).toEqual([]);
      expect(await store.increment([counter(`${run}_early`)])).toEqual([1]);
      expect(warnings.join('\n')).toMatch(/cannot resolve the memcached nodes \(no nodes yet\)/);
      failing = false;
      const deadline = Date.now() + 3000;
      while (!healthy() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(healthy()).toBe(true);
      expect(store.nodes()).toHaveLength(2);
    });
  });
});
