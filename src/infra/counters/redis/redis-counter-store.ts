import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis, { Cluster } from 'ioredis';
import { Settings } from '../../../settings/settings';
import { HealthState } from '../../health/health-state';
import {
  CounterIncrement,
  CounterStore,
  CounterStoreError,
  keysOf,
  resultSlots,
} from '../counter-store.port';
import { countTimeoutAgainst, probeAnswers } from './connection-recovery';
import { CounterCommands } from './counter-script';
import { IncrementBatcher } from './increment-batcher';
import { createRedisClient, RedisClient, RedisEndpoint } from './redis-client.factory';
import { connectWithRetry } from './startup-retry';

export const KVSTORE_HEALTH_COMPONENT = 'kvstore';

/** How often the active-connection health check PINGs each connection (cheap; finds a frozen store). */
const HEALTH_PROBE_INTERVAL_MS = 1000;

/** ioredis' text for a command refused while disconnected does not say so plainly. */
function storeError(label: string, error: unknown): CounterStoreError {
  const message = (error as Error).message;
  const reason = /enableOfflineQueue|Connection is closed|max retries per request/i.test(message)
    ? `not connected (${message})`
    : message;
  // Refused before it was written (no connection, no offline queue): certainly not applied.
  const unsent = /enableOfflineQueue/i.test(message);
  return new CounterStoreError(`${label} store: ${reason}`, { unsent });
}

function explain(pool: RedisPool, error: unknown): never {
  throw storeError(pool.label, error);
}

/** A connection a pool's client opened, or closed (`local` when we closed it: shutdown). */
export type RedisConnectionEvent =
  { readonly opened: true } | { readonly opened: false; readonly local: boolean };

/**
 * Reports the connections of one client (statistics, docs/observability.md#statistics `cx_*`).
 * ioredis moves a client it was asked to close to `end` before it emits `close`; any other close is
 * followed by a reconnect.
 */
function reportConnections(
  client: RedisClient,
  report: (event: RedisConnectionEvent) => void,
): void {
  if (client instanceof Cluster) {
    // A cluster client holds one connection per node, created as nodes are discovered.
    client.on('+node', (node: Redis) => reportConnections(node, report));
    return;
  }
  let open = false;
  client.on('connect', () => {
    open = true;
    report({ opened: true });
  });
  client.on('close', () => {
    if (!open) return; // a connect attempt that failed
    open = false;
    report({ opened: false, local: client.status === 'end' });
  });
}

/** A pool of clients for one endpoint, used round robin. */
class RedisPool {
  private next = 0;
  /** Decisions of one event loop turn, sent as one script call (not used in cluster mode). */
  readonly batcher: IncrementBatcher;

  constructor(
    readonly label: string,
    readonly clients: readonly RedisClient[],
    send: (pool: RedisPool, items: readonly CounterIncrement[]) => Promise<number[]>,
  ) {
    this.isCluster = clients[0] instanceof Cluster;
    this.batcher = new IncrementBatcher(
      (items) => send(this, items),
      undefined,
      (error) => storeError(label, error),
    );
  }

  take(): RedisClient {
    const client = this.clients[this.next];
    this.next = (this.next + 1) % this.clients.length;
    return client;
  }

  /** Whether the clients are cluster clients (decided once: this is asked per decision). */
  readonly isCluster: boolean;
}

/**
 * Counters in Redis (single, sentinel or cluster), with an optional second store for per-second
 * windows. A decision is one round trip per store (both stores in parallel): the decisions of one
 * event loop turn share one script call; in cluster mode, where the keys of one request may live on
 * different nodes, one call per key, all in parallel.
 */
export class RedisCounterStore extends CounterStore implements OnModuleInit, OnApplicationShutdown {
  readonly kind = 'kvstore';
  private readonly logger = new Logger('RedisCounterStore');
  private readonly primary: RedisPool;
  private readonly perSecond: RedisPool | undefined;
  private readonly jitterMax: number;
  private readonly activeConnectionHealth: boolean;
  private readonly stopProbes: (() => void)[] = [];

  constructor(
    private readonly settings: Settings,
    private readonly health: HealthState,
  ) {
    super();
    const { kvstore, kvstorePerSecond } = settings;
    this.primary = this.pool('primary', kvstore, kvstore.type === 'cluster' ? 1 : kvstore.poolSize);
    this.perSecond = kvstorePerSecond.enabled
      ? this.pool(
          'per-second',
          kvstorePerSecond,
          kvstorePerSecond.type === 'cluster' ? 1 : kvstorePerSecond.poolSize,
        )
      : undefined;
    this.jitterMax = settings.limiter.expirationJitterMaxSeconds;
    this.activeConnectionHealth = settings.counters.healthCheckActiveConnection;
    health.set(KVSTORE_HEALTH_COMPONENT, false);
    if (
      kvstore.pipelineLimit > 0 ||
      (kvstorePerSecond.enabled && kvstorePerSecond.pipelineLimit > 0)
    ) {
      this.logger.warn(
        'KVSTORE_PIPELINE_LIMIT is ignored: ioredis flushes its automatic pipeline once per event loop turn',
      );
    }
  }

  private pool(label: string, endpoint: RedisEndpoint, size: number): RedisPool {
    const clients = Array.from({ length: size }, () => createRedisClient(endpoint, this.settings));
    // Connection errors arrive on every reconnect attempt: log them, at most once per 10 s.
    let lastLogged = 0;
    for (const client of clients) {
      client.on('error', (error: Error) => {
        if (Date.now() - lastLogged < 10_000) return;
        lastLogged = Date.now();
        this.logger.warn(`${label} store (${endpoint.url}): ${error.message}`);
      });
    }
    return new RedisPool(label, clients, (pool, items) => this.runScript(pool, items));
  }

  /** Every connection the clients open and close, by pool (`primary`, `per-second`). */
  watchConnections(report: (pool: string, event: RedisConnectionEvent) => void): void {
    for (const pool of this.pools) {
      for (const client of pool.clients) {
        reportConnections(client, (event) => report(pool.label, event));
      }
    }
  }

  private get pools(): RedisPool[] {
    return this.perSecond ? [this.primary, this.perSecond] : [this.primary];
  }

  /** Blocks the boot (and so the listeners) until every store answers PING, as upstream does. */
  async onModuleInit(): Promise<void> {
    const { counters } = this.settings;
    for (const pool of this.pools) {
      for (const client of pool.clients) {
        await connectWithRetry(client, `${pool.label} store`, {
          initialMs: counters.startupInitialInterval,
          maxMs: counters.startupMaxInterval,
          maxElapsedMs: counters.startupMaxElapsedTime,
          log: (message) => this.logger.warn(message),
        });
        if (this.activeConnectionHealth) this.followConnection(client);
      }
    }
    this.health.set(KVSTORE_HEALTH_COMPONENT, true);
    this.logger.log(`connected to the ${this.pools.map((p) => p.label).join(' and ')} store`);
  }

  /**
   * KVSTORE_HEALTH_CHECK_ACTIVE_CONNECTION: health follows whether every client is connected and
   * answering. A PING a second finds a store that stopped answering with its socket open (frozen,
   * partitioned) even without traffic: its timeout drops the connection, which turns health off
   * until a connection is ready again (in sentinel mode, usually to the promoted replica).
   */
  private followConnection(client: RedisClient): void {
    if (!(client instanceof Cluster)) {
      this.stopProbes.push(probeAnswers(client, HEALTH_PROBE_INTERVAL_MS));
    }
    const update = () => {
      const connected = this.pools.every((pool) => pool.clients.every((c) => c.status === 'ready'));
      this.health.set(KVSTORE_HEALTH_COMPONENT, connected);
    };
    client.on('ready', update);
    client.on('close', update);
    client.on('end', update);
  }

  async onApplicationShutdown(): Promise<void> {
    for (const stop of this.stopProbes) stop();
    await Promise.all(
      this.pools.flatMap((pool) =>
        pool.clients.map((client) => client.quit().catch(() => client.disconnect())),
      ),
    );
  }

  increment(batch: readonly CounterIncrement[]): Promise<number[]> {
    // The common case goes straight to the batcher: one promise per decision.
    if (this.perSecond === undefined && !this.primary.isCluster) {
      return this.primary.batcher.add(batch);
    }
    return this.perStore(batch, (pool, items) =>
      this.incrementIn(pool, items).catch((error) => explain(pool, error)),
    );
  }

  read(counters: readonly CounterIncrement[]): Promise<number[]> {
    return this.perStore(counters, async (pool, items) => {
      const client = pool.take();
      const get = (key: string) =>
        client.get(key).then((value) => (value === null ? 0 : Number(value)));
      const parts = await Promise.all(
        items.map((item) => {
          // A token bucket has no plain value: the script with no hits reads it.
          if (item.bucket !== undefined) return this.script(client, [{ ...item, hits: 0 }]);
          if (item.previousKey === undefined) return get(item.key).then((count) => [count]);
          return Promise.all([get(item.key), get(item.previousKey)]);
        }),
      ).catch((error: unknown) => {
        countTimeoutAgainst(client, error);
        return explain(pool, error);
      });
      return parts.flat();
    });
  }

  /** One DEL per key: keys of different descriptors may live in different cluster slots. */
  override async reset(counters: readonly CounterIncrement[]): Promise<void> {
    await this.perStore(counters, async (pool, items) => {
      const client = pool.take();
      await Promise.all(keysOf(items).map((key) => client.del(key))).catch((error: unknown) =>
        explain(pool, error),
      );
      return [];
    });
  }

  /** Per-second windows go to the per-second store when there is one; both stores in parallel. */
  private async perStore(
    batch: readonly CounterIncrement[],
    run: (pool: RedisPool, items: readonly CounterIncrement[]) => Promise<number[]>,
  ): Promise<number[]> {
    const perSecond = this.perSecond;
    if (perSecond === undefined) return run(this.primary, batch);
    const inPerSecond = batch.map((item) => item.windowSeconds === 1);
    if (!inPerSecond.includes(false)) return run(perSecond, batch);
    if (!inPerSecond.includes(true)) return run(this.primary, batch);
    const [perSecondCounts, otherCounts] = await Promise.all([
      run(
        perSecond,
        batch.filter((_, i) => inPerSecond[i]),
      ),
      run(
        this.primary,
        batch.filter((_, i) => !inPerSecond[i]),
      ),
    ]);
    // Back to batch order, each counter with its result slots.
    const counts: number[] = [];
    let fromPerSecond = 0;
    let fromOther = 0;
    batch.forEach((item, i) => {
      const slots = resultSlots(item);
      if (inPerSecond[i]) {
        counts.push(...perSecondCounts.slice(fromPerSecond, fromPerSecond + slots));
        fromPerSecond += slots;
      } else {
        counts.push(...otherCounts.slice(fromOther, fromOther + slots));
        fromOther += slots;
      }
    });
    return counts;
  }

  private incrementIn(pool: RedisPool, batch: readonly CounterIncrement[]): Promise<number[]> {
    if (pool.isCluster) return this.incrementInCluster(pool.take(), batch);
    return pool.batcher.add(batch);
  }

  /**
   * One script call per key: the keys of one counter share a hash slot (a sliding window's two
   * keys have one hash tag), and a key counted twice in one decision is counted by one call in
   * batch order. Separate calls could be answered out of order when the cluster client retries
   * one of them (a redirection, CLUSTERDOWN), giving the later descriptor the earlier count.
   */
  private async incrementInCluster(
    client: RedisClient,
    batch: readonly CounterIncrement[],
  ): Promise<number[]> {
    if (batch.length === 1) return this.script(client, batch);
    const groups = new Map<string, { items: CounterIncrement[]; reply: number[]; at: number }>();
    for (const item of batch) {
      const group = groups.get(item.key);
      if (group === undefined) groups.set(item.key, { items: [item], reply: [], at: 0 });
      else group.items.push(item);
    }
    await Promise.all(
      [...groups.values()].map(async (group) => {
        group.reply = await this.script(client, group.items);
      }),
    );
    // Back to batch order: each key's reply holds its counters' slots in their batch order.
    const counts: number[] = [];
    for (const item of batch) {
      const group = groups.get(item.key)!;
      const slots = resultSlots(item);
      for (let s = 0; s < slots; s++) counts.push(group.reply[group.at + s]);
      group.at += slots;
    }
    return counts;
  }

  /** One script call for every counter of the decisions batched together (single and sentinel). */
  private runScript(pool: RedisPool, batch: readonly CounterIncrement[]): Promise<number[]> {
    return this.script(pool.take(), batch);
  }

  private script(client: RedisClient, batch: readonly CounterIncrement[]): Promise<number[]> {
    const keys: string[] = [];
    const args: (string | number)[] = [];
    for (let i = 0; i < batch.length; i++) {
      const item = batch[i];
      keys.push(item.key);
      const { bucket } = item;
      if (bucket !== undefined) {
        args.push(
          bucket.debit === true ? 'd' : 't',
          item.hits,
          bucket.capacity,
          bucket.refillPerMs,
          bucket.nowMs,
          this.ttl(item),
        );
      } else if (item.previousKey !== undefined) {
        keys.push(item.previousKey);
        args.push('s', item.hits, this.ttl(item));
      } else {
        args.push('f', item.hits, this.ttl(item));
      }
    }
    return (client as unknown as CounterCommands)
      .incrementCounters(keys.length, ...keys, ...args)
      .catch((error: unknown) => {
        countTimeoutAgainst(client, error);
        throw error;
      });
  }

  private ttl(item: CounterIncrement): number {
    return this.jitterMax > 0
      ? item.windowSeconds + Math.floor(Math.random() * this.jitterMax)
      : item.windowSeconds;
  }
}
