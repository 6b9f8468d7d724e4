import Redis from 'ioredis';
import {
  RedisCluster,
  RedisNode,
  SentinelSetup,
  liveRedisPids,
  readTls,
  startCluster,
  startRedis,
  startSentinelSetup,
} from './servers';

/** Every redis-server pid any test saw, to prove none outlives its topology's stop(). */
const seenPids = new Set<number>();
const remember = (...nodes: readonly RedisNode[]) => {
  for (const node of nodes) if (node.pid !== undefined) seenPids.add(node.pid);
};

/** Retries `fn` until it resolves; for commands issued while a topology is settling. */
async function eventually<T>(fn: () => Promise<T>, deadlineMs = 10_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Collects a client's 'error' events (ioredis reports refusals there, then rejects vaguely). */
function errorsOf(client: Redis): string[] {
  const messages: string[] = [];
  client.on('error', (error: Error) => messages.push(error.message));
  return messages;
}

describe('startRedis', () => {
  it('names the missing binary and how to install it', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent'; // jest's per-file copy of the environment
    try {
      await expect(startRedis()).rejects.toThrow(/redis-server .*apt-get install redis-server/);
    } finally {
      process.env.PATH = path;
    }
  });

  it('reports a server that will not start with its log', async () => {
    // redis-server refuses a user name with a space in it, and exits at startup.
    await expect(startRedis({ password: 'pw', user: 'two words' })).rejects.toThrow(
      /exited while starting[\s\S]*log tail[\s\S]*ACL/,
    );
    expect(liveRedisPids()).toEqual([]);
  });

  it('requires the password, serves an ACL user, and survives kill and restart', async () => {
    const server = await startRedis({ password: 'pw-single', user: 'svc' });
    remember(server);
    const asDefault = new Redis({ host: server.host, port: server.port, password: 'pw-single' });
    const asUser = new Redis({
      host: server.host,
      port: server.port,
      username: 'svc',
      password: 'pw-single',
    });
    const anonymous = new Redis({
      host: server.host,
      port: server.port,
      lazyConnect: true,
      retryStrategy: () => null,
      disconnectTimeout: 0, // its socket is closed already: skip ioredis's 2 s close timer
    });
    // The clients see the kill below; their reconnect errors are expected, not news.
    for (const client of [asDefault, asUser]) client.on('error', () => undefined);
    const refusals = errorsOf(anonymous);
    try {
      expect(server.url).toBe(`127.0.0.1:${server.port}`);
      await expect(asDefault.incrby('single:counter', 2)).resolves.toBe(2);
      await expect(asUser.incrby('single:counter', 3)).resolves.toBe(5);
      // ioredis opens with HELLO 3, which the server refuses before anything else.
      await expect(anonymous.connect()).rejects.toThrow();
      expect(refusals.join('\n')).toMatch(/NOAUTH/);

      const firstPid = server.pid;
      await server.kill();
      expect(server.pid).toBeUndefined();
      await server.restart();
      remember(server);
      expect(server.pid).not.toBe(firstPid);
      // Nothing is persisted, so the counter starts again.
      await expect(eventually(() => asDefault.incrby('single:counter', 1))).resolves.toBe(1);
    } finally {
      asDefault.disconnect();
      asUser.disconnect();
      anonymous.disconnect();
      await server.stop();
    }
  });

  it('serves TLS only, verified against the generated CA, with a client certificate', async () => {
    const server = await startRedis({ tls: true });
    remember(server);
    const tls = server.tls!;
    const client = new Redis({ host: server.host, port: server.port, tls: readTls(tls) });
    const noCa = new Redis({
      host: server.host,
      port: server.port,
      tls: {},
      lazyConnect: true,
      retryStrategy: () => null,
      disconnectTimeout: 0, // its socket is closed already: skip ioredis's 2 s close timer
    });
    const refusals = errorsOf(noCa);
    try {
      await expect(client.incrby('tls:counter', 7)).resolves.toBe(7);
      await expect(noCa.connect()).rejects.toThrow();
      expect(refusals.join('\n')).toMatch(/self.signed|certificate/i);
    } finally {
      client.disconnect();
      noCa.disconnect();
      await server.stop();
    }
  });
});

describe('startSentinelSetup', () => {
  // The promise, not just the result: if beforeAll times out and the start finishes later,
  // afterAll still gets the handle to stop.
  let starting: Promise<SentinelSetup>;
  let setup: SentinelSetup;
  let client: Redis;

  beforeAll(async () => {
    starting = startSentinelSetup({ password: 'pw-data', sentinelPassword: 'pw-sentinel' });
    setup = await starting;
    remember(setup.master, setup.replica, ...setup.sentinelNodes);
    client = new Redis({
      sentinels: [...setup.sentinels],
      name: setup.masterName,
      password: setup.password,
      sentinelPassword: setup.sentinelPassword,
    });
    client.on('error', () => undefined); // the failover test makes it lose its master for a while
  });

  afterAll(async () => {
    client?.disconnect();
    await (await starting?.catch(() => undefined))?.stop();
  });

  it('is reachable through the sentinels', async () => {
    expect(setup.url).toBe(
      ['mymaster', ...setup.sentinels.map((s) => `127.0.0.1:${s.port}`)].join(','),
    );
    await expect(client.incrby('sentinel:counter', 10)).resolves.toBe(10);
    await expect(setup.currentMaster()).resolves.toEqual({
      host: '127.0.0.1',
      port: setup.master.port,
    });
  });

  it('promotes the replica within 10 s of the master being killed', async () => {
    // WAIT: the write has reached the replica, so it must survive the failover.
    await client.incrby('sentinel:counter', 1);
    await expect(client.wait(1, 2000)).resolves.toBe(1);

    await setup.master.kill();
    await eventually(async () => {
      const master = await setup.currentMaster();
      if (master?.port !== setup.replica.port) throw new Error(`master still ${master?.port}`);
    }, 15_000);

    await expect(eventually(() => client.incrby('sentinel:counter', 1))).resolves.toBe(12);

    await setup.master.restart();
    remember(setup.master);
    expect(setup.master.pid).toBeDefined();
  }, 30_000);
});

describe('startCluster', () => {
  let starting: Promise<RedisCluster>;
  let cluster: RedisCluster;

  beforeAll(async () => {
    starting = startCluster();
    cluster = await starting;
    remember(...cluster.nodes);
  });

  afterAll(async () => (await starting?.catch(() => undefined))?.stop());

  it('spreads keys over the three masters and survives a node restart', async () => {
    expect(cluster.url.split(',')).toEqual(cluster.nodes.map((node) => `127.0.0.1:${node.port}`));
    const client = new Redis.Cluster(cluster.nodes.map(({ host, port }) => ({ host, port })));
    client.on('error', () => undefined); // the node restart below is seen as an error
    try {
      // One key per master: walk candidate keys until each node owns one.
      const slots = await client.cluster('SLOTS');
      const owner = new Map<number, string>();
      for (let i = 0; owner.size < slots.length; i++) {
        const slot = await client.cluster('KEYSLOT', `key:${i}`);
        const range = slots.find(([from, to]) => slot >= from && slot <= to)!;
        if (!owner.has(range[2][1])) owner.set(range[2][1], `key:${i}`);
      }
      expect(owner.size).toBe(3);
      for (const key of owner.values()) await expect(client.incrby(key, 5)).resolves.toBe(5);
      // Check at the source: each node really holds its own key.
      for (const [port, key] of owner) {
        const direct = new Redis({ host: '127.0.0.1', port });
        try {
          await expect(direct.get(key)).resolves.toBe('5');
        } finally {
          direct.disconnect();
        }
      }

      const [node] = cluster.nodes;
      await node.kill();
      await node.restart();
      remember(node);
      // The restarted node kept its slots but, with nothing persisted, not its key.
      const key = owner.get(node.port)!;
      await expect(eventually(() => client.incrby(key, 1))).resolves.toBe(1);
    } finally {
      client.disconnect();
    }
  });
});

// Declared last, so it runs after every describe above has run its afterAll (the stops).
it('leaves no redis-server process behind', () => {
  expect(seenPids.size).toBeGreaterThanOrEqual(13);
  expect(liveRedisPids()).toEqual([]);
  for (const pid of seenPids) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
});
