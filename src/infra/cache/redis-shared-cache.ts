import { Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Cluster } from 'ioredis';
import { countTimeoutAgainst } from '../counters/redis/connection-recovery';
import type { RedisClient } from '../counters/redis/redis-client.factory';
import { newGeneration } from './cache-generation';
import { CacheLookup, SharedCache, SharedCacheError } from './shared-cache.port';

/**
 * The cache in Redis (single, sentinel or cluster), shared by every instance using the same store
 * and key prefix. Per namespace, `<prefix><namespace>:generation` holds a random generation, and
 * each entry `<prefix><namespace>:entry:<key>` holds `<generation>\n<value>` with a TTL.
 * - lookup: the generation and the entry in one round trip (MGET; in cluster mode, where the two
 *   keys may live on different nodes, two GETs sent together); an entry of another generation is
 *   a miss. A missing generation (a new or flushed store) is created and the lookup is a miss.
 * - invalidate: a new generation (SET), seen by every instance at its next lookup. Entries of
 *   older generations are left to their TTL.
 * Errors reject with SharedCacheError: callers serve without the cache. The connection follows a
 * sentinel failover and drops on READONLY or a timeout as the counters' does (redis-client.factory).
 * It is no health component: content is served without the cache while the store is away.
 */
export class RedisSharedCache extends SharedCache implements OnModuleInit, OnApplicationShutdown {
  readonly kind = 'kvstore';
  private readonly logger = new Logger('SharedCache');
  private lastLogged = 0;

  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    private readonly description: string,
  ) {
    super();
    // Connection errors arrive on every reconnect attempt: logged at most once per 10 s.
    client.on('error', (error: Error) => this.throttledWarn(error.message));
  }

  /** Connects without holding the boot: while the store is away, every lookup is a miss. */
  async onModuleInit(): Promise<void> {
    try {
      await this.client.connect();
      this.logger.log(`connected to ${this.description}`);
    } catch (error) {
      this.throttledWarn(`${(error as Error).message}; serving without the cache meanwhile`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }

  async lookup(namespace: string, key: string): Promise<CacheLookup> {
    const generationKey = this.generationKey(namespace);
    const [generation, entry] = await this.run(() =>
      this.client instanceof Cluster
        ? Promise.all([
            this.client.get(generationKey),
            this.client.get(this.entryKey(namespace, key)),
          ])
        : this.client.mget(generationKey, this.entryKey(namespace, key)),
    );
    if (generation === null) {
      await this.run(() => this.client.set(generationKey, newGeneration(), 'NX'));
      return { generation: undefined, value: undefined };
    }
    const separator = entry === null ? -1 : entry.indexOf('\n');
    if (entry === null || separator < 0 || entry.slice(0, separator) !== generation) {
      return { generation, value: undefined };
    }
    return { generation, value: entry.slice(separator + 1) };
  }

  async store(
    namespace: string,
    key: string,
    generation: string,
    value: string,
    ttlMs: number,
  ): Promise<void> {
    if (ttlMs <= 0) return;
    await this.run(() =>
      this.client.set(this.entryKey(namespace, key), `${generation}\n${value}`, 'PX', ttlMs),
    );
  }

  async invalidate(namespace: string): Promise<void> {
    await this.run(() => this.client.set(this.generationKey(namespace), newGeneration()));
  }

  private generationKey(namespace: string): string {
    return `${this.prefix}${namespace}:generation`;
  }

  private entryKey(namespace: string, key: string): string {
    return `${this.prefix}${namespace}:entry:${key}`;
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      // A timeout drops the connection (connection-recovery.ts): later lookups miss at once while
      // it reconnects, instead of each waiting the timeout on a store that does not answer.
      countTimeoutAgainst(this.client, error);
      throw new SharedCacheError(`${this.description}: ${(error as Error).message}`);
    }
  }

  private throttledWarn(message: string): void {
    if (Date.now() - this.lastLogged < 10_000) return;
    this.lastLogged = Date.now();
    this.logger.warn(`${this.description}: ${message}`);
  }
}
