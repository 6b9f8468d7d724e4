import {
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import { SharedCache } from '../../infra/cache/shared-cache.port';
import type { Counter } from '../../infra/stats/counter';
import { StatsRegistry } from '../../infra/stats/registry';
import { Settings } from '../../settings/settings';
import type { GraphqlOperation, GraphqlResult } from '../graphql/content-graphql';
import type { GqlSchemaDefinition } from '../model/content-model';
import { ContentModelSource } from '../model/content-model.source';
import { CONTENT_TAG, type ChangedElement, writeTags } from './cache-tags';
import { isCacheableRequest, skipsCache } from './cacheability';
import { ContentScheduleRepository } from './content-schedule.repository';
import { InvalidationWebhook } from './invalidation-webhook';
import { resultCacheKey } from './result-cache-key';
import { resultSettingsFingerprint } from './result-cache-settings';

/** The namespace of GraphQL results in the shared cache. */
export const RESULT_NAMESPACE = 'graphql';
/**
 * In every key: entries stored in another shape (by an older version sharing Redis) are never
 * read. 2: `{ result, tags }`.
 */
const ENTRY_FORMAT = 2;

/** Statistics of the result cache (debug `/stats`). */
export const CACHE_STATS = {
  hits: 'content.graphql_cache.hits',
  misses: 'content.graphql_cache.misses',
  errors: 'content.graphql_cache.errors',
  invalidations: 'content.graphql_cache.invalidations',
} as const;

/** One operation of a request, with what decides whether and under which key it is cached. */
export interface CachedOperation {
  readonly schema: GqlSchemaDefinition;
  readonly operation: GraphqlOperation;
  /** Chosen by an admin with X-Craft-Gql-Schema. */
  readonly privileged: boolean;
  /** The request's `X-Craft-Gql-Cache` header. */
  readonly cacheHeader: string | undefined;
  /**
   * Gets the cache tags of the result (cache-tags.ts), for anonymous requests on the public
   * schema: from the entry, or from the execution, which must record them into this same set.
   */
  readonly tags?: Set<string>;
}

/** A stored entry: the result, and its cache tags when the execution recorded them. */
interface StoredResult {
  readonly result: GraphqlResult;
  readonly tags?: readonly string[];
}

/** The next scheduled status change as known for one generation of the cache. */
interface Schedule {
  readonly generation: string;
  readonly nextChangeMs: number | null;
}

/**
 * Cached GraphQL results (Craft's enableGraphqlCaching, spec §6.3), in the shared cache (memory or
 * Redis): keyed by schema, model version, site, settings, query text, variables and operation
 * name; not for mutations, results with errors, or `X-Craft-Gql-Cache: no-cache` requests.
 *
 * Every write path (mutations, importer, seeder) calls `invalidate()` after its transaction
 * commits; a model change invalidates too, and so does each instance's start (a cache may hold
 * results of another database). An entry lives at most GRAPHQL_CACHE_TTL, and never past the next
 * scheduled post or expiry date. When the store fails, requests run uncached; a failed
 * invalidation keeps this instance off the cache until it succeeds.
 */
@Injectable()
export class GraphqlResultCache implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('GraphqlResultCache');
  private readonly enabled: boolean;
  private readonly ttlMs: number;
  private readonly maxEntryBytes: number;
  private readonly settingsFingerprint: string;
  private readonly stats: Record<keyof typeof CACHE_STATS, Counter> | undefined;
  private readonly unsubscribe: () => void;
  /** An invalidation that did not reach the store: this instance must not read it meanwhile. */
  private pendingInvalidation = true;
  private schedule: Schedule | undefined;
  /** The generation the latest lookup saw (what `untilNextStatusChange` memoises by). */
  private lastGeneration: string | undefined;
  private lastWarning = 0;

  constructor(
    settings: Settings,
    private readonly cache: SharedCache,
    private readonly models: ContentModelSource,
    private readonly clock: Clock,
    private readonly schedules: ContentScheduleRepository,
    @Optional() stats?: StatsRegistry,
    @Optional() private readonly webhook?: InvalidationWebhook,
  ) {
    this.enabled = settings.content.cache;
    this.ttlMs = settings.content.cacheTtl;
    this.maxEntryBytes = settings.content.cacheMaxEntryBytes;
    this.settingsFingerprint = `${ENTRY_FORMAT}:${resultSettingsFingerprint(settings)}`;
    this.stats = stats && {
      hits: stats.counter(CACHE_STATS.hits),
      misses: stats.counter(CACHE_STATS.misses),
      errors: stats.counter(CACHE_STATS.errors),
      invalidations: stats.counter(CACHE_STATS.invalidations),
    };
    this.unsubscribe = models.onChange(() => void this.invalidate());
  }

  /**
   * Results stored by an earlier process may come from another database or content. Nothing
   * changed for CDNs: no webhook.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.clear();
    if (this.enabled)
      this.logger.log(
        `GraphQL results are cached (${this.cache.kind === 'kvstore' ? 'Redis, shared by the instances using it' : 'process memory'}) for up to ${Math.round(this.ttlMs / 1000)} s`,
      );
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /**
   * Makes every cached result stale, on every instance sharing the cache, after a write commits,
   * and tells the invalidation webhook what changed: the `changed` elements (a mutation), or
   * everything (CONTENT_TAG: an import, the seed, a model change). Never throws: a store that
   * does not answer is retried before this instance reads the cache again.
   */
  async invalidate(changed?: readonly ChangedElement[]): Promise<void> {
    await this.clear();
    this.webhook?.notify(
      changed === undefined ? [CONTENT_TAG] : writeTags(this.models.current, changed),
    );
  }

  private async clear(): Promise<void> {
    this.stats?.invalidations.inc();
    this.schedule = undefined;
    this.lastGeneration = undefined;
    try {
      await this.cache.invalidate(RESULT_NAMESPACE);
      this.pendingInvalidation = false;
    } catch (error) {
      this.pendingInvalidation = true;
      this.warn(`could not invalidate the GraphQL result cache: ${messageOf(error)}`);
    }
  }

  /** The cached result of the operation, or `execute()`'s, stored when it may be cached. */
  async answer(
    request: CachedOperation,
    execute: () => Promise<GraphqlResult>,
  ): Promise<GraphqlResult> {
    const { operation } = request;
    if (
      !this.enabled ||
      skipsCache(request.cacheHeader) ||
      !isCacheableRequest(operation.query, operation.variables)
    )
      return execute();
    if (this.pendingInvalidation) {
      await this.clear();
      if (this.pendingInvalidation) return execute();
    }
    const model = this.models.current;
    const key = resultCacheKey({
      schemaUid: request.schema.uid,
      modelVersion: model.version,
      siteId: model.primarySite.id,
      privileged: request.privileged,
      settings: this.settingsFingerprint,
      query: operation.query,
      variables: operation.variables,
      operationName: operation.operationName,
    });
    let generation: string | undefined;
    try {
      const found = await this.cache.lookup(RESULT_NAMESPACE, key);
      generation = found.generation;
      this.lastGeneration = generation;
      const stored =
        found.value === undefined ? undefined : (JSON.parse(found.value) as StoredResult);
      // An entry stored without tags (by a token on the public schema) is run again for an
      // answer that needs them.
      if (stored !== undefined && (request.tags === undefined || stored.tags !== undefined)) {
        this.stats?.hits.inc();
        for (const tag of stored.tags ?? []) request.tags?.add(tag);
        return stored.result;
      }
    } catch (error) {
      this.failed(error);
      return execute();
    }
    this.stats?.misses.inc();
    const result = await execute();
    if (generation !== undefined && result.errors === undefined)
      await this.store(key, generation, {
        result,
        ...(request.tags !== undefined && { tags: [...request.tags] }),
      });
    return result;
  }

  /**
   * Milliseconds until the content next changes by itself (a post or expiry date), null when no
   * such date is ahead: how long a CDN may keep an answer. Read once per cache generation (as the
   * entries' TTL is); with the cache off or unavailable, read from the store each time. A store
   * that fails answers 0 (nothing may be kept).
   */
  async untilNextStatusChange(): Promise<number | null> {
    const now = this.clock.nowMs();
    try {
      const generation = this.pendingInvalidation ? undefined : this.lastGeneration;
      const next =
        generation === undefined
          ? toMs(await this.schedules.nextStatusChange(new Date(now)))
          : (await this.scheduleOf(generation, now)).nextChangeMs;
      return next === null ? null : Math.max(0, next - now);
    } catch (error) {
      this.warn(`could not read the next scheduled status change: ${messageOf(error)}`);
      return 0;
    }
  }

  private async store(key: string, generation: string, entry: StoredResult): Promise<void> {
    try {
      const text = JSON.stringify(entry);
      if (Buffer.byteLength(text) > this.maxEntryBytes) return;
      const ttl = await this.ttlFor(generation);
      if (ttl > 0) await this.cache.store(RESULT_NAMESPACE, key, generation, text, ttl);
    } catch (error) {
      this.failed(error);
    }
  }

  /** GRAPHQL_CACHE_TTL, cut short by the next scheduled status change (known per generation). */
  private async ttlFor(generation: string): Promise<number> {
    const now = this.clock.nowMs();
    const schedule = await this.scheduleOf(generation, now);
    return schedule.nextChangeMs === null
      ? this.ttlMs
      : Math.min(this.ttlMs, schedule.nextChangeMs - now);
  }

  /** The next scheduled status change, read once per generation and again once it has passed. */
  private async scheduleOf(generation: string, now: number): Promise<Schedule> {
    let schedule = this.schedule;
    if (
      schedule === undefined ||
      schedule.generation !== generation ||
      (schedule.nextChangeMs !== null && schedule.nextChangeMs <= now)
    ) {
      const next = await this.schedules.nextStatusChange(new Date(now));
      schedule = { generation, nextChangeMs: toMs(next) };
      this.schedule = schedule;
    }
    return schedule;
  }

  private failed(error: unknown): void {
    this.stats?.errors.inc();
    this.warn(`GraphQL result cache unavailable, answering without it: ${messageOf(error)}`);
  }

  /** At most one warning per 10 s: a store that is down fails every request. */
  private warn(message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < 10_000) return;
    this.lastWarning = now;
    this.logger.warn(message);
  }
}

function toMs(date: Date | null): number | null {
  return date === null ? null : date.getTime();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
